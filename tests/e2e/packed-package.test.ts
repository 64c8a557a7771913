/**
 * The package a stranger installs: `npm pack` of a copy of this checkout (its prepack builds it),
 * then `npm install -g contributor-leaderboard` into a fresh prefix from a loopback registry that
 * serves that tarball and the locked dependencies (support/npm-registry.ts). The installed
 * `leaderboard`, with nothing of the checkout on the PATH, then runs on a small repository:
 * --version, refresh, build and serve.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, realpathSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLeaderboardData } from '../../src/shared/data-file.js';
import { PACKAGE_NAME, TOOL_VERSION } from '../../src/core/version.js';
import { readRawData, tempResources } from '../cli/helpers.js';
import { gitIsolationVars } from '../support/git-repo.js';
import { GQL_TOKEN, startGraphqlEmulator, type GqlEmulator } from '../support/github-graphql-emulator.js';
import { startNpmRegistry, type NpmRegistry } from '../support/npm-registry.js';
import { ENGINE_WARNING, npmEnv, pathWithout, runAsync, SOURCES } from '../support/npm-run.js';
import { hoursAgo } from '../support/recent.js';

const { newRepo, tempDir } = tempResources();
const CHECKOUT = path.resolve('.');
const PACKED_BUDGET = 1024 * 1024;

let registry: NpmRegistry | undefined;
let emu: GqlEmulator | undefined;
afterAll(async () => { await registry?.close(); await emu?.close(); });

describe('the packed package', () => {
  let tarball = '';
  let files: string[] = [];
  let packedJson: Record<string, unknown> & { name: string; version: string; scripts?: Record<string, string> } = { name: '', version: '' };
  let copy = '';

  beforeAll(async () => {
    copy = await tempDir('lb-pack-src-');
    for (const entry of SOURCES) if (existsSync(path.join(CHECKOUT, entry))) cpSync(path.join(CHECKOUT, entry), path.join(copy, entry), { recursive: true });
    symlinkSync(path.join(CHECKOUT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    const out = await tempDir('lb-pack-out-');
    const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: copy, env: npmEnv(), encoding: 'utf8', timeout: 300_000 });
    expect(pack.status, pack.stderr).toBe(0);
    const [info] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
    tarball = path.join(out, info!.filename);
    files = info!.files.map((f) => f.path);
    packedJson = JSON.parse(spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout) as typeof packedJson;
    registry = await startNpmRegistry(path.join(CHECKOUT, 'package-lock.json'));
    registry.publish(tarball, packedJson);
  }, 300_000);

  it('is named by the constant, under the 1 MB budget, and holds what runs and nothing else', () => {
    expect(packedJson.name).toBe(PACKAGE_NAME);
    expect(PACKAGE_NAME).toBe('contributor-leaderboard');
    expect(packedJson.version).toBe(TOOL_VERSION);
    expect(statSync(tarball).size).toBeLessThan(PACKED_BUDGET);
    expect(files).toEqual(expect.arrayContaining(['bin/leaderboard.js', 'dist/bundle/index.js', 'dist/web/index.html', 'package.json', 'README.md', 'LICENSE']));
    const unwanted = files.filter((f) => f.startsWith('tests/') || f.startsWith('src/') || f.endsWith('.map') || /\.(ts|tsx|mts|cts)$/.test(f) || f.startsWith('dist/core/'));
    expect(unwanted).toEqual([]);
    // Nothing runs when it is installed: the build is in the tarball. No script npm runs when it
    // installs a dependency (prepare: from git or a folder, but npm 11 lists it for a tarball too);
    // the build's prepare is renamed in the packed package.json (see scripts/pack-manifest.mjs).
    expect(Object.keys(packedJson.scripts ?? {}).filter((s) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(s))).toEqual([]);
    // The copy's package.json is as it was after packing (postpack undid prepack's change).
    expect(readFileSync(path.join(copy, 'package.json'), 'utf8')).toBe(readFileSync(path.join(CHECKOUT, 'package.json'), 'utf8'));
  });

  it('installs by its name into a fresh prefix and runs there with nothing of the checkout', async () => {
    const prefix = await tempDir('lb-pack-prefix-');
    // Not spawnSync: the registry answers from this process's event loop.
    const install = await runAsync('npm', ['install', '-g', '--prefix', prefix, '--registry', registry!.url, PACKAGE_NAME], { cwd: prefix, env: npmEnv() });
    expect(install.status, `${install.stderr}\nnot in the registry: ${registry!.missing.join(', ')}`).toBe(0);
    expect(install.stderr).not.toMatch(/install-scripts|prepare|postinstall/);
    expect(install.stderr).not.toMatch(ENGINE_WARNING);
    const installed = path.join(prefix, 'lib', 'node_modules', PACKAGE_NAME);
    expect(realpathSync(installed).startsWith(realpathSync(prefix))).toBe(true);
    expect(existsSync(path.join(installed, 'dist', 'web', 'index.html'))).toBe(true);

    const repo = await newRepo();
    await repo.commit({ files: { 'src/a.ts': 'export const a = 1;\n'.repeat(30) }, message: 'feat: first feature', author: { name: 'Pat Packer', email: 'pat@example.com' }, date: hoursAgo(3) });
    const env: NodeJS.ProcessEnv = { ...process.env, ...gitIsolationVars(), PATH: pathWithout(CHECKOUT, path.join(prefix, 'bin')), NODE_PATH: '' };
    const run = (args: string[]) => spawnSync('leaderboard', args, { cwd: repo.dir, env, encoding: 'utf8', timeout: 120_000 });

    const version = run(['--version']);
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(TOOL_VERSION);
    const help = run(['--help']);
    expect(help.stdout).toContain(PACKAGE_NAME);

    const refresh = run(['refresh']);
    expect(refresh.status, refresh.stderr).toBe(0);
    const data = readRawData(path.join(repo.dir, '.leaderboard'));
    expect(JSON.stringify(data.leaderboards)).toContain('Pat Packer');

    // Reviews from GitHub: Octokit is in the package's bundle, not among what it installs.
    expect(existsSync(path.join(installed, 'node_modules', '@octokit'))).toBe(false);
    const at = hoursAgo(2);
    emu = await startGraphqlEmulator({ repository: 'acme/packed', issues: [], commits: {}, names: {},
      pulls: [{ number: 4, title: 'Pack it', updatedAt: at, author: 'pat', reviews: [{ state: 'APPROVED', submittedAt: at, author: 'rev' }] }] });
    await repo.writeFile('leaderboard.config.json', JSON.stringify({ github: { repo: 'acme/packed' } }));
    // Not spawnSync: the emulator answers from this process's event loop.
    const withToken = await runAsync('leaderboard', ['refresh'], { cwd: repo.dir, env: { ...env, GITHUB_TOKEN: GQL_TOKEN, GH_TOKEN: '', GITHUB_API_URL: emu.apiUrl } });
    expect(withToken.status, withToken.stderr).toBe(0);
    expect(withToken.stderr).toBe('');
    expect(JSON.parse(readFileSync(path.join(repo.dir, '.leaderboard', 'last-update.json'), 'utf8'))).toMatchObject({ activity: { state: 'ok' } });
    expect(Object.values(readRawData(path.join(repo.dir, '.leaderboard')).leaderboards.weekly).flat()).toContainEqual(expect.objectContaining({ name: 'rev', review_count: 1 }));

    const site = path.join(await tempDir('lb-pack-site-'), 'site');
    const build = run(['build', '--out', site]);
    expect(build.status, build.stderr).toBe(0);
    expect(readFileSync(path.join(site, 'index.html'), 'utf8')).toContain('<div id="root">');
    expect(existsSync(path.join(site, 'leaderboard-data.json'))).toBe(true);

    const serve = spawn('leaderboard', ['serve', '--no-open', '--port', '0'], { cwd: repo.dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      serve.stdout.on('data', (d: Buffer) => { out += d.toString(); });
      serve.stderr.on('data', (d: Buffer) => { out += d.toString(); });
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`serve printed no address:\n${out}`)), 60_000);
        serve.stdout.on('data', () => {
          const m = /Leaderboard: (http:\/\/\S+)/.exec(out);
          if (m?.[1]) { clearTimeout(timer); resolve(m[1]); }
        });
        serve.once('exit', (code) => { clearTimeout(timer); reject(new Error(`serve exited with ${code}:\n${out}`)); });
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const served = await fetch(new URL('leaderboard-data.json', url));
      expect(served.status).toBe(200);
      const board = parseLeaderboardData(await served.json());
      expect(Object.values(board.leaderboards.weekly).flat().map((e) => e.name)).toContain('Pat Packer');
    } finally {
      serve.kill('SIGTERM');
    }
  }, 300_000);

  it('installs from the tarball file itself without a word about install scripts', async () => {
    const prefix = await tempDir('lb-pack-file-');
    const install = await runAsync('npm', ['install', '-g', '--prefix', prefix, '--registry', registry!.url, tarball], { cwd: prefix, env: npmEnv() });
    expect(install.status, install.stderr).toBe(0);
    expect(install.stderr).not.toMatch(/install-scripts|prepare|postinstall/);
    const version = spawnSync(path.join(prefix, 'bin', 'leaderboard'), ['--version'], { encoding: 'utf8' });
    expect(version.stdout.trim(), version.stderr).toBe(TOOL_VERSION);
  }, 300_000);

  it('installs as a dev dependency of a JavaScript project, and npx runs it there', async () => {
    const project = await newRepo();
    await project.writeFile('package.json', JSON.stringify({ name: 'some-app', version: '1.0.0', private: true }));
    await project.commit({ files: { 'index.js': 'console.log(1);\n'.repeat(25) }, message: 'feat: app', author: { name: 'Dee Dev', email: 'dee@example.com' }, date: hoursAgo(2) });
    const install = await runAsync('npm', ['install', '--save-dev', '--registry', registry!.url, PACKAGE_NAME], { cwd: project.dir, env: npmEnv() });
    expect(install.status, install.stderr).toBe(0);
    expect(install.stderr).not.toMatch(/install-scripts|prepare|postinstall/);
    expect(install.stderr).not.toMatch(ENGINE_WARNING);
    const manifest = JSON.parse(readFileSync(path.join(project.dir, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
    expect(Object.keys(manifest.devDependencies ?? {})).toEqual([PACKAGE_NAME]);
    const env: NodeJS.ProcessEnv = { ...npmEnv(), ...gitIsolationVars(), PATH: pathWithout(CHECKOUT, path.dirname(process.execPath)), npm_config_registry: registry!.url };
    // --no-install: npx must find the project's own `leaderboard`, never fetch a package of that name.
    const refresh = await runAsync('npx', ['--no-install', 'leaderboard', 'refresh'], { cwd: project.dir, env });
    expect(refresh.status, refresh.stderr).toBe(0);
    expect(JSON.stringify(readRawData(path.join(project.dir, '.leaderboard')).leaderboards)).toContain('Dee Dev');
  }, 300_000);
});
