/**
 * `serve --host ""` listened on every interface, then died on the address it prints ("Unexpected
 * error: TypeError: Invalid URL") and went on serving; a failure after listening now stops the
 * server and ends the command; and `serve --no-refresh` could not serve a data directory it cannot
 * write (a CI artifact, a read-only mount): no serve lock, no server.
 */
import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAiStub } from '../support/ai-stub.js';
import { BIN } from '../support/cli.js';
import { gitIsolationVars } from '../support/git-repo.js';
import { cli, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();
const children = new Set<ReturnType<typeof spawn>>();
const readOnly: string[] = [];
// Before the temp folders go (after hooks run last-registered first): writable again, to be removed.
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const dir of readOnly) chmodRecursive(dir, 0o200);
});

interface Outcome {
  /** The exit code, or 'listening' when it printed its address (it is then stopped with SIGTERM). */
  code: number | 'listening';
  output: string;
  url: string | null;
  /** The exit code after SIGTERM, when it was listening. */
  stopped: number | null;
  /** What `atUrl` returned while it listened. */
  seen: unknown;
}

/**
 * `leaderboard serve --no-open --port 0 ...args`; once it listens, `atUrl` runs and SIGTERM stops
 * it. One that neither exits nor listens in a minute is killed: the test then fails on its output.
 */
function serve(args: string[], spawnOpts: SpawnOptions & { env: NodeJS.ProcessEnv }, atUrl: (url: string) => Promise<unknown> = () => Promise.resolve(null)): Promise<Outcome> {
  const child = spawn(process.execPath, [BIN, 'serve', '--no-open', '--port', '0', ...args], { ...spawnOpts, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  let url: string | null = null;
  let seen: unknown = null;
  let listened = false;
  return new Promise((resolve) => {
    const guard = setTimeout(() => { output += '\n[test: neither exited nor listened; killed]'; child.kill('SIGKILL'); }, 60_000);
    const read = (d: Buffer) => {
      output += d.toString();
      const m = /Leaderboard: (http:\/\/\S+)/.exec(output);
      if (m?.[1] && !listened) {
        listened = true;
        url = m[1];
        void atUrl(url).then((v) => { seen = v; }, (e: unknown) => { seen = e; }).finally(() => child.kill('SIGTERM'));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(guard);
      resolve({ code: listened ? 'listening' : code ?? -1, output, url, stopped: listened ? code : null, seen });
    });
  });
}

const env = () => ({ ...process.env, GITHUB_TOKEN: '', GH_TOKEN: '', ...gitIsolationVars() });

describe('serve --host', () => {
  it('refuses an empty --host before anything starts, as the config refuses an empty serve.host', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', date: '2025-06-01T10:00:00Z' });
    expect(cli(repo.dir, ['refresh', '--all', '--quiet']).code).toBe(0);
    for (const extra of [[], ['--no-refresh']]) {
      const r = await serve(['--host', '', ...extra], { cwd: repo.dir, env: env() });
      expect(r.code, r.output).toBe(2);
      expect(r.output).toContain('Error: --host is empty.');
      expect(r.output).toContain('Hint: Pass an address to bind: 127.0.0.1 (the default, this machine only), or 0.0.0.0 for every interface');
      expect(r.output).not.toContain('Unexpected error');
    }
    // Nor is the serve lock left behind.
    expect(readdirSync(path.join(repo.dir, '.leaderboard'))).not.toContain('serve.lock');
  }, 120_000);

  it('refuses an IPv6 address with a zone before anything starts: it printed an address no browser opens, and answered 403', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', date: '2025-06-01T10:00:00Z' });
    expect(cli(repo.dir, ['refresh', '--all', '--quiet']).code).toBe(0);
    for (const extra of [[], ['--no-refresh']]) {
      const r = await serve(['--host', 'fe80::1%eth0', ...extra], { cwd: repo.dir, env: env() });
      expect(r.code, r.output).toBe(2);
      expect(r.output).toBe('Error: --host fe80::1%eth0 is an IPv6 address with a zone (%eth0), which no browser opens in a URL.\n'
        + 'Hint: Pass an address without a zone (the interface\'s global or unique-local address), a host name, or :: for every interface.\n');
    }
    // The config's serve.host too, and no serve lock is left behind; the commands that do not
    // listen are not refused over it (a CI refresh or build of that repository goes on).
    await repo.writeFile('leaderboard.config.json', JSON.stringify({ serve: { host: '::1%lo' } }));
    const r = await serve([], { cwd: repo.dir, env: env() });
    expect(r.code, r.output).toBe(2);
    expect(r.output).toBe('Error: leaderboard.config.json\'s serve.host ::1%lo is an IPv6 address with a zone (%lo), which no browser opens in a URL.\n'
      + 'Hint: Set serve.host to an address without a zone (the interface\'s global or unique-local address), a host name, or :: for every interface, or pass --host.\n');
    expect(readdirSync(path.join(repo.dir, '.leaderboard'))).not.toContain('serve.lock');
    expect(cli(repo.dir, ['refresh', '--all', '--quiet']).code).toBe(0);
    // A % in a host name is refused too, not called a zone.
    const named = await serve(['--host', 'my%20host'], { cwd: repo.dir, env: env() });
    expect(named.output).toContain('Error: --host my%20host is neither an address nor a host name (it holds a %).');
  }, 120_000);
});

