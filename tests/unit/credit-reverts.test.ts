// The revert rule, and co-author credit as the leaderboards apply them.
import { describe, expect, it } from 'vitest';
import { resolveReverts } from '../../src/core/credit/reverts.js';
import { buildLeaderboardData, type BuildOptions } from '../../src/core/leaderboards.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { parseLeaderboardData } from '../../src/shared/data-file.js';
import { DEFAULT_CREDIT, sharePart, splitCents, type CreditSettings } from '../../src/shared/credit.js';
import { spelledOut } from '../cli/helpers.js';

const h = (c: string) => c.repeat(40);
const [A, R1, R2, R3, X] = [h('a'), h('1'), h('2'), h('3'), h('e')];

describe('resolveReverts (newest first)', () => {
  it('a pair: the revert cancels itself and the commit it reverts', () => {
    const marks = resolveReverts([{ hash: R1, reverts: [A] }, { hash: A }]);
    expect(Object.fromEntries(marks)).toEqual({ [R1]: { of: [A] }, [A]: { by: R1 } });
  });

  it('a re-land: a revert of the revert cancels the pair of reverts, the original counts', () => {
    const marks = resolveReverts([{ hash: R2, reverts: [R1] }, { hash: R1, reverts: [A] }, { hash: A }]);
    expect(Object.fromEntries(marks)).toEqual({ [R2]: { of: [R1] }, [R1]: { by: R2 } });
    expect(marks.has(A)).toBe(false);
  });

  it('a chain of three: everything is cancelled (the change is gone in the end)', () => {
    const marks = resolveReverts([{ hash: R3, reverts: [R2] }, { hash: R2, reverts: [R1] }, { hash: R1, reverts: [A] }, { hash: A }]);
    expect(Object.fromEntries(marks)).toEqual({ [R3]: { of: [R2] }, [R2]: { by: R3 }, [R1]: { of: [A] }, [A]: { by: R1 } });
  });

  it('several hashes in one message cancel each of them', () => {
    const B = h('b');
    const marks = resolveReverts([{ hash: R1, reverts: [A, B] }, { hash: B }, { hash: A }]);
    expect(Object.fromEntries(marks)).toEqual({ [R1]: { of: [A, B] }, [A]: { by: R1 }, [B]: { by: R1 } });
  });

  it('a revert of an unknown commit, or of one outside the window, is scored like any commit', () => {
    // X is not among the analysed commits (the window left it out, or it never existed here).
    expect(resolveReverts([{ hash: R1, reverts: [X] }, { hash: A }]).size).toBe(0);
    expect(resolveReverts([{ hash: R1, reverts: ['deadbee'] }, { hash: A }]).size).toBe(0);
  });

  it('matches an abbreviated hash, but not an ambiguous one', () => {
    expect(Object.fromEntries(resolveReverts([{ hash: R1, reverts: ['aaaaaaa'] }, { hash: A }]))).toEqual({ [R1]: { of: [A] }, [A]: { by: R1 } });
    const twins = [{ hash: R1, reverts: ['abcdef0'] }, { hash: `abcdef01${'0'.repeat(32)}` }, { hash: `abcdef02${'0'.repeat(32)}` }];
    expect(resolveReverts(twins).size).toBe(0);
  });
});

let seq = 0;
function sc(author: string, date: string, total: number, over: Partial<ScoredCommit> = {}): ScoredCommit {
  seq += 1;
  const loc = Math.min(30, total);
  const files = Math.min(20, total - loc);
  const keyword = Math.min(25, total - loc - files);
  return {
    hash: seq.toString(16).padStart(40, '0'),
    author,
    email: `${author.toLowerCase()}@example.com`,
    date,
    subject: `commit ${seq}`,
    breaking: false,
    stats: { files: 1, insertions: 1, deletions: 0, excluded_files: 0, excluded_lines: 0 },
    scores: { loc, files, keyword, ai: total - loc - files - keyword, ai_source: 'heuristic' },
    total,
    ...over,
  };
}
const opts = (credit: CreditSettings): BuildOptions => ({
  now: new Date('2025-06-01T00:00:00Z'), analysisPeriodDays: 365, commitsPerEntry: 20,
  bots: { exclude: true, patterns: [] }, metadata: {}, credit,
});
const people = (names: string[]) => names.map((n) => ({ name: n, email: `${n.toLowerCase()}@example.com` }));

