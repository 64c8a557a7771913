import { describe, expect, it } from 'vitest';
import { buildTrendSeries } from '../../../web/src/lib/chart-series.js';
import { entry } from './helpers.js';

describe('buildTrendSeries', () => {
  const periods = {
    '2025-W10': [entry('a', { total_commits: 4, significant_commits: 1 }), entry('b', { total_commits: 2, significant_commits: 2 })],
    '2025-W02': [entry('a', { total_commits: 1, significant_commits: 0 })],
    '2024-W52': [],
    '2025-W09': [entry('c', { total_commits: 3, significant_commits: 3 })],
  };

  it('sorts periods by label, oldest first', () => {
    expect(buildTrendSeries(periods).labels).toEqual(['2024-W52', '2025-W02', '2025-W09', '2025-W10']);
  });

  it('sums total, significant and simple commits and counts contributor records per period', () => {
    const s = buildTrendSeries(periods);
    expect(s.totalCommits).toEqual([0, 1, 3, 6]);
    expect(s.significantCommits).toEqual([0, 0, 3, 3]);
    expect(s.simpleCommits).toEqual([0, 1, 0, 3]);
    expect(s.contributors).toEqual([0, 1, 1, 2]);
  });

  it('leaves hidden contributors out of every sum and count', () => {
    const s = buildTrendSeries(periods, new Set(['a']));
    expect(s.labels).toEqual(['2024-W52', '2025-W02', '2025-W09', '2025-W10']);
    expect(s.totalCommits).toEqual([0, 0, 3, 2]);
    expect(s.significantCommits).toEqual([0, 0, 3, 2]);
    expect(s.simpleCommits).toEqual([0, 0, 0, 0]);
    expect(s.contributors).toEqual([0, 0, 1, 1]);
  });

  it('is empty without periods', () => {
    expect(buildTrendSeries({})).toEqual({ labels: [], totalCommits: [], significantCommits: [], simpleCommits: [], contributors: [] });
  });

  it('orders monthly and quarterly labels too', () => {
    expect(buildTrendSeries({ '2025-10': [], '2024-12': [], '2025-01': [] }).labels).toEqual(['2024-12', '2025-01', '2025-10']);
    expect(buildTrendSeries({ '2025-Q1': [], '2024-Q4': [], '2025-Q3': [] }).labels).toEqual(['2024-Q4', '2025-Q1', '2025-Q3']);
  });
});
