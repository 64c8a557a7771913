/**
 * A checkout's `.leaderboard` is the board of that checkout (its config listing no `repositories`):
 * `--repo URL` (or several --repo) run inside it without --data-dir wrote the other repository's
 * board there, replacing the checkout's own, and the commands whose --repo is a path took a URL
 * and went on with the checkout's board.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../support/cli.js';
import { gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { bytesOf, cli, dataFiles, hasStackTrace, readData, readJson, readStatus, tempResources } from './helpers.js';

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
  let listening = false;
  return new Promise((resolve) => {
    const read = (d: Buffer) => {
      output += d.toString();
      if (!listening && /Leaderboard: http/.test(output)) {
        listening = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => resolve({ code: listening ? 'listening' : code ?? -1, output }));
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
      expect(r.stderr).toContain(`list the repositories in "repositories" of ${path.join(a.dir, 'leaderboard.config.json')} to make them this repository's board (in ${dataDir}, in place of its own).`);
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

  it('a refresh of several --repo or a URL, given --data-dir, that fails before it starts is recorded there', async () => {
    const { a, url } = await twoProjects();
    const root = await tempDir('lb-outside-');
    const [cloneA, cloneB] = [path.join(root, 'A'), path.join(root, 'B')];
    await a.git('clone', '-q', a.dir, cloneA);
    await a.git('clone', '-q', url, cloneB);
    const outside = path.join(root, 'here');
    await mkdir(outside);
    const cases = [
      // From a folder outside any repository: the board's settings are A's.
      { cwd: outside, args: ['--repo', '../A', '--repo', '../B', '--data-dir', '../orgdata'], data: path.join(root, 'orgdata'), config: path.join(cloneA, 'leaderboard.config.json') },
      // A URL from inside a checkout: the settings are the checkout's.
      { cwd: cloneA, args: ['--repo', url, '--data-dir', '../bdata'], data: path.join(root, 'bdata'), config: path.join(cloneA, 'leaderboard.config.json') },
    ];
    for (const { cwd, args, data, config } of cases) {
      const made = cli(cwd, ['refresh', '-q', ...args]);
      expect(made.code, made.stderr).toBe(0);
      expect(readStatus(data)).toMatchObject({ success: true });
      await writeFile(config, '{"analysisPeriodDays":"x"}');
      const broken = cli(cwd, ['refresh', '-q', ...args]);
      expect(broken.code).toBe(2);
      expect(broken.stderr).toContain('analysisPeriodDays');
      expect(readStatus(data)).toMatchObject({ success: false, error: expect.stringContaining('analysisPeriodDays') });
      await rm(config);
    }
    // Run from another folder with a data directory another repository's board is in: not its failure.
    const other = await repoBy('Carol', 1);
    await other.writeFile('leaderboard.config.json', '{"analysisPeriodDays":"x"}');
    const before = bytesOf(dataFiles(path.join(root, 'bdata')).status);
    expect(cli(other.dir, ['refresh', '-q', '--repo', url, '--data-dir', path.join(root, 'bdata')]).code).toBe(2);
    expect(bytesOf(dataFiles(path.join(root, 'bdata')).status)).toBe(before);
  }, 120_000);

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

  it('a board of --repo ... made in a checkout\'s .leaderboard before these were refused goes on there: refresh, build and serve', async () => {
    const { org, a, b, dataDir } = await orgBoard();
    await writeFile(dataFiles(dataDir).manual, `${JSON.stringify(ZED)}\n`);
    const manual = bytesOf(dataFiles(dataDir).manual);
    const r = cli(org.dir, ['refresh', '--all', '--quiet', '--repo', a, '--repo', b]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Repositories: A 2, B 1.');
    expect(partsOf(dataDir)).toEqual(['A', 'B']);
    expect(readData(dataDir).total_commits_analyzed).toBe(3);
    expect(readFileSync(dataFiles(dataDir).data, 'utf8')).toContain('Zed Manual');
    expect(bytesOf(dataFiles(dataDir).manual)).toBe(manual);
    expect(cli(org.dir, ['build', '--quiet', '--repo', b, '--repo', a]).code).toBe(0);
    for (const args of [[], ['--no-refresh']]) {
      const served = await serveOutcome(org.dir, [...args, '--repo', a, '--repo', b]);
      expect(served.code, served.output).toBe('listening');
    }
    expect(partsOf(dataDir)).toEqual(['A', 'B']);
    expect(existsSync(dataFiles(dataDir).cache)).toBe(false);
  }, 120_000);

  it('refuses another set of repositories there, saying which board the folder holds and how to keep it', async () => {
    const { org, a, b, c, dataDir, held } = await orgBoard();
    const state = bytesOf(dataFiles(dataDir).state);
    const config = path.join(org.dir, 'leaderboard.config.json');
    for (const others of [[a, c], [a, b, c], ['.', b]]) {
      const args = others.flatMap((o) => ['--repo', o]);
      const r = cli(org.dir, ['refresh', '--all', '--quiet', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(`Error: ${dataDir} holds a board of 2 repositories, ${held}; a board of ${args.join(' ')} written there would replace it.`);
      expect(r.stderr).toContain(`Hint: List the repositories you give to --repo in "repositories" of ${config} to make them this repository's board: it stays in ${dataDir}, with its manual contributions and AI overrides. `
        + `Or pass --data-dir DIR to start a new board (e.g. --data-dir ../org-leaderboard); what ${dataDir} holds, its manual contributions too, stays behind there.`);
      expect(bytesOf(dataFiles(dataDir).state)).toBe(state);
    }
    // Same names, another repository: B by URL (a mirror of another history) is not the clone B.
    const otherB = path.join(await tempDir('lb-other-b-'), 'B.git');
    await org.git('clone', '-q', '--bare', (await repoBy('Olga', 1)).dir, otherB);
    const byUrl = cli(org.dir, ['refresh', '--all', '--quiet', '--repo', a, '--repo', `file://${otherB}`]);
    expect(byUrl.code).toBe(2);
    expect(byUrl.stderr).toContain(`${dataDir} holds a board of 2 repositories, ${held}; a board of --repo ${a} --repo file://${otherB} written there would replace it.`);
    expect(bytesOf(dataFiles(dataDir).state)).toBe(state);
    expect(existsSync(path.join(dataDir, 'repos'))).toBe(false);
  }, 120_000);

  it('refuses a refresh of one checkout into a --data-dir that holds a board of other repositories, from inside it too', async () => {
    const { a, b, c, dataDir, held } = await orgBoard();
    const state = bytesOf(dataFiles(dataDir).state);
    for (const [cwd, args] of [[c, []], [a, []], [a, ['--repo', c]]] as const) {
      const r = cli(cwd, ['refresh', '--all', '--quiet', ...args, '--data-dir', dataDir]);
      const repo = args.length > 0 ? c : cwd;
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toContain(`Error: ${dataDir} holds a board of 2 repositories, ${held}; a refresh of ${repo} alone would replace it.`);
      expect(r.stderr).toContain(`Hint: Name its repositories again (leaderboard refresh --repo <path of A> --repo <path of B> --data-dir ${dataDir}), or pass another --data-dir for the board of ${repo} (by default ${path.join(repo, '.leaderboard')}).`);
      expect(bytesOf(dataFiles(dataDir).state)).toBe(state);
    }
    const built = cli(c, ['build', '--quiet', '--data-dir', dataDir]);
    expect(built.code).toBe(2);
    expect(built.stderr).toContain(`, or pass --no-refresh to publish ${dataDir} as it is.`);
    expect(partsOf(dataDir)).toEqual(['A', 'B']);
    // Named again, it is refreshed there as before.
    expect(cli(c, ['refresh', '--all', '--quiet', '--repo', a, '--repo', b, '--data-dir', dataDir]).code).toBe(0);
  }, 120_000);

  it("refuses a refresh into another checkout's board on this machine, and takes one whose checkout moved", async () => {
    const alice = await repoBy('Alice', 2);
    const bob = await repoBy('Bob', 1);
    const dataDir = path.join(await tempDir('lb-shared-'), 'board');
    expect(cli(bob.dir, ['refresh', '--all', '--quiet', '--data-dir', dataDir]).code).toBe(0);
    const state = bytesOf(dataFiles(dataDir).state);
    const r = cli(alice.dir, ['refresh', '--all', '--quiet', '--data-dir', dataDir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Error: ${dataDir} holds the board of ${bob.dir}, another repository; a refresh of ${alice.dir} would replace it.`);
    expect(r.stderr).toContain(`Hint: Run the command inside ${bob.dir} (or pass --repo ${bob.dir}), or pass another --data-dir for the board of ${alice.dir} (by default ${path.join(alice.dir, '.leaderboard')}).`);
    expect(bytesOf(dataFiles(dataDir).state)).toBe(state);
    // Its own checkout refreshes it, and so does another checkout of the same history (a worktree).
    expect(cli(bob.dir, ['refresh', '--all', '--quiet', '--data-dir', dataDir]).code).toBe(0);
    const worktree = `${bob.dir}-worktree`;
    await bob.git('worktree', 'add', '-q', '--detach', worktree, 'HEAD');
    try {
      const fromWorktree = cli(worktree, ['refresh', '--all', '--quiet', '--data-dir', dataDir]);
      expect(fromWorktree.stderr).toBe('');
      expect(fromWorktree.code).toBe(0);
    } finally {
      await bob.git('worktree', 'remove', '--force', worktree);
    }
    // Clones of one remote are one repository; a fork (the same first commit, another origin) is not.
    const upstream = path.join(await tempDir('lb-upstream-'), 'u.git');
    await bob.git('clone', '-q', '--bare', bob.dir, upstream);
    const [first, second, fork] = [path.join(await tempDir('lb-c1-'), 'c'), path.join(await tempDir('lb-c2-'), 'c'), path.join(await tempDir('lb-fork-'), 'c')];
    for (const dir of [first, second]) await bob.git('clone', '-q', upstream, dir);
    await bob.git('clone', '-q', first, fork);
    const shared = path.join(await tempDir('lb-shared-clones-'), 'board');
    expect(cli(first, ['refresh', '--all', '--quiet', '--data-dir', shared]).code).toBe(0);
    expect(cli(second, ['refresh', '--all', '--quiet', '--data-dir', shared]).stderr).toBe('');
    const forked = cli(fork, ['refresh', '--all', '--quiet', '--data-dir', shared]);
    expect(forked.code).toBe(2);
    expect(forked.stderr).toContain(`Error: ${shared} holds the board of ${first}, another repository; a refresh of ${fork} would replace it.`);
    // Moved (a CI runner's new path), the checkout it was is gone.
    expect(cli(bob.dir, ['refresh', '--all', '--quiet', '--data-dir', dataDir]).code).toBe(0);
    const moved = `${bob.dir}-moved`;
    await rename(bob.dir, moved);
    try {
      const again = cli(moved, ['refresh', '--all', '--quiet', '--data-dir', dataDir]);
      expect(again.stderr).toBe('');
      expect(again.code).toBe(0);
    } finally {
      await rename(moved, bob.dir);
    }
  }, 120_000);

  it('a board of one URL made there goes on too; the checkout\'s own board is not taken for one of its origin', async () => {
    const bSource = await repoBy('Bob', 2);
    const bare = path.join(await tempDir('lb-bare-'), 'b.git');
    await bSource.git('clone', '-q', '--bare', bSource.dir, bare);
    const url = `file://${bare}`;
    const host = await repoBy('Alice', 1);
    const hostData = path.join(host.dir, '.leaderboard');
    expect(cli(host.dir, ['refresh', '--all', '--quiet', '--repo', url, '--data-dir', hostData]).code).toBe(0);
    const again = cli(host.dir, ['refresh', '--all', '--quiet', '--repo', url]);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(readFileSync(dataFiles(hostData).data, 'utf8')).toContain('Bob');
    // A clone named b whose origin is that URL: its own board has the same name and URL, and no mirror.
    const clone = path.join(await tempDir('lb-clone-'), 'b');
    await host.git('clone', '-q', bare, clone);
    expect(cli(clone, ['refresh', '--all', '--quiet']).code).toBe(0);
    const own = cli(clone, ['refresh', '--all', '--quiet', '--repo', url]);
    expect(own.code).toBe(2);
    expect(own.stderr).toContain(`Error: ${path.join(clone, '.leaderboard')} holds the board of ${clone}, the git repository you are in;`);
    expect(existsSync(path.join(clone, '.leaderboard', 'repos'))).toBe(false);
  }, 120_000);

  it('names a URL given to --repo without its credentials when refusing a part of a configured board', async () => {
    const { a } = await twoProjects();
    await a.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.' }] }));
    const secret = 'https://user:ghp_SECRET123@example.invalid/o';
    const refused = (args: string[], said: string) => {
      const r = cli(a.dir, ['refresh', '--quiet', ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(said);
      expect(r.stderr).not.toContain('SECRET123');
    };
    refused(['--repo', `${secret}/B.git`], '--repo https://example.invalid/o/B.git is not the whole board');
    // Listed twice, two of one name, a name that cannot be: each refusal names it without them too.
    refused(['--data-dir', 'x', '--repo', `${secret}/B.git`, '--repo', `${secret}/B.git`], 'The repository https://example.invalid/o/B.git is listed twice.');
    refused(['--data-dir', 'x', '--repo', `${secret}/B.git`, '--repo', 'https://example.invalid/p/B.git'], 'Two repositories are named "B": https://example.invalid/o/B.git and https://example.invalid/p/B.git.');
    refused(['--data-dir', 'x', '--repo', `${secret}/b@d`, '--repo', '.'], 'The repository https://example.invalid/o/b@d would be named "b@d"');
    expect(existsSync(path.join(a.dir, 'x'))).toBe(false);
  }, 60_000);
});

const ZED = { contributors: { 'Zed Manual': { contributions: [{ score: 40, notes: 'talk', start_date: '2025-06-01', end_date: '2025-06-02' }] } } };

/** The repositories a data directory's board holds, by its refresh state. */
const partsOf = (dataDir: string) => readJson<{ parts: { name: string }[] }>(dataFiles(dataDir).state).parts.map((p) => p.name).sort();

