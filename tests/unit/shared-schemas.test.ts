import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeDataFileError, parseLeaderboardData } from '../../src/shared/data-file.js';
import { manualContributionsFileSchema } from '../../src/shared/manual-contributions.js';

const FIXTURES = 'tests/fixtures';
const fixture = (name: string): unknown => JSON.parse(readFileSync(`${FIXTURES}/${name}`, 'utf8'));

describe('parseLeaderboardData', () => {
  it('reads the data file written by an earlier tool (inline commits)', () => {
    const data = parseLeaderboardData(fixture('real-leaderboard-data.json'));
    expect(data.total_commits_analyzed).toBe(726);
    expect(Object.keys(data.leaderboards.weekly)).toHaveLength(53);
    const entry = data.leaderboards.weekly['2025-W43']?.[0];
    expect(entry?.name).toBe('Tomer Shmilovich');
    expect(entry?.rank).toBe(1);
    const commit = entry?.commits[0];
    expect(commit).toMatchObject({ hash: '0beff4d1', classification: 'significant', stats: { lines: 182, excluded_files: 0 }, scores: { total: 72 } });
  });

  it('resolves the compact shape: commit indexes, derived hash, lines, total and classification', () => {
    const data = parseLeaderboardData({
      schema_version: 2,
      last_updated: '2025-01-01T00:00:00.000Z',
      commits: [{ full_hash: 'a'.repeat(40), date: '2025-01-01T00:00:00.000Z', message: 'feat: x', stats: { files: 1, insertions: 5, deletions: 1 }, scores: { loc: 3, files: 5, keyword: 25, ai: 20, ai_source: 'heuristic' } }],
      leaderboards: { weekly: { '2025-W01': [{ name: 'Ada', total_commits: 1, significant_commits: 1, commit_score: 53, commits: [0] }] } },
    });
    const entry = data.leaderboards.weekly['2025-W01']?.[0];
    expect(entry).toMatchObject({ simple_commits: 0, significance_ratio: 1, total_score: 53, avg_score: 53, tier: 'T0', tier_name: 'Elite' });
    expect(entry?.commits[0]).toMatchObject({ hash: 'aaaaaaaa', full_hash: 'a'.repeat(40), classification: 'significant', stats: { lines: 6 }, scores: { total: 53, ai_source: 'heuristic' } });
    expect(data.leaderboards.monthly).toEqual({});
  });

  it('names what is wrong in a malformed file', () => {
    const bad = (input: unknown) => {
      try {
        parseLeaderboardData(input);
      } catch (err) {
        return describeDataFileError(err);
      }
      throw new Error('expected a parse error');
    };
    expect(bad({ leaderboards: {} })).toMatch(/^The leaderboard data file is not valid: last_updated: /);
    expect(bad({ last_updated: 'x', leaderboards: { weekly: { w: [{ name: 3 }] } } })).toContain('leaderboards.weekly.w.0.name');
    expect(bad({ last_updated: 'x', leaderboards: { weekly: { w: [{ name: 'A', commits: [4] }] } } })).toContain('commit index 4 is not in the commits table');
  });
});

describe('manualContributionsFileSchema', () => {
  it('reads the real manual-contributions file and keeps its other keys', () => {
    const file = manualContributionsFileSchema.parse(fixture('real-manual-contributions.json'));
    expect(file.contributors['Kobe Chen']?.contributions).toEqual([{ score: 100, notes: '', start_date: '2025-10-17', end_date: '2025-10-19' }]);
    expect(file._instructions).toMatch(/Manually assign/);
  });

  it('reads the older flat shape as one contribution for every period', () => {
    const file = manualContributionsFileSchema.parse({ contributors: { Old: { score: 4, notes: 'flat' } } });
    expect(file.contributors.Old?.contributions).toEqual([{ score: 4, notes: 'flat', start_date: null, end_date: null }]);
  });

  it('refuses negative, fractional scores, bad dates and an end before the start', () => {
    const one = (c: unknown) => manualContributionsFileSchema.safeParse({ contributors: { A: { contributions: [c] } } }).success;
    expect(one({ score: -1 })).toBe(false);
    expect(one({ score: 1.5 })).toBe(false);
    expect(one({ score: 1, start_date: '2025-02-30' })).toBe(false);
    expect(one({ score: 1, start_date: '2025-03-02', end_date: '2025-03-01' })).toBe(false);
    expect(one({ score: 1, start_date: '2025-03-01', end_date: '2025-03-01' })).toBe(true);
  });
});

describe('manual contributor records: errors name what is wrong in the shape that was meant', () => {
  it.each([
    [{ contributions: 'x' }, 'contributors.a.contributions: Invalid input: expected array, received string'],
    [{ email: 5, contributions: [] }, 'contributors.a.email: Invalid input: expected string, received number'],
    [{ score: -1 }, 'contributors.a.score: must not be negative'],
    [{ score: 5.5 }, 'contributors.a.score: must be a whole number'],
    // Whole, only too large: zod's int() refuses numbers past 2^53 too, which added "must be a whole number".
    [{ score: 1e308 }, 'contributors.a.score: must be at most 100000'],
    [{ contributions: [{ score: 1e308 }] }, 'contributors.a.contributions.0.score: must be at most 100000'],
    [{ contributions: [{ score: 2 ** 53 + 2 }] }, 'contributors.a.contributions.0.score: must be at most 100000'],
    [{ score: '5' }, 'contributors.a.score: Invalid input: expected number, received string'],
    [{ score: 5, contributions: [] }, 'contributors.a: Unrecognized key: "contributions"'],
  ])('%j', (record, message) => {
    const r = manualContributionsFileSchema.safeParse({ contributors: { a: record } });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([message]);
  });
});