describe('serve failing after it listens', () => {
  it('the data directory removed during the first refresh: it says what failed, stops the server and ends with 1, with no SIGTERM needed', async () => {
    // The first refresh waits on the AI provider while the data directory is removed (rm -rf
    // .leaderboard, git clean -fdx to start over): the refresh fails and the server listens, then
    // recording its address in the serve lock fails. That is after listen: the server must stop.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => { answer = resolve; });
    const stub = await startAiStub({ reply: async () => { await held; return { kind: 'answer', score: 12, reason: 'Stub reason.' }; } });
    try {
      const repo = await newRepo();
      for (let i = 0; i < 3; i++) await repo.commit({ files: { [`src/f${i}.ts`]: `export const f${i} = ${i};\n` }, message: `feat: f${i}`, date: new Date(Date.now() - (i + 1) * 3_600_000).toISOString() });
      const child = spawn(process.execPath, [BIN, 'serve', '--no-open', '--port', '0', '--ai', 'openai', '--ai-base-url', stub.openaiBaseUrl], {
        cwd: repo.dir, env: { ...env(), OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      let output = '';
      child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
      child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const within = (ms: number) => Promise.race([exited.then((code) => ({ code })), new Promise<null>((r) => setTimeout(() => r(null), ms))]);

      // Recent commits: the AI scores the window's.
      await expect.poll(() => stub.requests.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      rmSync(path.join(repo.dir, '.leaderboard'), { recursive: true, force: true });
      answer();
      // It ends by itself; one still running is sent SIGTERM, which must end it (no hang).
      let ended: { by: 'itself' | 'SIGTERM' | 'nothing'; code: number | null } = { by: 'nothing', code: null };
      const own = await within(30_000);
      if (own) ended = { by: 'itself', code: own.code };
      else {
        child.kill('SIGTERM');
        const termed = await within(15_000);
        if (termed) ended = { by: 'SIGTERM', code: termed.code };
        else child.kill('SIGKILL');
      }
      expect(ended, output).toEqual({ by: 'itself', code: 1 });
      expect(output).toContain('Refresh failed: ');
      expect(output).toContain(`Error: Cannot open ${path.join(repo.dir, '.leaderboard', 'serve.lock')}: it does not exist (ENOENT).\n`);
      expect(output).not.toContain('Leaderboard: http');
      expect(output).not.toContain('Unexpected error');
    } finally {
      answer();
      await stub.close();
    }
  }, 120_000);
});

describe('serve --no-refresh of a data directory it cannot write', () => {
  it('serves it read-only, saying so, with admin off and why; a refresh there is still refused', async (ctx) => {
    // A user who cannot write the copy: this one when it is not root (a-w holds for its owner);
    // as root, which writes anything, the tests run the server as nobody.
    const root = process.getuid?.() === 0;
    const as: SpawnOptions = root ? { uid: 65534, gid: 65534 } : {};
    if (root && spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(BIN)})`], as).status !== 0) {
      // Only where the built package sits where nobody can read it (a home folder): nothing to run as nobody.
      ctx.skip();
    }
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: { name: 'Ann Lee', email: 'ann@example.com' }, date: '2025-06-01T10:00:00Z' });
    const place = await tempDir('lb-read-only-');
    const board = path.join(place, 'board');
    expect(cli(repo.dir, ['refresh', '--all', '--quiet', '--data-dir', board]).code).toBe(0);
    if (root) {
      // nobody reads the repository (its own, for git) and goes through the folders to the board.
      for (const dir of [place, path.dirname(repo.dir)]) chmodSync(dir, 0o755);
      chownRecursive(repo.dir, 65534, 65534);
    }
    readOnly.push(board);
    chmodRecursive(board, 0);
    // Git's files of the tests' own home are root's: nobody reads none.
    const runEnv = { ...env(), GIT_CONFIG_GLOBAL: '/dev/null', HOME: place, XDG_CONFIG_HOME: place };

    const served = await serve(['--no-refresh', '--data-dir', board, '--github-repo', 'octo/board'], { cwd: repo.dir, env: runEnv, ...as }, async (url) => {
      const data = await fetch(new URL('leaderboard-data.json', url));
      const session = await fetch(new URL('api/session', url));
      return { data: data.status, session: session.status, error: await session.json() as unknown };
    });
    expect(served.code, served.output).toBe('listening');
    expect(served.output).toContain(`Serving ${board} read-only: it cannot be written here (EACCES), so admin changes could not be saved and admin features are off.`);
    expect(served.output).not.toContain('Admin sign-in:');
    expect(served.output).not.toContain('Cannot create the serve lock');
    // The board is served; the Admin dialog says admin is off, and why, for whoever runs it.
    expect(served.seen).toEqual({
      data: 200,
      session: 503,
      error: { error: { code: 'NO_GITHUB_REPO', message: `Admin changes are saved in the data directory, and this server cannot write to it (EACCES): it serves it read-only. To make them, serve a copy you can write to, or run leaderboard serve as a user who can write there.` } },
    });
    expect(served.stopped).toBe(0);

    // Refreshing, it must write there: the error stays.
    const refreshing = await serve(['--data-dir', board], { cwd: repo.dir, env: runEnv, ...as });
    expect(refreshing.code, refreshing.output).toBe(1);
    expect(refreshing.output).toContain(`Error: Cannot create the serve lock ${path.join(board, 'serve.lock')}: EACCES`);
  }, 120_000);
});

/** chmod a-w all the way down (`add` 0), or u+w (`add` 0o200). */
function chmodRecursive(dir: string, add: number): void {
  const mode = (at: string) => (statSync(at).mode & 0o555) | add;
  chmodSync(dir, mode(dir));
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) chmodRecursive(at, add);
    else chmodSync(at, mode(at));
  }
  chmodSync(dir, mode(dir));
}

function chownRecursive(dir: string, uid: number, gid: number): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) chownRecursive(at, uid, gid);
    else chownSync(at, uid, gid);
  }
  chownSync(dir, uid, gid);
}
