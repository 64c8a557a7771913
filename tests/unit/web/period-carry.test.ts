import { describe, expect, it } from 'vitest';
import { carryPeriod, labelType, resolvePeriod } from '../../../web/src/lib/period-carry.js';

// The fixture's shape: 2024-W43 .. 2025-W43, 2024-10 .. 2025-10, 2024-Q4 .. 2025-Q4, newest first.
const weeks = Array.from({ length: 53 }, (_, i) => (i < 10 ? `2024-W${43 + i}` : `2025-W${String(i - 9).padStart(2, '0')}`)).reverse();
const months = ['2024-10', '2024-11', '2024-12', ...Array.from({ length: 10 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`)].reverse();
const quarters = ['2024-Q4', '2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4'].reverse();

describe('carryPeriod', () => {
  it('takes the month and quarter holding a week\'s Thursday', () => {
    expect(carryPeriod('weekly', '2025-W10', 'monthly', months)).toBe('2025-03');
    expect(carryPeriod('weekly', '2025-W10', 'quarterly', quarters)).toBe('2025-Q1');
    // Mar 31 - Apr 6, 2025: four of its days, Thursday among them, are April's.
    expect(carryPeriod('weekly', '2025-W14', 'monthly', months)).toBe('2025-04');
    // Dec 30, 2024 - Jan 5, 2025 is 2025's week, January's and Q1's.
    expect(carryPeriod('weekly', '2025-W01', 'monthly', months)).toBe('2025-01');
    expect(carryPeriod('weekly', '2025-W01', 'quarterly', quarters)).toBe('2025-Q1');
  });

  it('takes the latest week of a month (Thursday in it) and the latest month of a quarter', () => {
    expect(carryPeriod('monthly', '2025-09', 'weekly', weeks)).toBe('2025-W39');
    expect(carryPeriod('monthly', '2025-10', 'weekly', weeks)).toBe('2025-W43');
    expect(carryPeriod('quarterly', '2025-Q1', 'monthly', months)).toBe('2025-03');
    expect(carryPeriod('quarterly', '2025-Q1', 'weekly', weeks)).toBe('2025-W13');
    expect(carryPeriod('monthly', '2025-07', 'quarterly', quarters)).toBe('2025-Q3');
  });

  it('comes back to the newest period from the newest', () => {
    const month = carryPeriod('weekly', weeks[0]!, 'monthly', months)!;
    expect(carryPeriod('monthly', month, 'weekly', weeks)).toBe(weeks[0]);
  });

  it('prefers the periods `prefer` accepts, then weeks only partly in the month, before any other', () => {
    const active = (labels: string[]) => (l: string) => labels.includes(l);
    expect(carryPeriod('monthly', '2025-09', 'weekly', weeks, active(['2025-W37', '2025-W43']))).toBe('2025-W37');
    // Sep 29 - Oct 5 is October's week, but the only one of September they were active in.
    expect(carryPeriod('monthly', '2025-09', 'weekly', weeks, active(['2025-W40']))).toBe('2025-W40');
    expect(carryPeriod('monthly', '2025-09', 'weekly', weeks, active(['2025-W43']))).toBe('2025-W39');
  });

  it('takes the nearest period before one the board lacks, else the latest', () => {
    const gappy = months.filter((m) => m !== '2025-03' && m !== '2025-02');
    expect(carryPeriod('weekly', '2025-W10', 'monthly', gappy)).toBe('2025-01');
    expect(carryPeriod('weekly', '2019-W01', 'monthly', months)).toBe('2025-10');
    expect(carryPeriod('weekly', '2030-W01', 'monthly', months)).toBe('2025-10');
    expect(carryPeriod('weekly', 'last week', 'monthly', months)).toBe('2025-10');
    expect(carryPeriod('weekly', '2025-W10', 'monthly', [])).toBeNull();
  });
});

describe('resolvePeriod', () => {
  it('keeps a label the board has', () => {
    expect(resolvePeriod('weekly', '2025-W10', weeks)).toBe('2025-W10');
  });

  it('gives the nearest before a missing one, the latest when none is before, and carries another type\'s label', () => {
    expect(resolvePeriod('weekly', '2025-W20', weeks.filter((w) => w !== '2025-W20'))).toBe('2025-W19');
    expect(resolvePeriod('weekly', '2019-W01', weeks)).toBe('2025-W43');
    expect(resolvePeriod('quarterly', '1999-Q1', quarters)).toBe('2025-Q4');
    expect(resolvePeriod('weekly', '2025-03', weeks)).toBe('2025-W13');
    expect(resolvePeriod('monthly', 'nonsense', months)).toBe('2025-10');
  });
});

describe('labelType', () => {
  it('tells the type a label is written as', () => {
    expect(labelType('2025-W10')).toBe('weekly');
    expect(labelType('2025-03')).toBe('monthly');
    expect(labelType('2025-Q1')).toBe('quarterly');
    expect(labelType('2025-13')).toBeNull();
    expect(labelType('yesterday')).toBeNull();
  });
});
