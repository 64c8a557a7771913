/**
 * What an install relies on: `postinstall` builds the CLI (`prepack` switches it off with pinst and
 * `postpack` back on, so a pack stopped in between leaves package.json changed; it must never be
 * committed so), and the command says what to do when the build has not run.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
const temp = mkdtempSync(path.join(os.tmpdir(), 'lb-bin-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the package scripts', () => {
  it('build the CLI on install, with the build switched back on after a pack', () => {
    expect(pkg.scripts.postinstall).toBe('npm run build');
    expect(pkg.scripts._postinstall).toBeUndefined();
    expect(pkg.scripts.prepack).toMatch(/pinst --disable$/);
    expect(pkg.scripts.postpack).toBe('pinst --enable');
  });
});

describe('the command without its build', () => {
  it('says the CLI is not built and how to build it, without a stack trace', () => {
    const root = path.join(temp, 'installed package');
    mkdirSync(path.join(root, 'bin'), { recursive: true });
    copyFileSync('bin/leaderboard.js', path.join(root, 'bin', 'leaderboard.js'));
    writeFileSync(path.join(root, 'package.json'), '{"type":"module"}\n');
    const r = spawnSync(process.execPath, [path.join(root, 'bin', 'leaderboard.js'), '--version'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Error: the leaderboard CLI is not built (${path.join(root, 'dist', 'bundle', 'index.js')} is missing).\nHint: run \`npm run build\` in ${root}, or install the package again.\n`);
  });
});