/**
 * A checkout `org` (no `repositories`) whose .leaderboard holds a board of clones A and B, as
 * `refresh --repo ../A --repo ../B` made it there before such boards were refused (--data-dir
 * naming that folder makes the same board), and a clone C.
 */
async function orgBoard() {
  const org = await repoBy('Owen', 1);
  const root = await tempDir('lb-org-');
  const clone = async (name: string, author: string, days: number) => {
    const dir = path.join(root, name);
    await org.git('clone', '-q', (await repoBy(author, days)).dir, dir);
    return dir;
  };
  const [a, b, c] = [await clone('A', 'Alice', 2), await clone('B', 'Bob', 1), await clone('C', 'Carol', 1)];
  // Each clone's origin is the URL the board links its commits to, and names it by.
  const held = `A (${await org.git('-C', a, 'config', 'remote.origin.url')}), B (${await org.git('-C', b, 'config', 'remote.origin.url')})`;
  const dataDir = path.join(org.dir, '.leaderboard');
  const made = cli(org.dir, ['refresh', '--all', '--quiet', '--repo', a, '--repo', b, '--data-dir', dataDir]);
  expect(made.code, made.stderr).toBe(0);
  expect(partsOf(dataDir)).toEqual(['A', 'B']);
  return { org, a, b, c, dataDir, held };
}
