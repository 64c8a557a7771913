import { describe, expect, it } from 'vitest';
import { MAX_INTERVAL_MS, parseInterval } from '../../src/server/refresher.js';

describe('parseInterval', () => {
  it.each([
    ['15m', 900_000], ['1h', 3_600_000], ['30s', 30_000], ['15', 900_000], ['1.5h', 5_400_000], ['1000ms', 1000], [' 2 m ', 120_000],
  ])('reads %j as %d ms', (text, ms) => {
    expect(parseInterval(text)).toBe(ms);
  });

  it.each([['0s'], ['999ms'], ['-5m'], ['soon'], ['5d'], [''], ['1000h']])('refuses %j', (text) => {
    expect(parseInterval(text)).toBeNull();
  });

  it('accepts up to the longest wait a timer can do, and no more', () => {
    expect(parseInterval(`${MAX_INTERVAL_MS}ms`)).toBe(MAX_INTERVAL_MS);
    expect(parseInterval(`${MAX_INTERVAL_MS + 1}ms`)).toBeNull();
  });
});
