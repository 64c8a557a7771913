// Concurrent writers, awkward names and paths, and settings git applies from subfolders.
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, startServe } from '../support/cli.js';
import { gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { cli, dataFiles, hasStackTrace, readData, readJson, readStatus, summaryCounts, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();
const ALICE = { name: 'Alice', email: 'alice@example.com' };
let repo: TestRepo;

beforeAll(async () => {
  repo = await newRepo();
  await repo.commit({ files: { 'src/a.ts': 'a\n'.repeat(10) }, message: 'feat: a', author: ALICE, date: '2025-01-06T10:00:00Z' });
  expect(cli(repo.dir, ['refresh', '--all']).code).toBe(0);
});

/** Runs the CLI without waiting, so several can overlap. */
function cliAsync(cwd: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...gitIsolationVars() } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('several writers at once', () => {
  it('keeps every contribution when eight add-contribution commands run together, and a refresh alongside', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `Parallel ${i}`);
    const runs = await Promise.all([
      ...names.map((name) => cliAsync(repo.dir, ['add-contribution', name, '--score', '5'])),
      cliAsync(repo.dir, ['refresh', '--all']),
    ]);
    // Nothing on stderr but the notice a command prints while it waits its turn for over a second
    // (on a loaded machine some do): no error, no warning.
    const waits = /^(Waiting for another leaderboard command( \(pid \d+\))? writing .+\.\.\.\n)*$/;
    for (const r of runs) expect({ code: r.code, otherOutput: waits.test(r.stderr) ? '' : r.stderr }).toEqual({ code: 0, otherOutput: '' });
    const manual = readJson<{ contributors: Record<string, unknown> }>(dataFiles(path.join(repo.dir, '.leaderboard')).manual);
    expect(Object.keys(manual.contributors).sort()).toEqual(names);
    const week = readData(path.join(repo.dir, '.leaderboard')).leaderboards.weekly['2025-W02'] ?? [];
    expect(week.filter((e) => e.name.startsWith('Parallel')).map((e) => e.additional_contribution_score)).toEqual(Array(8).fill(5));
  });
});

