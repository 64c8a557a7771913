/**
 * `init github-actions --package-spec`: the registry package a spec installs is read as npm reads
 * it, so the unrelated npm package `leaderboard` is refused under an alias too (npm:leaderboard
 * installed it as plain `leaderboard` was refused), while aliases of this package and git, file or
 * URL specs named leaderboard are taken. Checked against npm's own parser where npm is installed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_NAME } from '../../src/core/version.js';
import { checkPackageSpec, isGitSpec, registryPackageOf } from '../../src/core/workflow/github-actions.js';

// Joined at run time: tests/unit/package-name.test.ts refuses tracked text naming another package with a version.
const at = (...parts: string[]) => parts.join('@');
const UNRELATED = [
  'leaderboard', 'LeaderBoard', at('leaderboard', 'latest'), at('leaderboard', '0.0.9'), at('leaderboard', '^0.0.9'), at('leaderboard', ''),
  'npm:leaderboard', 'NPM:leaderboard', at('npm:leaderboard', '0.0.9'), at('npm:leaderboard', 'latest'),
  at('leaderboard', 'npm:leaderboard'), at('leaderboard', 'npm:leaderboard', '0.0.9'), at('x', 'npm:leaderboard', '0.0.9'), at('@acme/x', 'npm:leaderboard'),
];
const TAKEN = [
  at(PACKAGE_NAME, '0.1.0'), at(PACKAGE_NAME, 'latest'), PACKAGE_NAME, at('leaderboard', `npm:${PACKAGE_NAME}`), at('leaderboard', `npm:${PACKAGE_NAME}`, '0.1.0'),
  at(`npm:${PACKAGE_NAME}`, '0.1.0'), at('leaderboard', 'github:acme/contributor-leaderboard'), 'github:acme/leaderboard', 'acme/leaderboard',
  at('leaderboard', 'git+https://example.com/acme/leaderboard.git'), 'git+file:///tmp/leaderboard#main', at('leaderboard', 'file:../leaderboard'),
  './leaderboard-0.1.0.tgz', '/opt/leaderboard', 'https://example.com/leaderboard.tgz', at('leaderboard', 'https://example.com/leaderboard.tgz'),
  at('npm:@acme/leaderboard', '1'),
];

/** Specs npm takes from git (the workflow installs them into a folder of their own, not with -g). */
const GIT = [
  'github:acme/leaderboard', at('leaderboard', 'github:acme/contributor-leaderboard#main'), 'GITHUB:acme/leaderboard', 'gitlab:acme/leaderboard', 'bitbucket:acme/leaderboard', 'gist:abc123',
  'acme/leaderboard', 'acme/leaderboard#v1', at('leaderboard', 'acme/leaderboard'), 'git+https://example.com/acme/leaderboard.git', 'git+ssh://git@github.com/acme/leaderboard.git',
  'git+file:///tmp/leaderboard#main', at('leaderboard', 'git+file:///tmp/leaderboard#abc'), 'git://example.com/leaderboard.git', 'git@github.com:acme/leaderboard.git',
  at('leaderboard', 'git@github.com:acme/leaderboard.git'), 'https://github.com/acme/leaderboard', 'https://github.com/acme/leaderboard.git', 'https://gitlab.com/acme/sub/leaderboard',
];
const NOT_GIT = ['https://example.com/acme/leaderboard.git', 'https://codeload.github.com/acme/leaderboard/tar.gz/main'];

describe('--package-spec', () => {
  it('refuses the unrelated npm package leaderboard, by its name or under an alias', () => {
    for (const spec of UNRELATED) {
      expect(() => checkPackageSpec(spec), spec).toThrow(`--package-spec "${spec}" is an unrelated npm package; this tool's package is ${PACKAGE_NAME}.`);
    }
  });

  it('takes this package under any name, and git, file, folder and URL specs named leaderboard', () => {
    for (const spec of TAKEN) expect(checkPackageSpec(spec), spec).toBe(spec);
  });

  // npm's own parser (npm-package-arg, which npm bundles): the registry package our reading names
  // is the one npm would install, for every spec above.
  const npmRoot = (() => {
    try { return execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(); } catch { return ''; }
  })();
  const npaDir = path.join(npmRoot, 'npm', 'node_modules', 'npm-package-arg');
  it.skipIf(!existsSync(npaDir))('reads each spec as npm does', () => {
    const npa = createRequire(import.meta.url)(npaDir) as (spec: string) => { type: string; name: string | null; subSpec?: { type: string; name: string | null } };
    const registryName = (spec: string): string | null => {
      const parsed = npa(spec);
      const target = parsed.type === 'alias' ? parsed.subSpec! : parsed;
      return ['range', 'version', 'tag'].includes(target.type) ? target.name : null;
    };
    for (const spec of [...UNRELATED, ...TAKEN]) expect(registryPackageOf(spec), spec).toBe(registryName(spec));
    // A URL on a git host that npm takes as a tarball may be called git: installed into a folder, it works as well.
    for (const spec of [...UNRELATED, ...TAKEN, ...GIT, ...NOT_GIT]) {
      const type = npa(spec).type;
      if (type !== 'remote' || !/^https?:\/\/[^/]*(github|gitlab|bitbucket)/.test(spec)) expect(isGitSpec(spec), spec).toBe(type === 'git');
    }
  });

  it('tells the specs npm takes from git', () => {
    for (const spec of GIT) expect(isGitSpec(spec), spec).toBe(true);
    for (const spec of [...UNRELATED, ...NOT_GIT, at(PACKAGE_NAME, '0.1.0'), './leaderboard-0.1.0.tgz', '/opt/leaderboard', 'https://example.com/leaderboard.tgz']) expect(isGitSpec(spec), spec).toBe(false);
  });
});
