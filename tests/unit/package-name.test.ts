/**
 * The npm name `leaderboard` belongs to an unrelated library: every text that tells someone what
 * to install (README, CLI help, messages, generated workflows, tests) must name the package
 * through PACKAGE_NAME. The command stays `leaderboard`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/core/config.js';
import { PACKAGE_NAME, packageSpec, TOOL_VERSION } from '../../src/core/version.js';
import { githubActionsWorkflow, defaultPackageSpec } from '../../src/core/workflow/github-actions.js';
import { runCli } from '../support/cli.js';

/** Flags of npm commands that take a value (the value is not a package). */
const VALUED = new Set(['--prefix', '--registry', '--pack-destination', '--location', '--cache', '-w', '--workspace', '--userconfig', '--tag']);
const NPM = /\bnpm\s+(?:install|i|add|view|info|uninstall|un|remove|rm|update|exec)\b([^\n`'"&;|#)]*)/g;
const NPX_PACKAGE = /\bnpx\b[^\n`'"&;|#]*?(?:-p|--package)[\s=]+([^\s`'"]+)/g;
const VERSIONED = /(?<![\w./@-])((?:@[\w.-]+\/)?[a-z0-9][\w.-]*)@(?:\d+\.\d+[\w.+-]*|latest|next|<[\w ]+>|\$\{)/g;

/** The package specs a text tells someone to install, run or look up with npm or npx. */
export function packageSpecsIn(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(NPM)) {
    const words = (m[1] ?? '').trim().split(/\s+/).filter(Boolean);
    // Words up to the end of the command in prose: a bracket opens an aside, a comma ends it.
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as string;
      if (w.startsWith('(')) break;
      if (VALUED.has(w)) i++;
      else if (!w.startsWith('-')) specs.push(w.length > 1 ? w.replace(/[,.:)]+$/, '') : w);
      if (/[,:)]$/.test(w)) break;
    }
  }
  for (const m of text.matchAll(NPX_PACKAGE)) specs.push(m[1] as string);
  // `git@host:...` is an SSH address, not a package.
  for (const m of text.matchAll(VERSIONED)) if (m[1] !== 'git') specs.push(`${m[1]}@`);
  return specs;
}

/** The package a spec names; null for a folder, a file, a URL or a placeholder, which name none. */
function packageOf(spec: string): string | null {
  if (/^(?:\.|\/|~|\$|https?:|file:|git\+|<)/.test(spec) || spec.endsWith('.tgz')) return null;
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  return at === -1 ? spec : spec.slice(0, at);
}

/** Specs naming a package other than ours. */
function strangers(text: string): string[] {
  return packageSpecsIn(text).filter((s) => {
    const name = packageOf(s);
    return name !== null && name !== PACKAGE_NAME;
  });
}

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs|js|md|json|html|yml|yaml)$/.test(f) && !f.startsWith('tests/fixtures/') && f !== 'package-lock.json' && f !== 'tests/unit/package-name.test.ts');

describe('the package name', () => {
  it('is one constant, and this version is installed by it', () => {
    expect(PACKAGE_NAME).toBe('contributor-leaderboard');
    expect((JSON.parse(readFileSync('package.json', 'utf8')) as { name: string }).name).toBe(PACKAGE_NAME);
    expect(packageSpec()).toBe(`contributor-leaderboard@${TOOL_VERSION}`);
    expect(defaultPackageSpec()).toBe(packageSpec());
  });

  it('finds a stranger package in a text (the check can fail)', () => {
    expect(strangers('run `npm install -g leaderboard@0.1.0` first')).toEqual(['leaderboard@0.1.0', 'leaderboard@']);
    expect(strangers('npx -p leaderboard leaderboard serve')).toEqual(['leaderboard']);
    expect(strangers('npm install --save-dev leaderboard && npx leaderboard serve')).toEqual(['leaderboard']);
    expect(strangers('default leaderboard@<this version>')).toEqual(['leaderboard@']);
    expect(strangers(`npm install -g ${PACKAGE_NAME}@latest; npx -p ${PACKAGE_NAME} leaderboard serve; npm install -g --ignore-scripts .`)).toEqual([]);
  });

  it('no tracked text names another package to install, run or look up', () => {
    const found = tracked.flatMap((file) => strangers(readFileSync(file, 'utf8')).map((s) => `${file}: ${s}`));
    // Only what the project itself installs for its own development may be named besides ours.
    const own = new Set(Object.keys({ ...(JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> }).devDependencies }));
    expect(found.filter((f) => !own.has(packageOf(f.slice(f.indexOf(': ') + 2)) ?? ''))).toEqual([]);
    expect(tracked).toContain('README.md');
  });

  it('the CLI help of every command and the generated workflows name the package by the constant', () => {
    const top = runCli(['--help']).stdout;
    expect(top).toContain(`npm install -g ${PACKAGE_NAME}`);
    const commands = [...top.slice(top.indexOf("Commands:")).matchAll(/^ {2}([a-z-]+)/gm)].map((m) => m[1] as string).filter((c) => c !== 'help');
    expect(commands).toEqual(expect.arrayContaining(['serve', 'refresh', 'build', 'init']));
    const helps = [top, ...commands.map((c) => runCli([c, '--help']).stdout), runCli(['init', 'github-actions', '--help']).stdout];
    expect(helps.flatMap(strangers)).toEqual([]);
    expect(helps.join('\n')).toContain(packageSpec());

    const config = defaultConfig();
    const single = githubActionsWorkflow({ schedule: '17 4 * * *', packageSpec: defaultPackageSpec(), branch: 'main', cachedFiles: ['.leaderboard/score-cache.json'], aiProvider: config.ai.provider });
    const matrix = githubActionsWorkflow({ schedule: '17 4 * * *', packageSpec: defaultPackageSpec(), branch: 'main', cachedFiles: ['.leaderboard/score-cache.json'], aiProvider: config.ai.provider, repositories: ['api', 'web'] });
    for (const text of [single, matrix]) {
      expect(strangers(text)).toEqual([]);
      expect(text).toContain(`npm install -g ${packageSpec()}`);
    }
  });
});
