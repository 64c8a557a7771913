/**
 * A repository whose newest commit is older than the window (an archived project, an old
 * mirror): the summary says why nothing was analysed and how to widen the window, and the data
 * file records the history's span so the page can say it too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestRepo } from '../support/git-repo.js';
import { cli, clockAt, readRawData, summaryCounts, tempResources } from './helpers.js';

const { newRepo } = tempResources();
const OLD = { name: 'Olga Old', email: 'olga@example.com' };
const NOW = clockAt('2026-11-23T12:00:00Z');

let repo: TestRepo;
let dataDir: string;

beforeAll(async () => {
  repo = await newRepo();
  dataDir = path.join(repo.dir, '.leaderboard');
  await repo.commit({ files: { 'a.ts': 'a\n'.repeat(30) }, message: 'feat: first', author: OLD, date: '2018-06-01T09:00:00Z' });
  await repo.commit({ files: { 'b.ts': 'b\n'.repeat(60) }, message: 'feat: second', author: OLD, date: '2019-03-04T09:00:00Z' });
  await repo.commit({ files: { 'c.ts': 'c\n'.repeat(5) }, message: 'fix: last', author: OLD, date: '2019-03-04T17:30:00Z' });
});

describe('a history older than the window', () => {
  it('names the newest commit and how to widen the window', () => {
    const r = cli(repo.dir, ['refresh'], NOW);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(summaryCounts(r.stdout)).toMatchObject({ analysed: 0 });
    expect(r.stdout).toContain('The newest commit is from 2019-03-04, before the window (since 2025-11-23): '
      + 'run again with --all for the whole history, or --since 2018-03-04 for the year up to it.');
  });

  it('records the whole history\'s span and the window in the data file', () => {
    const data = readRawData(dataDir);
    expect(data.total_commits_analyzed).toBe(0);
    expect(data.metadata).toMatchObject({
      windowStart: '2025-11-23T00:00:00.000Z',
      history: { newest: '2019-03-04T17:30:00.000Z', oldest: '2018-06-01T09:00:00.000Z' },
    });
  });

  it('analyses the commits with the advice followed, and says nothing more', () => {
    const since = cli(repo.dir, ['refresh', '--since', '2018-03-04'], NOW);
    expect(since.code).toBe(0);
    expect(summaryCounts(since.stdout)).toMatchObject({ analysed: 3 });
    expect(since.stdout).not.toContain('newest commit');
    const all = cli(repo.dir, ['refresh', '--all'], NOW);
    expect(all.code).toBe(0);
    expect(summaryCounts(all.stdout)).toMatchObject({ analysed: 3 });
    expect(readRawData(dataDir).metadata).toMatchObject({ windowStart: null, history: { newest: '2019-03-04T17:30:00.000Z' } });
  });

  it('keeps the span through a rebuild from the cache (add-contribution reads no git)', () => {
    cli(repo.dir, ['refresh'], NOW);
    const added = cli(repo.dir, ['add-contribution', 'Olga Old', '--score', '5'], NOW);
    expect(added.code).toBe(0);
    expect(readRawData(dataDir).metadata).toMatchObject({
      repository: path.basename(repo.dir),
      windowStart: '2025-11-23T00:00:00.000Z',
      history: { newest: '2019-03-04T17:30:00.000Z', oldest: '2018-06-01T09:00:00.000Z' },
    });
  });

  it('says so when the repository has no commits yet', async () => {
    const empty = await newRepo();
    const r = cli(empty.dir, ['refresh'], NOW);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Analysed 0 commits over 365 days .*The repository has no commits yet\./);
    expect(readRawData(path.join(empty.dir, '.leaderboard')).metadata).toMatchObject({ history: null });
  });

  it('keeps the board, naming the branch, when the current branch has no commits yet but others have (git checkout --orphan)', async () => {
    const own = await newRepo();
    await own.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: OLD, date: '2026-11-02T10:00:00Z' });
    expect(cli(own.dir, ['refresh'], NOW).code).toBe(0);
    const board = readFileSync(path.join(own.dir, '.leaderboard', 'leaderboard-data.json'));
    const main = (await own.git('branch', '--show-current')).trim();
    await own.git('checkout', '-q', '--orphan', 'fresh');
    await own.git('rm', '-rq', '--cached', '.');
    const r = cli(own.dir, ['refresh'], NOW);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Error: The current branch fresh of ${own.dir} has no commits yet; other branches have (${main}).`);
    expect(r.stderr).toContain(`Hint: Switch to a branch with commits (git switch ${main}), or commit on this one; the last leaderboard is kept until then.`);
    expect(readFileSync(path.join(own.dir, '.leaderboard', 'leaderboard-data.json')).equals(board)).toBe(true);
  });

  it('does not say the repository has no commits when its only commits are left out for their dates', async () => {
    const own = await newRepo();
    await own.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: OLD, date: '2099-01-02T10:00:00Z' });
    const r = cli(own.dir, ['refresh'], NOW);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Note: 1 commit left out');
    expect(r.stdout).not.toContain('no commits yet');
  });
});
