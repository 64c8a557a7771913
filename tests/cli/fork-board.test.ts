/**
 * A board of a repository and its fork (a clone: the commits before the fork are in both), with
 * a bot's commit: the refresh's summary counts the commits the board holds (each once, bots left
 * out, as total_commits_analyzed does), each person's share per repository counts a shared commit
 * once, and `merge` of the two parts gives the joint refresh's bytes.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAuthor, TestRepo } from '../support/git-repo.js';
import { cli, readData, summaryCounts, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();

const ANN: TestAuthor = { name: 'Ann Origin', email: 'ann@example.com' };
const BO: TestAuthor = { name: 'Bo Fork', email: 'bo@example.com' };
const BOT: TestAuthor = { name: 'dependabot[bot]', email: '49699333+dependabot[bot]@users.noreply.github.com' };

let n = 0;
function commit(repo: TestRepo, author: TestAuthor, message = 'feat: add a feature'): Promise<string> {
  n += 1;
  return repo.commit({ files: { [`src/f${n}.ts`]: `export const f${n} = ${n};\n`.repeat(5 + n * 7) }, message, author, date: `2025-03-${String(n + 1).padStart(2, '0')}T10:00:00Z` });
}

type Shares = Record<string, Record<string, [number, number]>>;
const strip = (text: string) => text.replace(/"last_updated":"[^"]+",/, '');

describe('a board of a repository and its fork', () => {
  let board: TestRepo;
  let origin: TestRepo;
  let fork: TestRepo;
  let dataDir: string;
  let first: string;

  beforeAll(async () => {
    [board, origin] = await Promise.all([newRepo(), newRepo()]);
    await commit(origin, ANN);
    await commit(origin, ANN, 'fix: a bug');
    await commit(origin, BOT, 'chore(deps): bump a dependency');
    fork = await newRepo({ cloneFrom: origin.dir });
    await commit(fork, BO);
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: origin.dir, name: 'origin' }, { path: fork.dir, name: 'fork' }] }));
    await board.commit({ message: 'chore: board config', files: {}, date: '2025-03-01T00:00:00Z' });
    dataDir = path.join(board.dir, '.leaderboard');
    const r = cli(board.dir, ['refresh', '--all', '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    first = r.stdout;
  }, 60_000);

  it('says it analysed the commits the board holds: a shared commit once, a bot\'s left out', async () => {
    // origin has 3 commits, fork those 3 and 1 more; one of them is the bot's.
    expect(readData(dataDir).total_commits_analyzed).toBe(3);
    expect(summaryCounts(first)).toEqual({ analysed: 3, scored: 3, cached: 0, dropped: 0 });
    expect(first).toContain(' Repositories: origin 3, fork 4. Bots: 1 commit left out.');

    // One new commit in origin: one scored, the three the board already had cached.
    await commit(origin, ANN, 'feat: after the fork');
    const again = cli(board.dir, ['refresh', '--all', '--quiet']);
    expect(again.code).toBe(0);
    expect(readData(dataDir).total_commits_analyzed).toBe(4);
    expect(summaryCounts(again.stdout)).toEqual({ analysed: 4, scored: 1, cached: 3, dropped: 0 });

    // The fork's cache lost: its commits are scored again, the shared ones too (cached in origin's).
    await rm(path.join(dataDir, 'parts', 'fork', 'score-cache.json'));
    const rescored = cli(board.dir, ['refresh', '--all', '--quiet']);
    expect(rescored.code).toBe(0);
    expect(summaryCounts(rescored.stdout)).toEqual({ analysed: 4, scored: 3, cached: 1, dropped: 0 });
  });

  it('gives each person\'s commits and points per repository counting a shared commit in one repository', async () => {
    const data = readData(dataDir);
    const shares = data.metadata.repositoryShares as Shares;
    const quarter = Object.values(data.leaderboards.quarterly)[0] ?? [];
    const ann = quarter.find((e) => e.name === ANN.name);
    // Ann's commits before the fork are in both repositories; the board lists each under one.
    const listed = new Map<string, number>();
    for (const c of ann?.commits ?? []) listed.set(c.repo ?? '', (listed.get(c.repo ?? '') ?? 0) + 1);
    expect(Object.fromEntries(Object.entries(shares[ANN.name] ?? {}).map(([repo, [commits]]) => [repo, commits]))).toEqual(Object.fromEntries(listed));
    // So a person's shares add up to their commits and points on the board.
    for (const e of quarter) {
      const mine = Object.values(shares[e.name] ?? {});
      expect(mine.reduce((sum, [commits]) => sum + commits, 0)).toBe(e.total_commits);
      expect(mine.reduce((sum, [, points]) => sum + points, 0)).toBeCloseTo(e.commit_score, 2);
    }
    expect(shares[BO.name]).toEqual({ fork: [1, quarter.find((e) => e.name === BO.name)?.commit_score] });
  });

  it('merges the two repositories\' parts into the bytes of the joint refresh', async () => {
    const parts: string[] = [];
    for (const name of ['fork', 'origin']) {
      const part = await tempDir(`lb-fork-part-${name}-`);
      const r = cli(board.dir, ['refresh', '--repo', name, '--all', '--quiet', '--data-dir', part]);
      expect(r.code).toBe(0);
      parts.push(part);
    }
    const merged = await tempDir('lb-fork-merged-');
    const r = cli(board.dir, ['merge', ...parts, '--data-dir', merged]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const file = (dir: string) => readFile(path.join(dir, 'leaderboard-data.json'), 'utf8');
    expect(strip(await file(merged))).toBe(strip(await file(dataDir)));
    expect(readData(merged).metadata.repositoryShares).toEqual(readData(dataDir).metadata.repositoryShares);
  }, 60_000);
});
