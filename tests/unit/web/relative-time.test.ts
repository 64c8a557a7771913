import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelativeTime } from '../../../web/src/lib/relative-time.js';

const NOW = Date.parse('2025-10-21T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [MIN, '1 minute ago'],
    [5 * MIN, '5 minutes ago'],
    [59 * MIN, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY, '1 day ago'],
    [29 * DAY, '29 days ago'],
    [45 * DAY, '1 month ago'],
    [300 * DAY, '10 months ago'],
    [365 * DAY, '1 year ago'],
    [800 * DAY, '2 years ago'],
  ])('%i ms ago is %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), NOW)).toBe(text);
  });

  it("says 'just now' for a time slightly in the future (clock skew)", () => {
    expect(formatRelativeTime(new Date(NOW + 30_000).toISOString(), NOW)).toBe('just now');
  });

  it('returns an unreadable date as it is', () => {
    expect(formatRelativeTime('not a date', NOW)).toBe('not a date');
  });
});

describe('formatExactTime', () => {
  it('includes the ISO time', () => {
    expect(formatExactTime('2025-10-21T09:15:23.955Z')).toContain('2025-10-21T09:15:23.955Z');
  });

  it('returns an unreadable date as it is', () => {
    expect(formatExactTime('nope')).toBe('nope');
  });
});