describe('names and paths that used to slip through', () => {
  it("prints an author's name with control characters escaped: an ESC sequence from the history does not reach the terminal", async () => {
    const own = await newRepo();
    // Anyone whose commit is merged names its author: here with a bell, an ESC colour sequence and a backspace.
    const odd = { name: 'Ctl\x07\x1b[31mRed\x08Bs', email: 'odd@example.com' };
    await own.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: odd, date: '2025-01-06T10:00:00Z' });
    expect(cli(own.dir, ['refresh', '--all']).code).toBe(0);
    // A slip of that name: the refusal names the board's person.
    const r = cli(own.dir, ['add-contribution', 'Ctl\x07\x1b[31mRed\x08B', '--score', '5']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Error: No contributor is named "Ctl\\x07\\x1b[31mRed\\x08B", but "Ctl\\x07\\x1b[31mRed\\x08Bs" is: it would be a second person.');
    for (const raw of ['\x07', '\x08', '\x1b']) expect(r.stderr).not.toContain(raw);
  });

  it("says in one line with a hint when a partial clone's remote, which holds the files' contents, cannot be reached", async () => {
    const source = await newRepo();
    await source.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', author: ALICE, date: '2025-01-06T10:00:00Z' });
    await source.git('config', 'uploadpack.allowFilter', 'true');
    const where = await tempDir('lb-partial-');
    const clone = path.join(where, 'clone');
    execFileSync('git', ['clone', '-q', '--filter=blob:none', '--no-checkout', `file://${source.dir}`, clone], { env: { ...process.env, ...gitIsolationVars() } });
    await rename(source.dir, `${source.dir}.moved`);
    try {
      const r = cli(clone, ['refresh', '--all']);
      expect(r.code).toBe(1);
      const [error, hint, ...rest] = r.stderr.trim().split('\n');
      expect(error).toMatch(/^Error: git could not read the files it needs \(exit 128\): this is a partial clone, and its remote, which has them, cannot be reached \(.+\)\.$/);
      expect(hint).toBe('Hint: Make the remote reachable (the network, its URL: git remote -v) and run again, or clone the repository again without --filter.');
      expect(rest).toEqual([]);
    } finally {
      await rename(`${source.dir}.moved`, source.dir);
    }
  });

  it('refuses "__proto__" as a contributor name instead of losing it', () => {
    const r = cli(repo.dir, ['add-contribution', '__proto__', '--score', '7']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"__proto__" is reserved');
  });

  it('says when the data directory cannot be created, without a stack trace', async () => {
    const dir = await tempDir('lb-cli-notdir-');
    await writeFile(path.join(dir, 'a-file'), 'x');
    const r = cli(repo.dir, ['refresh', '--data-dir', path.join(dir, 'a-file', 'data')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Cannot create the data directory ${path.join(dir, 'a-file', 'data')}`);
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it('says which file could not be written and why when the file system refuses, without a stack trace, and keeps what was saved', async () => {
    const other = await newRepo();
    await other.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: ALICE, date: '2025-01-06T10:00:00Z' });
    const data = path.join(other.dir, '.leaderboard');
    await mkdir(path.join(data, 'leaderboard-data.json'), { recursive: true });
    await writeFile(path.join(data, 'manual-contributions.json'), '{"contributors":{"Ann":{"contributions":[{"score":5}]}}}');
    const r = cli(other.dir, ['add-contribution', 'Bob', '--score', '3']);
    // Saved; the board could not be written over the folder, which the next refresh needs gone.
    expect(r.stdout + r.stderr).toContain('Bob');
    const refresh = cli(other.dir, ['refresh']);
    expect(refresh.code).toBe(1);
    expect(refresh.stderr).toContain(`Error: Cannot replace ${path.join(data, 'leaderboard-data.json')}: it is a folder, not a file (EISDIR).`);
    expect(refresh.stderr).toContain('Hint: Move away what is at');
    expect(refresh.stderr).not.toContain('Unexpected error');
    expect(hasStackTrace(refresh.stderr)).toBe(false);
    // LEADERBOARD_DEBUG adds where it failed to the same words (it printed a bare "EISDIR" in their place).
    const debug = cli(other.dir, ['refresh'], { LEADERBOARD_DEBUG: '1' });
    expect(debug.stderr).toContain(`Error: Cannot replace ${path.join(data, 'leaderboard-data.json')}: it is a folder, not a file (EISDIR).`);
    expect(debug.stderr).toContain('Hint: Move away what is at');
    expect(debug.stderr).toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    expect(readJson<{ contributors: Record<string, unknown> }>(path.join(data, 'manual-contributions.json')).contributors).toHaveProperty('Ann');
    // A read of a folder names no path of its own: the message still names the file in the way.
    await rm(path.join(data, 'leaderboard-data.json'), { recursive: true });
    await rm(path.join(data, 'score-cache.json'), { force: true });
    await mkdir(path.join(data, 'score-cache.json'));
    const read = cli(other.dir, ['refresh']);
    expect(read.code).toBe(1);
    expect(read.stderr).toContain(`Error: Cannot read ${path.join(data, 'score-cache.json')}: it is a folder, not a file (EISDIR).`);
  });

  it('refuses to export from a data directory that does not exist', async () => {
    const cwd = await tempDir('lb-cli-export-missing-');
    const r = cli(cwd, ['export', '--data-dir', path.join(cwd, 'typo')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`There is no data directory at ${path.join(cwd, 'typo')}`);
  });

  it('refuses a refresh interval a timer cannot wait', () => {
    const r = cli(repo.dir, ['serve', '--no-open', '--port', '0', '--refresh-interval', '1000h']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--refresh-interval must look like 30s, 15m, 1h or 1d (from 1s to 24 days; a bare number is minutes), got "1000h"');
    expect(cli(repo.dir, ['serve', '--no-open', '--port', '0', '--refresh-interval', '25d']).code).toBe(2);
  });

  it('takes a refresh interval in days, up to 24, and its help says a bare number is minutes', async () => {
    const served = await startServe(['--refresh-interval', '1d'], { cwd: repo.dir });
    try {
      expect(served.output()).not.toContain('Error');
    } finally {
      await served.stop();
    }
    const help = cli(repo.dir, ['serve', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('refresh while serving every 30s, 15m, 1h, 1d... up to 24 days; a bare number is minutes (default 15m)');
  });
});

describe('settings git applies from elsewhere', () => {
  it('rescores when a .gitattributes in a subfolder marks files generated', async () => {
    const r2 = await newRepo();
    await r2.commit({ files: { 'gen/out.ts': 'x\n'.repeat(200), 'src/b.ts': 'b\n'.repeat(10) }, message: 'feat: b', author: ALICE, date: '2025-01-06T10:00:00Z' });
    const dataDir = path.join(r2.dir, '.leaderboard');
    expect(cli(r2.dir, ['refresh', '--all']).code).toBe(0);
    expect(readData(dataDir).leaderboards.weekly['2025-W02']?.[0]?.commits[0]?.stats).toMatchObject({ lines: 210, excluded_lines: 0 });
    await mkdir(path.join(r2.dir, 'gen'), { recursive: true });
    await writeFile(path.join(r2.dir, 'gen/.gitattributes'), '* linguist-generated\n');
    await r2.git('add', 'gen/.gitattributes');
    const again = cli(r2.dir, ['refresh', '--all']);
    expect(summaryCounts(again.stdout)).toMatchObject({ scored: 1, cached: 0 });
    expect(readData(dataDir).leaderboards.weekly['2025-W02']?.[0]?.commits[0]?.stats).toMatchObject({ lines: 10, excluded_files: 1, excluded_lines: 200 });
  });

  it('keeps the commit of the last good refresh in a failed one', async () => {
    const r3 = await newRepo();
    const head = await r3.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: ALICE, date: '2025-01-06T10:00:00Z' });
    expect(cli(r3.dir, ['refresh', '--all']).code).toBe(0);
    await writeFile(path.join(r3.dir, '.leaderboard/manual-contributions.json'), '{"contributors": {"X": {"score": "ten"}}}');
    expect(cli(r3.dir, ['refresh', '--all']).code).toBe(2);
    expect(readStatus(path.join(r3.dir, '.leaderboard'))).toMatchObject({ success: false, latestCommit: head });
  });
});
