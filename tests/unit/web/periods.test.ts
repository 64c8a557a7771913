import { describe, expect, it } from 'vitest';
import { compareLabels, describePeriod, latestLabel, sortLabelsAscending, sortLabelsDescending } from '../../../web/src/lib/periods.js';

describe('label sorting', () => {
  it('sorts weekly labels across years, newest first for the dropdown', () => {
    expect(sortLabelsDescending(['2025-W02', '2024-W52', '2025-W10', '2025-W01']))
      .toEqual(['2025-W10', '2025-W02', '2025-W01', '2024-W52']);
  });

  it('sorts oldest first for the chart', () => {
    expect(sortLabelsAscending(['2025-10', '2024-11', '2025-02'])).toEqual(['2024-11', '2025-02', '2025-10']);
    expect(sortLabelsAscending(['2025-Q2', '2024-Q4', '2025-Q1'])).toEqual(['2024-Q4', '2025-Q1', '2025-Q2']);
  });

  it('orders an unpadded week number by its value', () => {
    expect(compareLabels('2025-W9', '2025-W10')).toBeLessThan(0);
  });

  it('does not change its input', () => {
    const labels = ['b', 'a'];
    sortLabelsAscending(labels);
    expect(labels).toEqual(['b', 'a']);
  });

  it('finds the latest label, or null', () => {
    expect(latestLabel(['2025-W41', '2025-W43', '2025-W42'])).toBe('2025-W43');
    expect(latestLabel([])).toBeNull();
  });
});

describe('describePeriod', () => {
  it('gives the days of an ISO week (UTC)', () => {
    expect(describePeriod('weekly', '2025-W43')).toBe('Oct 20 – Oct 26, 2025');
    // Across New Year, both years: "Dec 30 – Jan 5, 2025" read as December 2025.
    expect(describePeriod('weekly', '2025-W01')).toBe('Dec 30, 2024 – Jan 5, 2025');
  });

  it('names a month and the months of a quarter', () => {
    expect(describePeriod('monthly', '2025-10')).toBe('October 2025');
    expect(describePeriod('quarterly', '2025-Q4')).toBe('Oct – Dec 2025');
  });

  it('is null for a label of another form', () => {
    expect(describePeriod('monthly', '2025-13')).toBeNull();
    expect(describePeriod('weekly', 'last week')).toBeNull();
    expect(describePeriod('quarterly', '2025-Q5')).toBeNull();
  });
});
