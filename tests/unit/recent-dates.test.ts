import { describe, expect, it } from 'vitest';
import { hoursAgo, inThisWeek, weekStart } from '../support/recent.js';

describe('test commit dates in the current week', () => {
  const tuesdayEarly = Date.parse('2026-11-24T02:08:00Z');
  const friday = Date.parse('2026-11-27T15:00:00Z');

  it('starts the week on Monday 00:00 UTC, also on a Sunday', () => {
    expect(new Date(weekStart(tuesdayEarly)).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(weekStart(Date.parse('2026-11-29T23:59:00Z'))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('keeps hours as they are late in a week, squeezes them early in one, in order either way', () => {
    expect(hoursAgo(30, friday)).toBe('2026-11-26T09:00:00.000Z');
    const early = [30, 25, 5, 0.5].map((h) => hoursAgo(h, tuesdayEarly));
    for (const d of early) expect(Date.parse(d)).toBeGreaterThanOrEqual(weekStart(tuesdayEarly));
    expect([...early].sort()).toEqual(early);
    expect(() => hoursAgo(49)).toThrow(/outside 0-48/);
  });

  it('places a share of the week so far', () => {
    expect(inThisWeek(0.5, tuesdayEarly)).toBe('2026-11-23T13:04:00.000Z');
  });
});
