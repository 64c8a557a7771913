// Reviews as columns (src/core/board/review-columns.ts): what the refresh gives the board gives the
// same board as the reviews as records, on boards of several repositories and at any size.
import { describe, expect, it } from 'vitest';
import type { ReviewRecord } from '../../src/core/activity.js';
import { boardOrderOf, type BoardActivity } from '../../src/core/board/activity-buckets.js';
import { compactDataFilePieces } from '../../src/core/board/compact-writer.js';
import { columnsOf, concatNamed, namedSubset, type ReviewColumns } from '../../src/core/board/review-columns.js';
import { buildLeaderboardData } from '../../src/core/leaderboards.js';

const points = { approved: 15, changesRequested: 15, commented: 5, issueCompleted: 0 };
const build = (reviews: BoardActivity['reviews'], over: Partial<BoardActivity> = {}) => buildLeaderboardData([], { contributors: {} }, {
  now: new Date('2025-06-01T00:00:00Z'), analysisPeriodDays: 365, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: { tool: 'test' },
  activity: { reviews, issues: [], points, status: { state: 'ok', syncedAt: '2025-06-01T00:00:00Z' }, windowStart: null, ...over },
});
const review = (login: string, pr: number, state: ReviewRecord['state'], submittedAt: string): ReviewRecord => ({ pr, title: `PR ${pr}`, url: `https://github.com/acme/app/pull/${pr}`, state, submittedAt, login });
/** Every review of `c` counted for the person its login names (capitalised), as assemble.ts links them. */
function named(c: ReviewColumns, names: string[]) {
  const person = Int32Array.from({ length: c.length }, (_, i) => {
    const name = (c.logins[c.login[i] as number] as string).replace(/^./, (l) => l.toUpperCase());
    if (!names.includes(name)) names.push(name);
    return names.indexOf(name);
  });
  return namedSubset(c, Int32Array.from({ length: c.length }, (_, i) => i), person, names);
}

describe('reviews as columns', () => {
  it('joins the parts of a board with 200,000 reviewed pull requests', () => {
    const names: string[] = [];
    const big = named(columnsOf(Array.from({ length: 200_000 }, (_, i) => review('ann', i + 1, 'APPROVED', '2025-03-04T10:00:00Z')), 'acme/app'), names);
    const small = named(columnsOf([review('bob', 1, 'COMMENTED', '2025-03-05T10:00:00Z')], 'acme/lib'), names);
    const all = concatNamed([big, small], names);
    expect(all.length).toBe(200_001);
    expect(all.pulls.repo.at(-1)).toBe('acme/lib');
    expect(all.names[all.person[200_000] as number]).toBe('Bob');
  });

  it('lists a pull request once in the review table when two parts read the same repository (two clones of it)', () => {
    const names: string[] = [];
    const one = named(columnsOf([review('ann', 1, 'APPROVED', '2025-03-04T10:00:00Z')], 'acme/app'), names);
    const two = named(columnsOf([review('bob', 1, 'COMMENTED', '2025-03-04T11:00:00Z')], 'acme/app'), names);
    const text = [...compactDataFilePieces(build(concatNamed([one, two], names)))].join('');
    const json = JSON.parse(text) as { review_pulls: unknown[]; review_pull: number[] };
    expect(json.review_pulls).toEqual([[1, 'PR 1']]);
    expect(json.review_pull).toEqual([0, 0]);
    // As the same reviews given as records.
    const records = build([{ ...review('ann', 1, 'APPROVED', '2025-03-04T10:00:00Z'), name: 'Ann', repo: 'acme/app' }, { ...review('bob', 1, 'COMMENTED', '2025-03-04T11:00:00Z'), name: 'Bob', repo: 'acme/app' }]);
    expect(text).toBe([...compactDataFilePieces(records)].join(''));
  });

  it('counts, of two reviews of one level, the one of more points, however close the points are', () => {
    const names: string[] = [];
    // Ann requested changes, then approved: with approving worth a thousandth less, the older review counts.
    const c = named(boardOrderOf(columnsOf([review('ann', 1, 'APPROVED', '2025-03-05T10:00:00Z'), review('ann', 1, 'CHANGES_REQUESTED', '2025-03-04T10:00:00Z')], 'acme/app')), names);
    const data = build(c, { points: { ...points, approved: 15.001, changesRequested: 15.002 } });
    expect(data.reviews?.map((r) => r[3])).toEqual(['CHANGES_REQUESTED']);
  });
});
