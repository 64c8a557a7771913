// Errors met by an exploratory tester that printed a raw errno, git's whole output, a wrong exit
// code or a doubled period: each is one line saying what is wrong, with a hint.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitIsolationVars } from '../support/git-repo.js';
import { BIN } from '../support/cli.js';
import { cli, hasStackTrace, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();

/** stderr's lines that start with "Error: ". */
const errorLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('Error: '));

describe('a folder where leaderboard.config.json goes', () => {
  it('is named in words with a hint, like a folder in place of manual-contributions.json, exit 2', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    const config = path.join(repo.dir, 'leaderboard.config.json');
    await mkdir(config);
    const r = cli(repo.dir, ['refresh', '-q']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`Error: Cannot read ${config}: it is a folder, not a file (EISDIR).\n`
      + `Hint: The configuration is one file: move the folder ${config} away (or rename it), then run the command again; without a file the defaults apply.\n`);
    expect(r.stderr).not.toContain('illegal operation');
  });
});

describe('a folder where the repository\'s .mailmap goes', () => {
  it('hints at moving or removing that folder, not at --data-dir, which has nothing to do with it', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    const mailmap = path.join(repo.dir, '.mailmap');
    await mkdir(mailmap);
    const r = cli(repo.dir, ['refresh', '-q']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`Error: Cannot read ${mailmap}: it is a folder, not a file (EISDIR).\n`
      + `Hint: git reads .mailmap as a file and ignores a folder of that name: move or remove the folder named .mailmap (${mailmap}), then run the command again.\n`);
  });
});

describe('a --repo URL git cannot clone', () => {
  it("says so in one line, with git's first fatal line, and hints at the URL and its access (a credential helper, never a token in the URL)", async () => {
    const cwd = await tempDir('lb-clone-missing-');
    const url = `file://${path.join(cwd, 'nonexist', 'x.git')}`;
    const r = cli(cwd, ['refresh', '-q', '--repo', url, '--data-dir', path.join(cwd, 'data')]);
    expect(r.code).toBe(1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`Error: Repository "x": cannot clone ${url}: git clone failed (exit 128): fatal: '${path.join(cwd, 'nonexist', 'x.git')}' does not appear to be a git repository`);
    expect(lines[1]).toMatch(/^Hint: Check the --repo URL, that the repository exists there and that you may read it: .*for https, a credential helper/);
    expect(lines[1]).not.toContain('TOKEN@');
    expect(r.stderr).not.toContain('Please make sure you have the correct access rights');
  });
});

/**
 * Two commit objects whose hashes start with the same 4 hex digits, written into `repo` (found by
 * hashing candidates here; git's SHA-1 of a commit is over "commit <size>\0<body>").
 */
async function twoCommitsSharingAPrefix(repo: { git: (...args: string[]) => Promise<string> }): Promise<string> {
  const tree = await repo.git('write-tree');
  const seen = new Map<string, string>();
  for (let i = 0; ; i++) {
    const body = `tree ${tree}\nauthor A <a@example.com> 1700000000 +0000\ncommitter A <a@example.com> 1700000000 +0000\n\ncandidate ${i}\n`;
    const hash = createHash('sha1').update(`commit ${Buffer.byteLength(body)}\0${body}`).digest('hex');
    const other = seen.get(hash.slice(0, 4));
    if (other !== undefined) {
      for (const text of [other, body]) {
        const dir = await repo.git('rev-parse', '--absolute-git-dir');
        const file = path.join(dir, 'candidate');
        await writeFile(file, text);
        await repo.git('hash-object', '-t', 'commit', '-w', file);
        await rm(file);
      }
      return hash.slice(0, 4);
    }
    seen.set(hash.slice(0, 4), body);
  }
}

