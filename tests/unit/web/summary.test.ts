import { describe, expect, it } from 'vitest';
import { computeSummary, significanceRate } from '../../../web/src/lib/summary.js';
import { entry } from './helpers.js';

describe('significanceRate', () => {
  it('is significant / total as a percentage with one decimal', () => {
    expect(significanceRate(1, 3)).toBe('33.3');
    expect(significanceRate(2, 3)).toBe('66.7');
    expect(significanceRate(1, 2)).toBe('50.0');
    expect(significanceRate(5, 5)).toBe('100.0');
  });

  it("is '0' when there are no commits", () => {
    expect(significanceRate(0, 0)).toBe('0');
  });
});

describe('computeSummary', () => {
  it('sums commits and counts contributors of the given entries', () => {
    const s = computeSummary([
      entry('a', { total_commits: 10, significant_commits: 4 }),
      entry('b', { total_commits: 5, significant_commits: 3 }),
    ]);
    expect(s).toEqual({
      totalCommits: 15, significantCommits: 7, simpleCommits: 8, contributors: 2, significanceRate: '46.7',
    });
  });

  it('uses the simple_commits of the entries, not total minus significant', () => {
    const s = computeSummary([entry('a', { total_commits: 3, significant_commits: 1, simple_commits: 1 })]);
    expect(s.simpleCommits).toBe(1);
  });

  it('is all zeros for an empty period', () => {
    expect(computeSummary([])).toEqual({
      totalCommits: 0, significantCommits: 0, simpleCommits: 0, contributors: 0, significanceRate: '0',
    });
  });

  it("keeps the rate at '0' when contributors have no commits", () => {
    expect(computeSummary([entry('a', { total_commits: 0, significant_commits: 0 })]).significanceRate).toBe('0');
  });
});
