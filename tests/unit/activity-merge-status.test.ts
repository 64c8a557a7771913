import { describe, expect, it } from 'vitest';
import type { ActivityStatus } from '../../src/core/activity.js';
import { combineActivityStatus } from '../../src/core/merge/activity-status.js';

const ok = (syncedAt: string): ActivityStatus => ({ state: 'ok', syncedAt });
const failed = (error: string, syncedAt: string | null): ActivityStatus => ({ state: 'failed', error, syncedAt });
const off = (reason: string): ActivityStatus => ({ state: 'off', reason });

describe('the activity status of merged parts', () => {
  it('is failed when any part failed, whatever the order', () => {
    const parts = [ok('2025-03-02T00:00:00Z'), failed('Reviews not updated: GitHub answered 401 Bad credentials', '2025-03-01T00:00:00Z'), off('No GitHub remote.')];
    const want = { state: 'failed', error: 'Reviews not updated: GitHub answered 401 Bad credentials', syncedAt: '2025-03-01T00:00:00Z' };
    expect(combineActivityStatus(parts)).toEqual(want);
    expect(combineActivityStatus([...parts].reverse())).toEqual(want);
    expect(combineActivityStatus([failed('Reviews not updated: b', null), failed('Reviews not updated: a', '2025-01-01T00:00:00Z')])).toEqual({ state: 'failed', error: 'Reviews not updated: a; b', syncedAt: null });
  });

  it('is ok at the oldest sync when parts read activity, off when none did, absent when none says', () => {
    expect(combineActivityStatus([ok('2025-03-02T00:00:00Z'), off('No GitHub remote.'), ok('2025-03-01T00:00:00Z')])).toEqual(ok('2025-03-01T00:00:00Z'));
    expect(combineActivityStatus([off('b'), off('a'), undefined])).toEqual(off('a'));
    expect(combineActivityStatus([undefined])).toBeUndefined();
  });
});
