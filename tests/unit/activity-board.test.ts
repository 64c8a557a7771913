import { describe, expect, it } from 'vitest';
import type { ReviewState } from '../../src/core/activity.js';
import { boardOrderOf, type BoardActivity, type NamedIssue, type NamedReview } from '../../src/core/board/activity-buckets.js';
import { columnsOf, namedSubset, type ReviewColumns } from '../../src/core/board/review-columns.js';
import { buildLeaderboardData, type BuildOptions } from '../../src/core/leaderboards.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { parseLeaderboardData } from '../../src/shared/data-file.js';

let seq = 0;
function sc(author: string, date: string, total: number): ScoredCommit {
  seq += 1;
  const loc = Math.min(30, total);
  return {
    hash: seq.toString(16).padStart(40, '0'), author, email: `${author.toLowerCase()}@example.com`, date, subject: `commit ${seq}`, breaking: false,
    stats: { files: 1, insertions: 10, deletions: 2, excluded_files: 0, excluded_lines: 0 },
    scores: { loc, files: 0, keyword: 0, ai: total - loc, ai_source: 'heuristic' }, total,
  };
}
function rv(name: string, pr: number, state: ReviewState, submittedAt: string, repo = 'acme/app'): NamedReview {
  return { pr, title: `PR ${pr}`, url: `https://github.com/${repo}/pull/${pr}`, state, submittedAt, login: name.toLowerCase(), name, repo };
}
function issue(name: string, n: number, createdAt: string): NamedIssue {
  return { number: n, title: `Issue ${n}`, url: `https://github.com/acme/app/issues/${n}`, createdAt, login: name.toLowerCase(), name, repo: 'acme/app' };
}
const points = { approved: 15, changesRequested: 15, commented: 5, issueCompleted: 0 };
const act = (reviews: BoardActivity['reviews'], over: Partial<BoardActivity> = {}): BoardActivity => ({
  reviews, issues: [], points, status: { state: 'ok', syncedAt: '2025-06-01T00:00:00Z' }, windowStart: null, ...over,
});
const opts = (over: Partial<BuildOptions> = {}): BuildOptions => ({
  now: new Date('2025-06-01T00:00:00.000Z'), analysisPeriodDays: 365, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: { tool: 'test' }, ...over,
});
const read = (data: unknown) => parseLeaderboardData(JSON.parse(JSON.stringify(data)));
const entryOf = (data: ReturnType<typeof read>, type: 'weekly' | 'monthly' | 'quarterly', label: string, name: string) =>
  data.leaderboards[type][label]?.find((e) => e.name === name);

