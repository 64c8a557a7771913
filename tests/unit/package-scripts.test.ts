/**
 * What an install relies on. `prepare` builds the CLI: npm runs it on `npm install` in a checkout,
 * for a git install (after installing the dev dependencies the build needs; a `postinstall` ran
 * in the installed package, without them, and failed with `tsc: not found`) and before a pack.
 * The packed package.json has no install script (scripts/pack-manifest.mjs renames `prepare` in
 * prepack and back in postpack); a pack stopped in between leaves a checkout that still builds.
 * And the command says what to do when the build has not run. Installs from git and from the
 * tarball are run for real in tests/e2e/git-install.test.ts and tests/e2e/packed-package.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

type Manifest = { scripts: Record<string, string>; devDependencies: Record<string, string> };
const text = readFileSync('package.json', 'utf8');
const pkg = JSON.parse(text) as Manifest;
const temp = mkdtempSync(path.join(os.tmpdir(), 'lb-bin-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The lifecycle scripts npm runs when it installs a package as a dependency (prepare: from git or a folder). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

describe('the package scripts', () => {
  it('build in prepare, which npm runs in a checkout, for a git install and before a pack, and nowhere else', () => {
    expect(pkg.scripts.prepare).toBe('npm run build');
    for (const name of ['preinstall', 'install', 'postinstall', '_postinstall', 'preprepare']) expect(pkg.scripts[name], name).toBeUndefined();
    expect(pkg.scripts.prepack).toBe('npm run build && node scripts/pack-manifest.mjs pack');
    expect(pkg.scripts.postpack).toBe('node scripts/pack-manifest.mjs unpack');
    expect(pkg.devDependencies.pinst).toBeUndefined();
  });

  it('are packed without an install script, and put back byte for byte, also after a pack stopped half-way', () => {
    const dir = mkdtempSync(path.join(temp, 'pack-'));
    writeFileSync(path.join(dir, 'package.json'), text);
    const run = (way: string) => spawnSync(process.execPath, [path.resolve('scripts/pack-manifest.mjs'), way], { cwd: dir, encoding: 'utf8' });
    const read = () => readFileSync(path.join(dir, 'package.json'), 'utf8');

    expect(run('pack').status).toBe(0);
    const packed = JSON.parse(read()) as Manifest;
    expect(Object.keys(packed.scripts).filter((s) => INSTALL_SCRIPTS.includes(s))).toEqual([]);
    // npm runs preprepare on `npm install` in the project itself, never for a dependency.
    expect(packed.scripts.preprepare).toBe('npm run build');
    expect(read().split('\n').length).toBe(text.split('\n').length);
    // Stopped before postpack, then packed again: nothing more changes; unpacked, as it was.
    expect(run('pack').status).toBe(0);
    expect(JSON.parse(read())).toEqual(packed);
    expect(run('unpack').status).toBe(0);
    expect(read()).toBe(text);
    expect(run('unpack').status).toBe(0);
    expect(read()).toBe(text);

    // A package.json it does not know how to change is left alone, with the reason.
    writeFileSync(path.join(dir, 'package.json'), '{ "scripts": { "build": "x" } }\n');
    const refused = run('pack');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('package.json should have a "prepare" script and no "preprepare" script; it has ["build"].');
    expect(read()).toBe('{ "scripts": { "build": "x" } }\n');
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
