/**
 * `leaderboard build` from a read-only install of the package (a Nix store, an image made with
 * `chmod -R a-w`), run by a user other than root, who cannot write where write bits are off: the
 * site is built, built again over itself, and leaves nothing beside it (what an earlier version
 * left is removed). A failure that leaves a folder it cannot remove is told as itself. Run as
 * `nobody` through setpriv, so only where the tests run as root and setpriv is there
 * (tests/unit/site-read-only-page.test.ts checks the modes everywhere).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, tempResources } from './helpers.js';
import { hoursAgo } from '../support/recent.js';

const { newRepo, tempDir } = tempResources();
const CHECKOUT = path.resolve('.');
const SETPRIV = '/usr/bin/setpriv';
const asRoot = process.getuid?.() === 0 && existsSync(SETPRIV);

/** `node args` as nobody, with a home of its own. */
function asNobody(args: string[], cwd: string, home: string) {
  return spawnSync(SETPRIV, ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, ...args], {
    cwd, encoding: 'utf8', timeout: 120_000, env: { PATH: process.env.PATH ?? '', HOME: home, LANG: 'C' },
  });
}

/** A folder nobody owns, reachable through the temp folders (mkdtemp makes them 0700). */
async function nobodysFolder(): Promise<string> {
  const root = await tempDir('lb-nobody-');
  chmodSync(root, 0o755);
  const dir = path.join(root, 'home');
  mkdirSync(dir);
  expect(spawnSync('chown', ['nobody:nogroup', dir]).status).toBe(0);
  return dir;
}

describe.skipIf(!asRoot)('a read-only install, run by another user', () => {
  it('builds the site and builds it again over itself, leaving nothing beside it', async () => {
    // The installed package: what npm puts in place, with every write bit off.
    const pkgRoot = await tempDir('lb-ro-pkg-');
    chmodSync(pkgRoot, 0o755);
    const pkg = path.join(pkgRoot, 'contributor-leaderboard');
    for (const entry of ['package.json', 'bin', path.join('dist', 'bundle'), path.join('dist', 'web')]) cpSync(path.join(CHECKOUT, entry), path.join(pkg, entry), { recursive: true });
    symlinkSync(path.join(CHECKOUT, 'node_modules'), path.join(pkg, 'node_modules'), 'dir');
    expect(spawnSync('chmod', ['-R', 'a-w', pkg]).status).toBe(0);

    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n'.repeat(30) }, message: 'feat: a', author: { name: 'Nix User', email: 'nix@example.com' }, date: hoursAgo(3) });
    expect(cli(repo.dir, ['refresh', '--quiet']).code).toBe(0);
    const home = await nobodysFolder();
    cpSync(path.join(repo.dir, '.leaderboard'), path.join(home, 'data'), { recursive: true });
    expect(spawnSync('chown', ['-R', 'nobody:nogroup', path.join(home, 'data')]).status).toBe(0);

    // What a failed build of an earlier version left: a half-made site with a read-only folder.
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    const leftover = path.join(home, `.site.new-${dead}-0a1b2c3d`);
    mkdirSync(path.join(leftover, 'assets'), { recursive: true });
    writeFileSync(path.join(leftover, 'assets', 'app.js'), '1');
    expect(spawnSync('chown', ['-R', 'nobody:nogroup', leftover]).status).toBe(0);
    expect(spawnSync('chmod', ['-R', 'a-w', leftover]).status).toBe(0);

    const build = () => asNobody([path.join(pkg, 'bin', 'leaderboard.js'), 'build', '--no-refresh', '--data-dir', 'data', '--out', 'site'], home, home);
    for (const attempt of [1, 2]) {
      const r = build();
      expect(r.stderr, `build ${attempt}`).toBe('');
      expect(r.status).toBe(0);
    }
    expect(readdirSync(home).sort()).toEqual(['data', 'site']);
    expect(readdirSync(path.join(home, 'site'))).toContain('leaderboard-data.json');
  });

  it('tells the error that stopped a replacement, not that the folder it left could not be removed', async () => {
    const home = await nobodysFolder();
    const module = pathToFileURL(path.join(CHECKOUT, 'dist', 'core', 'site', 'replace-dir.js')).href;
    // A fill that made a folder without write permission (as fs.cp of a read-only page did), then failed.
    const script = `import { mkdir, writeFile, chmod } from 'node:fs/promises';
      import { replaceDirectory } from ${JSON.stringify(module)};
      await replaceDirectory('site', async (dir) => {
        await mkdir(dir + '/assets');
        await writeFile(dir + '/assets/app.js', '1');
        await chmod(dir + '/assets', 0o555);
        throw new Error('the disk is full');
      }).catch((err) => console.log(err.message));`;
    writeFileSync(path.join(home, 'fill.mjs'), script);
    const r = asNobody(['fill.mjs'], home, home);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('the disk is full\n');
    expect(readdirSync(home)).toEqual(['fill.mjs']);
  });
});