describe('credit in the leaderboards', () => {
  const base = sc('Ann', '2025-03-03T10:00:00Z', 100, { co_authors: people(['Bo', 'Cy']) });
  const solo = sc('Bo', '2025-03-04T10:00:00Z', 40);
  const orig = sc('Cy', '2025-03-05T10:00:00Z', 75);
  const revert = sc('Ann', '2025-03-06T10:00:00Z', 33, { reverts: [orig.hash] });
  const commits = [revert, orig, solo, base];
  const month = (credit: CreditSettings) => parseLeaderboardData(buildLeaderboardData(commits, { contributors: {} }, opts(credit))).leaderboards.monthly['2025-03'] ?? [];
  const cents = (n: number) => Math.round(n * 100);

  it('author (default): the commit counts for its author only; reverts cancel', () => {
    const rows = month(DEFAULT_CREDIT).map((e) => [e.name, e.total_commits, e.significant_commits, e.commit_score]);
    expect(rows).toEqual([['Ann', 2, 1, 100], ['Bo', 1, 0, 40], ['Cy', 1, 0, 0]]);
  });

  it('share: each person counts the commit, the score is split to the cent and the board total is unchanged', () => {
    const entries = month({ coAuthors: 'share', reverts: 'cancel' });
    expect(entries.map((e) => [e.name, e.total_commits, e.commit_score, e.total_score, e.co_authored_commits])).toEqual([
      ['Bo', 2, 73.33, 73.33, 1], ['Ann', 2, 33.34, 33.34, 0], ['Cy', 2, 33.33, 33.33, 1],
    ]);
    expect(entries.reduce((sum, e) => sum + cents(e.total_score), 0)).toBe(14000);
    expect(month(DEFAULT_CREDIT).reduce((sum, e) => sum + cents(e.total_score), 0)).toBe(14000);
  });

  it('full: each person gets the whole score', () => {
    const entries = month({ coAuthors: 'full', reverts: 'cancel' });
    expect(entries.map((e) => [e.name, e.total_commits, e.significant_commits, e.commit_score])).toEqual([
      ['Bo', 2, 1, 140], ['Ann', 2, 1, 100], ['Cy', 2, 1, 100],
    ]);
  });

  it('score: reverts count like any commit', () => {
    expect(month({ coAuthors: 'author', reverts: 'score' }).map((e) => [e.name, e.commit_score])).toEqual([['Ann', 133], ['Cy', 75], ['Bo', 40]]);
  });

  it('writes co-authors and revert links on the rows, and the counts in the metadata', () => {
    const data = buildLeaderboardData(commits, { contributors: {} }, opts({ coAuthors: 'share', reverts: 'cancel' }));
    const row = (hash: string) => spelledOut(data).commits.find((c) => c.full_hash === hash);
    expect(row(base.hash)).toMatchObject({ co_authors: ['Bo', 'Cy'] });
    expect(row(base.hash)?.scores.total).toBeUndefined();
    expect(row(revert.hash)).toMatchObject({ revert_of: [orig.hash], scores: { total: 0 } });
    expect(row(orig.hash)).toMatchObject({ reverted_by: revert.hash, scores: { total: 0, loc: 30 } });
    expect(row(solo.hash)).not.toHaveProperty('co_authors');
    expect(data.metadata.credit).toEqual({ coAuthors: 'share', reverts: 'cancel', cancelled: 2, coAuthored: 1 });
    const normalized = parseLeaderboardData(data).leaderboards.monthly['2025-03']?.find((e) => e.name === 'Cy')?.commits;
    expect(normalized?.map((c) => [c.cancelled, c.scores.total, c.classification])).toEqual([[true, 0, 'simple'], [false, 100, 'significant']]);
  });
});

describe('splitCents / sharePart', () => {
  it('splits to the cent, the first people taking the leftover cents', () => {
    expect(splitCents(100, 3)).toEqual([3334, 3333, 3333]);
    expect(splitCents(75, 2)).toEqual([3750, 3750]);
    expect(splitCents(11, 4)).toEqual([275, 275, 275, 275]);
    expect(splitCents(1, 3)).toEqual([34, 33, 33]);
    expect(splitCents(0, 3)).toEqual([0, 0, 0]);
    expect(sharePart(100, 3, 2)).toBe(33.33);
  });
});
