import { describe, expect, it } from 'vitest';
import { LeaderboardError } from '../../src/core/errors.js';
import { monthLabel, periodBounds, periodLabel, periodLabels, quarterLabel, weekLabel } from '../../src/core/periods.js';

describe('weekLabel (ISO week-year, UTC)', () => {
  it.each([
    ['2024-12-30T00:00:00Z', '2025-W01'], // Monday belonging to next year's week 1
    ['2024-12-29T23:59:59Z', '2024-W52'],
    ['2021-01-03T12:00:00Z', '2020-W53'], // Sunday belonging to last year's week 53
    ['2021-01-04T00:00:00Z', '2021-W01'],
    ['2020-12-31T00:00:00Z', '2020-W53'],
    ['2026-12-31T00:00:00Z', '2026-W53'], // 2026 has 53 weeks (starts on a Thursday)
    ['2027-01-03T00:00:00Z', '2026-W53'],
    ['2027-01-04T00:00:00Z', '2027-W01'],
    ['2025-01-01T00:00:00Z', '2025-W01'],
    ['2025-10-20T16:24:37.000Z', '2025-W43'],
    ['2023-01-01T00:00:00Z', '2022-W52'],
  ])('%s -> %s', (iso, label) => {
    expect(weekLabel(iso)).toBe(label);
  });

  it('uses UTC, not the offset of the date string', () => {
    // 23:30 at -05:00 on Sunday 2024-12-29 is Monday 04:30 UTC.
    expect(weekLabel('2024-12-29T23:30:00-05:00')).toBe('2025-W01');
  });

  it('rejects a date it cannot read', () => {
    expect(() => weekLabel('yesterday')).toThrow(LeaderboardError);
  });
});

describe('monthLabel and quarterLabel', () => {
  it.each([
    ['2025-01-01T00:00:00Z', '2025-01', '2025-Q1'],
    ['2025-03-31T23:59:59Z', '2025-03', '2025-Q1'],
    ['2025-04-01T00:00:00Z', '2025-04', '2025-Q2'],
    ['2025-06-30T12:00:00Z', '2025-06', '2025-Q2'],
    ['2025-07-01T00:00:00Z', '2025-07', '2025-Q3'],
    ['2025-09-30T00:00:00Z', '2025-09', '2025-Q3'],
    ['2025-10-01T00:00:00Z', '2025-10', '2025-Q4'],
    ['2025-12-31T23:59:59Z', '2025-12', '2025-Q4'],
    ['2024-12-31T20:00:00-05:00', '2025-01', '2025-Q1'], // 01:00 UTC on Jan 1st
  ])('%s -> %s, %s', (iso, month, quarter) => {
    expect(monthLabel(iso)).toBe(month);
    expect(quarterLabel(iso)).toBe(quarter);
  });

  it('periodLabel and periodLabels dispatch by type', () => {
    const iso = '2024-12-30T10:00:00Z';
    expect(periodLabel('weekly', iso)).toBe('2025-W01');
    expect(periodLabel('monthly', iso)).toBe('2024-12');
    expect(periodLabel('quarterly', iso)).toBe('2024-Q4');
    expect(periodLabels(iso)).toEqual({ weekly: '2025-W01', monthly: '2024-12', quarterly: '2024-Q4' });
  });
});

describe('periodBounds', () => {
  it.each([
    ['2025-W01', '2024-12-30', '2025-01-05'],
    ['2020-W53', '2020-12-28', '2021-01-03'],
    ['2026-W53', '2026-12-28', '2027-01-03'],
    ['2021-W01', '2021-01-04', '2021-01-10'],
    ['2025-W43', '2025-10-20', '2025-10-26'],
  ])('weekly %s is %s..%s', (label, start, end) => {
    expect(periodBounds('weekly', label)).toEqual({ start, end });
  });

  it.each([
    ['2025-01', '2025-01-01', '2025-01-31'],
    ['2024-02', '2024-02-01', '2024-02-29'],
    ['2025-02', '2025-02-01', '2025-02-28'],
    ['2025-12', '2025-12-01', '2025-12-31'],
  ])('monthly %s is %s..%s', (label, start, end) => {
    expect(periodBounds('monthly', label)).toEqual({ start, end });
  });

  it.each([
    ['2025-Q1', '2025-01-01', '2025-03-31'],
    ['2025-Q2', '2025-04-01', '2025-06-30'],
    ['2025-Q3', '2025-07-01', '2025-09-30'],
    ['2025-Q4', '2025-10-01', '2025-12-31'],
  ])('quarterly %s is %s..%s', (label, start, end) => {
    expect(periodBounds('quarterly', label)).toEqual({ start, end });
  });

  it('round-trips: every day of a few years lies inside the bounds of its own labels', () => {
    for (let ms = Date.UTC(2019, 11, 1); ms < Date.UTC(2027, 1, 1); ms += 86_400_000) {
      const day = new Date(ms).toISOString().slice(0, 10);
      for (const [type, label] of Object.entries(periodLabels(day)) as ['weekly' | 'monthly' | 'quarterly', string][]) {
        const { start, end } = periodBounds(type, label);
        expect(start <= day && day <= end).toBe(true);
      }
    }
  });

  it.each([
    ['weekly', '2025-W54'], ['weekly', '2025-W53'], ['weekly', '2025-W00'], ['weekly', '2025-01'],
    ['monthly', '2025-13'], ['monthly', '2025-00'], ['monthly', '2025-Q1'],
    ['quarterly', '2025-Q5'], ['quarterly', '2025-Q0'], ['quarterly', '2025-W01'],
  ] as const)('rejects %s label %s', (type, label) => {
    expect(() => periodBounds(type, label)).toThrow(LeaderboardError);
  });
});