describe('reviews on the board', () => {
  it('counts one person\'s reviews of one pull request once per period: ten comment reviews are 5 points', () => {
    const reviews = Array.from({ length: 10 }, (_, i) => rv('Ann', 7, 'COMMENTED', `2025-03-04T1${i}:00:00Z`));
    const data = read(buildLeaderboardData([sc('Ann', '2025-03-04T09:00:00Z', 40)], { contributors: {} }, opts({ activity: act(reviews) })));
    const ann = entryOf(data, 'weekly', '2025-W10', 'Ann');
    expect(ann?.review_count).toBe(1);
    expect(ann?.review_score).toBe(5);
    expect(ann?.total_score).toBe(45);
    expect(ann?.avg_score).toBe(40);
    expect(ann?.reviews?.map((r) => [r.pr, r.state, r.date])).toEqual([[7, 'COMMENTED', '2025-03-04T19:00:00Z']]);
  });

  it('counts a pull request at the highest state reached in the period: COMMENTED then APPROVED is 15', () => {
    const reviews = [rv('Ann', 7, 'COMMENTED', '2025-03-04T10:00:00Z'), rv('Ann', 7, 'APPROVED', '2025-03-05T10:00:00Z'), rv('Ann', 7, 'COMMENTED', '2025-03-06T10:00:00Z')];
    const data = read(buildLeaderboardData([], { contributors: {} }, opts({ activity: act(reviews) })));
    const ann = entryOf(data, 'weekly', '2025-W10', 'Ann');
    expect(ann?.review_score).toBe(15);
    expect(ann?.reviews?.map((r) => r.state)).toEqual(['APPROVED']);
  });

  it('between approving and requesting changes, counts the one with more points, then the newest', () => {
    const reviews = [rv('Ann', 7, 'CHANGES_REQUESTED', '2025-03-04T10:00:00Z'), rv('Ann', 7, 'APPROVED', '2025-03-05T10:00:00Z')];
    const same = read(buildLeaderboardData([], { contributors: {} }, opts({ activity: act(reviews) })));
    expect(entryOf(same, 'weekly', '2025-W10', 'Ann')?.reviews?.map((r) => r.state)).toEqual(['APPROVED']);
    const more = read(buildLeaderboardData([], { contributors: {} }, opts({ activity: act(reviews, { points: { ...points, changesRequested: 20 } }) })));
    const ann = entryOf(more, 'weekly', '2025-W10', 'Ann');
    expect([ann?.reviews?.map((r) => r.state), ann?.review_score]).toEqual([['CHANGES_REQUESTED'], 20]);
  });

  it('counts reviews of two weeks in both weeks, and once in their month', () => {
    const reviews = [rv('Ann', 7, 'APPROVED', '2025-03-04T10:00:00Z'), rv('Ann', 7, 'APPROVED', '2025-03-12T10:00:00Z'), rv('Ann', 8, 'COMMENTED', '2025-03-12T11:00:00Z')];
    const data = read(buildLeaderboardData([], { contributors: {} }, opts({ activity: act(reviews) })));
    expect(entryOf(data, 'weekly', '2025-W10', 'Ann')?.review_score).toBe(15);
    expect(entryOf(data, 'weekly', '2025-W11', 'Ann')?.review_score).toBe(20);
    const month = entryOf(data, 'monthly', '2025-03', 'Ann');
    expect(month?.review_count).toBe(2);
    expect(month?.review_score).toBe(20);
    // Newest first, the later approval of #7 being the one that counted.
    expect(month?.reviews?.map((r) => [r.pr, r.date])).toEqual([[8, '2025-03-12T11:00:00Z'], [7, '2025-03-12T10:00:00Z']]);
    expect(entryOf(data, 'quarterly', '2025-Q1', 'Ann')?.review_score).toBe(20);
  });

  it('ranks and tiers by the total, and lists a reviews-only person with zero commits', () => {
    const commits = [sc('Bob', '2025-03-04T09:00:00Z', 30), sc('Cy', '2025-03-04T09:00:00Z', 20)];
    const reviews = [rv('Cy', 1, 'APPROVED', '2025-03-04T10:00:00Z'), rv('Dee', 2, 'CHANGES_REQUESTED', '2025-03-04T10:00:00Z'), rv('Dee', 3, 'APPROVED', '2025-03-04T10:00:00Z')];
    const written = buildLeaderboardData(commits, { contributors: {} }, opts({ activity: act(reviews) }));
    const week = read(written).leaderboards.weekly['2025-W10'] ?? [];
    expect(week.map((e) => [e.name, e.total_score, e.rank, e.tier])).toEqual([['Cy', 35, 1, 'T0'], ['Bob', 30, 2, 'T0'], ['Dee', 30, 3, 'T0']]);
    const dee = week[2];
    expect([dee?.total_commits, dee?.commit_score, dee?.avg_score, dee?.review_count, dee?.commits]).toEqual([0, 0, 0, 2, []]);
    expect(written.metadata.totalContributors).toBe(3);
    expect(written.metadata.activity).toEqual({ status: { state: 'ok', syncedAt: '2025-06-01T00:00:00Z' }, points, reviews: 3, issues: 0 });
  });

  it('counts issue reports in the period they were opened only when they have points', () => {
    const issues = [issue('Ann', 1, '2025-03-04T10:00:00Z'), issue('Ann', 2, '2025-03-05T10:00:00Z')];
    const off = read(buildLeaderboardData([], { contributors: {} }, opts({ activity: act([], { issues }) })));
    expect(off.leaderboards.weekly).toEqual({});
    const on = read(buildLeaderboardData([], { contributors: {} }, opts({ activity: act([], { issues, points: { ...points, issueCompleted: 3 } }) })));
    const ann = entryOf(on, 'weekly', '2025-W10', 'Ann');
    expect([ann?.issue_count, ann?.issue_score, ann?.total_score, ann?.review_count]).toEqual([2, 6, 6, undefined]);
  });

  it('leaves out reviews and issue reports dated after tomorrow (UTC), as commits are: no future period opens for them', () => {
    const end = new Date('2025-06-02T23:59:59Z');
    const reviews = [rv('Ann', 1, 'APPROVED', '2025-06-02T23:59:59Z'), rv('Bob', 2, 'APPROVED', '2025-06-03T00:00:00Z'), rv('Bob', 3, 'APPROVED', '2099-01-01T00:00:00Z')];
    const issues = [issue('Cy', 1, '2025-06-02T10:00:00Z'), issue('Cy', 2, '2031-01-01T10:00:00Z')];
    const data = read(buildLeaderboardData([], { contributors: {} }, opts({ activity: act(reviews, { issues, windowEnd: end, points: { ...points, issueCompleted: 3 } }) })));
    expect(Object.keys(data.leaderboards.monthly)).toEqual(['2025-06']);
    expect(data.leaderboards.monthly['2025-06']?.map((e) => [e.name, e.review_count ?? 0, e.issue_count ?? 0])).toEqual([['Ann', 1, 0], ['Cy', 0, 1]]);
  });

  it('leaves out what falls before the analysed window', () => {
    const reviews = [rv('Ann', 1, 'APPROVED', '2025-02-27T10:00:00Z'), rv('Ann', 2, 'APPROVED', '2025-03-04T10:00:00Z')];
    const data = read(buildLeaderboardData([], { contributors: {} }, opts({ activity: act(reviews, { windowStart: new Date('2025-03-01T00:00:00Z') }) })));
    expect(Object.keys(data.leaderboards.monthly)).toEqual(['2025-03']);
    expect(entryOf(data, 'quarterly', '2025-Q1', 'Ann')?.review_count).toBe(1);
  });

  it('stores each listed review once, in a table entries point into, and reads it back', () => {
    const reviews = [rv('Ann', 7, 'APPROVED', '2025-03-04T10:00:00Z'), rv('Bob', 7, 'COMMENTED', '2025-03-04T11:00:00Z')];
    const written = buildLeaderboardData([], { contributors: {} }, opts({ activity: act(reviews) }));
    expect(written.reviews).toEqual([
      [7, 'PR 7', 'https://github.com/acme/app/pull/7', 'COMMENTED', '2025-03-04T11:00:00Z', 'acme/app'],
      [7, 'PR 7', 'https://github.com/acme/app/pull/7', 'APPROVED', '2025-03-04T10:00:00Z', 'acme/app'],
    ]);
    const ann = written.leaderboards.monthly['2025-03']?.find((e) => e.name === 'Ann');
    expect(ann).toMatchObject({ total_commits: 0, commit_score: 0, total_score: 15, review_count: 1, review_score: 15, reviews: [1] });
    expect(entryOf(read(written), 'monthly', '2025-03', 'Bob')?.reviews).toEqual([
      { pr: 7, title: 'PR 7', url: 'https://github.com/acme/app/pull/7', state: 'COMMENTED', date: '2025-03-04T11:00:00Z', repo: 'acme/app' },
    ]);
    const broken = JSON.parse(JSON.stringify(written)) as { reviews: unknown[][] };
    (broken.reviews[0] as unknown[])[3] = 'PENDING';
    expect(() => parseLeaderboardData(broken)).toThrow(/expected one of APPROVED/);
  });

  it('lists the table newest first, then by repository, pull request, login and state, whatever the input order', () => {
    const reviews = [
      rv('Cy', 2, 'APPROVED', '2025-03-04T10:00:00Z'),
      rv('Ann', 9, 'APPROVED', '2025-03-04T10:00:00.250Z'),
      rv('Bob', 2, 'COMMENTED', '2025-03-04T10:00:00Z'),
      rv('Ann', 2, 'APPROVED', '2025-03-04T10:00:00Z', 'acme/zed'),
      rv('Ann', 3, 'APPROVED', '2025-03-04T10:00:00Z'),
      rv('Dee', 1, 'APPROVED', '2025-03-05T09:00:00Z'),
      rv('Ann', 2, 'APPROVED', '2025-03-04T10:00:00Z'),
      rv('Eve', 4, 'APPROVED', '2025-03-03T23:59:59.999Z'),
    ];
    const key = (r: unknown[]) => `${r[5]}#${r[0]} ${r[4]}`;
    const expected = ['acme/app#1 2025-03-05T09:00:00Z', 'acme/app#9 2025-03-04T10:00:00.250Z', 'acme/app#2 2025-03-04T10:00:00Z', 'acme/app#2 2025-03-04T10:00:00Z',
      'acme/app#2 2025-03-04T10:00:00Z', 'acme/app#3 2025-03-04T10:00:00Z', 'acme/zed#2 2025-03-04T10:00:00Z', 'acme/app#4 2025-03-03T23:59:59.999Z'];
    for (const order of [reviews, [...reviews].reverse()]) {
      const written = buildLeaderboardData([], { contributors: {} }, opts({ activity: act(order) }));
      expect(written.reviews?.map(key)).toEqual(expected);
      // The three reviews of acme/app#2 at the same second: by login (ann, bob, cy).
      expect(written.leaderboards.monthly['2025-03']?.find((e) => e.name === 'Bob')?.reviews).toEqual([3]);
    }
  });

  it('writes the same board from one repository\'s reviews as columns (the refresh\'s), in the board\'s order or not, as from records in any order', () => {
    const records = Array.from({ length: 60 }, (_, i) => {
      const r = rv(['Ann', 'Bob', 'Cy'][i % 3] as string, 1 + (i % 7), (['APPROVED', 'COMMENTED', 'CHANGES_REQUESTED'] as const)[i % 3] as ReviewState,
        `2025-0${1 + (i % 4)}-1${i % 10}T10:00:0${i % 2}${i % 5 === 0 ? '.500' : ''}Z`);
      const { name: _name, repo: _repo, ...record } = r;
      return record;
    });
    const named = (list: typeof records) => list.map((r) => ({ ...r, name: r.login.replace(/^./, (c) => c.toUpperCase()), repo: 'acme/app' }));
    const names = ['Bob', 'Cy', 'Ann'];
    // Each review counted for the person its login names, as the refresh links them.
    const linked = (c: ReviewColumns) => namedSubset(c, Int32Array.from({ length: c.length }, (_, i) => i),
      Int32Array.from({ length: c.length }, (_, i) => names.indexOf((c.logins[c.login[i] as number] as string).replace(/^./, (l) => l.toUpperCase()))), names);
    const sorted = boardOrderOf(columnsOf(records, 'acme/app'));
    expect(boardOrderOf(sorted)).toBe(sorted);
    const board = (activity: BoardActivity) => JSON.stringify(buildLeaderboardData([], { contributors: {} }, opts({ activity })));
    expect(board(act(linked(sorted)))).toBe(board(act(named(records))));
    expect(board(act(linked(sorted)))).toBe(board(act(named([...records].reverse()))));
    expect(board(act(linked(columnsOf([...records].reverse(), 'acme/app'))))).toBe(board(act(named(records))));
  });

  it('writes exactly the commits-only file when no activity is given', () => {
    const commits = [sc('Bob', '2025-03-04T09:00:00Z', 30)];
    const text = JSON.stringify(buildLeaderboardData(commits, { contributors: {} }, opts()));
    expect(text).not.toMatch(/review|issue|activity/);
  });
});