describe('ai-override given a hash it cannot use', () => {
  it('says a hash of fewer than 4 digits is too short, and an ambiguous one is ambiguous: usage errors (exit 2)', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    const short = cli(repo.dir, ['ai-override', 'set', '12', '--score', '5', '--note', 'x']);
    expect(short.code).toBe(2);
    expect(errorLines(short.stderr)).toEqual(['Error: "12" is too short for a commit hash: give at least 4 hex digits.']);
    expect(short.stderr).toContain('Hint: ');

    const prefix = await twoCommitsSharingAPrefix(repo);
    const ambiguous = cli(repo.dir, ['ai-override', 'set', prefix, '--score', '5', '--note', 'x']);
    expect(ambiguous.code).toBe(2);
    expect(errorLines(ambiguous.stderr)).toEqual([`Error: The hash ${prefix} is ambiguous: more than one commit in ${repo.dir} starts with it.`]);
    expect(ambiguous.stderr).toContain('Hint: Give more digits of the hash');

    // A hash no commit has is still "no such commit" (exit 1), without the guess that it may be ambiguous.
    const none = cli(repo.dir, ['ai-override', 'set', 'deadbeef', '--score', '5', '--note', 'x']);
    expect(none.code).toBe(1);
    expect(errorLines(none.stderr)).toEqual([`Error: No commit deadbeef in ${repo.dir}.`]);
  });
});

describe('build --no-refresh after a failed refresh', () => {
  it('ends the recorded error, which ends in a period already, with no second one', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    expect(cli(repo.dir, ['refresh', '-q', '--all']).code).toBe(0);
    const manual = path.join(repo.dir, '.leaderboard', 'manual-contributions.json');
    await writeFile(manual, '{"contributors": {bad}}');
    expect(cli(repo.dir, ['refresh', '-q', '--all']).code).toBe(2);
    const r = cli(repo.dir, ['build', '--no-refresh']);
    expect(r.code).toBe(1);
    const [line] = errorLines(r.stderr);
    expect(line).toMatch(/^Error: The last refresh failed, so the leaderboard data is stale: .*manual-contributions\.json is not valid JSON \(.*\)\.$/);
    expect(line).not.toMatch(/\.\.$/);
    expect(hasStackTrace(r.stderr)).toBe(false);
  });
});

describe('init github-actions in a repository with no remote', () => {
  it('says there is no origin remote and what to do, instead of "origin names no default branch"', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    const r = cli(repo.dir, ['init', 'github-actions']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('origin names no default branch');
    expect(r.stdout).toContain('It also runs on each push to main (the current branch; this repository has no origin remote, so which branch GitHub publishes from is unknown). '
      + 'Add the GitHub repository as origin (git remote add origin https://github.com/OWNER/REPO.git, then git fetch origin) and run this again with --force, or pass --branch NAME.');
    // A remote named origin with nothing fetched from it yet is still told apart.
    const origin = await newRepo({ bare: true });
    await repo.git('remote', 'add', 'origin', origin.dir);
    const fetched = cli(repo.dir, ['init', 'github-actions', '--force']);
    expect(fetched.stdout).toContain('It also runs on each push to main (the current branch; origin names no default branch); --branch NAME chooses another.');
  });
});

describe("a data directory locked by another machine's command", () => {
  it('names that host beside the pid, and says what happens and what to do if it is gone', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    const dir = path.join(repo.dir, '.leaderboard');
    const lock = path.join(dir, '.lock');
    await mkdir(lock, { recursive: true });
    await writeFile(path.join(lock, 'owner'), '999999\nother-host.example\n');
    // Kept fresh, as the other machine would, until the command says it waits; then removed, as the
    // message says to (a lock left to go stale would hold the test 30 s).
    const fresh = setInterval(() => { void utimes(lock, new Date(), new Date()).catch(() => undefined); }, 1000);
    const child = spawn(process.execPath, [BIN, 'contributor', 'add', 'Wren', '--score', '3'], { cwd: repo.dir, env: { ...process.env, ...gitIsolationVars() }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    let stderr = '';
    const code = await new Promise<number | null>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('Waiting for')) {
          clearInterval(fresh);
          void rm(lock, { recursive: true, force: true });
        }
      });
      child.once('exit', resolve);
    });
    clearInterval(fresh);
    expect(code, stderr).toBe(0);
    expect(stderr).toBe(`Waiting for another leaderboard command (pid 999999 on host other-host.example) writing ${dir}... `
      + `If that machine is gone or runs no leaderboard command, its lock is taken over 30 s after its last update; to go on at once, remove ${lock}.\n`);
  }, 30_000);
});
