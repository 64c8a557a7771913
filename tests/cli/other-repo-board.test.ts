/**
 * A checkout's `.leaderboard` is the board of that checkout (its config listing no `repositories`):
 * `--repo URL` (or several --repo) run inside it without --data-dir wrote the other repository's
 * board there, replacing the checkout's own, and the commands whose --repo is a path took a URL
 * and went on with the checkout's board.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../support/cli.js';
import { gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { bytesOf, cli, dataFiles, hasStackTrace, readData, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();

async function repoBy(name: string, days: number): Promise<TestRepo> {
  const repo = await newRepo();
  for (let d = 1; d <= days; d += 1) {
    await repo.commit({ files: { [`src/${name}${d}.ts`]: `export const x = ${d};\n` }, message: `feat: ${name} ${d}`, author: { name, email: `${name.toLowerCase()}@example.com` }, date: `2025-06-0${d}T10:00:00Z` });
  }
  return repo;
}

/** Checkout A with its board, and the URL of a bare repository B (another project). */
async function twoProjects() {
  const a = await repoBy('Alice', 3);
  const bSource = await repoBy('Bob', 2);
  const bare = path.join(await tempDir('lb-bare-'), 'b.git');
  await bSource.git('clone', '-q', '--bare', bSource.dir, bare);
  expect(cli(a.dir, ['refresh', '--all', '--quiet']).code).toBe(0);
  const dataDir = path.join(a.dir, '.leaderboard');
  const files = dataFiles(dataDir);
  const saved = { data: bytesOf(files.data), status: bytesOf(files.status), state: bytesOf(files.state) };
  const unchanged = () => {
    expect(bytesOf(files.data)).toBe(saved.data);
    expect(bytesOf(files.status)).toBe(saved.status);
    expect(bytesOf(files.state)).toBe(saved.state);
    expect(existsSync(path.join(dataDir, 'repos'))).toBe(false);
  };
  return { a, url: `file://${bare}`, dataDir, unchanged };
}

/** `leaderboard serve ...args` in `cwd`: its exit code, or 'listening' (then stopped) when it served. */
function serveOutcome(cwd: string, args: string[]): Promise<{ code: number | 'listening'; output: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--no-open', '--port', '0', ...args], { cwd, env: { ...process.env, GITHUB_TOKEN: '', GH_TOKEN: '', ...gitIsolationVars() }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve) => {
    const read = (d: Buffer) => {
      output += d.toString();
      if (/Leaderboard: http/.test(output)) {
        child.once('exit', () => resolve({ code: 'listening', output }));
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => resolve({ code: code ?? -1, output }));
  });
}

describe('a board of other repositories inside a checkout', () => {
  it('refuses --repo URL without --data-dir in refresh, build and serve, naming the board it would replace; the board is kept', async () => {
    const { a, url, dataDir, unchanged } = await twoProjects();
    for (const args of [['refresh', '--all', '--quiet'], ['build', '--quiet'], ['build', '--no-refresh']]) {
      const r = cli(a.dir, [...args, '--repo', url]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(`Error: ${dataDir} holds the board of ${a.dir}, the git repository you are in; a board of --repo ${url} written there would replace it.`);
      expect(r.stderr).toContain('Hint: Pass --data-dir DIR for a board of its own (e.g. --data-dir ../leaderboard-b)');
      expect(hasStackTrace(r.stderr)).toBe(false);
      unchanged();
    }
    for (const args of [[], ['--no-refresh']]) {
      const served = await serveOutcome(a.dir, [...args, '--repo', url]);
      expect(served.code, served.output).toBe(2);
      expect(served.output).toContain(`${dataDir} holds the board of ${a.dir}`);
      unchanged();
    }
    expect(readData(dataDir).total_commits_analyzed).toBe(3);
  }, 120_000);

  it('writes the other board where --data-dir says, leaving the checkout\'s own', async () => {
    const { a, url, unchanged } = await twoProjects();
    const elsewhere = path.join(await tempDir('lb-b-board-'), 'board');
    const r = cli(a.dir, ['refresh', '--all', '--quiet', '--repo', url, '--data-dir', elsewhere]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(dataFiles(elsewhere).data, 'utf8')).toContain('Bob');
    unchanged();
  }, 60_000);

  it('refuses several --repo in a checkout with no `repositories`, board or not, and writes nothing there', async () => {
    const { a, url, unchanged } = await twoProjects();
    // The test repositories are all folders named `repo`: a clone under another name.
    const carol = path.join(await tempDir('lb-carol-'), 'carol');
    await a.git('clone', '-q', (await repoBy('Carol', 1)).dir, carol);
    const r = cli(a.dir, ['refresh', '--all', '--quiet', '--repo', '.', '--repo', carol]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`a board of --repo . --repo ${carol} written there would replace it.`);
    unchanged();
    // A checkout without a board yet: its .leaderboard is for its own.
    const empty = await newRepo();
    const none = cli(empty.dir, ['refresh', '--all', '--quiet', '--repo', a.dir, '--repo', url]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`Error: ${path.join(empty.dir, '.leaderboard')} is the data directory of ${empty.dir}, the git repository you are in, and is for its own board, not one of --repo ${a.dir} --repo ${url}.`);
    expect(none.stderr).toContain('e.g. --data-dir ../org-leaderboard');
    expect(existsSync(path.join(empty.dir, '.leaderboard'))).toBe(false);
    unchanged();
  }, 60_000);

  it('a mistyped board of several, run in another checkout, is not recorded as the first one\'s failure', async () => {
    const { a, unchanged } = await twoProjects();
    const other = await repoBy('Carol', 1);
    const r = cli(other.dir, ['refresh', '--repo', a.dir, '--repo', a.dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is listed twice');
    unchanged();
  }, 60_000);

  it('the commands whose --repo is a path refuse a URL, changing nothing', async () => {
    const { a, url, dataDir, unchanged } = await twoProjects();
    await a.writeFile('backup.json', '{"contributors":{}}\n');
    const manual = dataFiles(dataDir).manual;
    const before = bytesOf(manual);
    const commands = [['export', '--out', '-'], ['add-contribution', 'Bob', '--score', '5'], ['contributor', 'add', 'Zed', '--score', '5'],
      ['import', 'backup.json'], ['ai-override', 'set', 'HEAD', '--score', '5', '--note', 'x'], ['merge', dataDir]];
    for (const args of commands) {
      const r = cli(a.dir, [...args, '--repo', url]);
      expect(r.code, `${args.join(' ')}: ${r.stdout}`).toBe(2);
      expect(r.stderr).toContain(`Error: --repo ${url} is a URL; this command works on a local checkout or a data directory.`);
      expect(r.stdout).toBe('');
    }
    const init = cli(a.dir, ['init', 'github-actions', '--repo', url]);
    expect(init.code).toBe(2);
    expect(init.stderr).toContain(`Error: --repo ${url} is a URL; this command works on a local checkout.`);
    expect(existsSync(path.join(a.dir, '.github'))).toBe(false);
    const admins = cli(a.dir, ['admins', 'list', '--repo', url], { GITHUB_TOKEN: 'not-used', GITHUB_API_URL: 'http://127.0.0.1:9' });
    expect(admins.code).toBe(2);
    expect(admins.stderr).toContain(`--repo ${url} is a URL`);
    expect(bytesOf(manual)).toBe(before);
    expect(readdirSync(dataDir).filter((f) => f.includes('backup'))).toEqual([]);
    unchanged();
  }, 120_000);
});
