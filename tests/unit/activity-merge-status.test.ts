import { describe, expect, it } from 'vitest';
import type { ActivityStatus } from '../../src/core/activity.js';
import { combineActivityStatus, namingRepository, syncFailedError } from '../../src/core/merge/activity-status.js';

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

  it('names the repository of each failed part, once, in one sentence', () => {
    expect(syncFailedError('GitHub answered 401 Bad credentials', null)).toBe('Reviews not updated: GitHub answered 401 Bad credentials');
    expect(syncFailedError('GitHub answered 401 Bad credentials', 'acme/app')).toBe('Reviews not updated for acme/app: GitHub answered 401 Bad credentials');
    const tools = namingRepository(failed('Reviews not updated: GitHub answered 401 Bad credentials', null), 'acme/tools');
    expect(tools).toEqual(failed('Reviews not updated for acme/tools: GitHub answered 401 Bad credentials', null));
    // Named already (a part of several repositories), or not failed: as it is.
    expect(namingRepository(tools, 'acme/other')).toEqual(tools);
    expect(namingRepository(ok('2025-03-02T00:00:00Z'), 'acme/app')).toEqual(ok('2025-03-02T00:00:00Z'));
    const app = failed('Reviews not updated for acme/app: GitHub answered 502 Server Error', '2025-03-01T00:00:00Z');
    expect(combineActivityStatus([tools, app, ok('2025-03-02T00:00:00Z')])).toEqual(failed('Reviews not updated for acme/app: GitHub answered 502 Server Error; for acme/tools: GitHub answered 401 Bad credentials', null));
    // One part named, one not (an earlier version's): each after the colon, not "not updated GitHub ...".
    const unnamed = failed('Reviews not updated: GitHub answered 404 Not Found', null);
    expect(combineActivityStatus([unnamed, tools])).toEqual(failed('Reviews not updated: GitHub answered 404 Not Found; for acme/tools: GitHub answered 401 Bad credentials', null));
    expect(combineActivityStatus([tools, failed('Reviews not updated: zzz', null)])).toEqual(failed('Reviews not updated: zzz; for acme/tools: GitHub answered 401 Bad credentials', null));
  });

  it('is ok at the oldest sync when parts read activity, off when none did, absent when none says', () => {
    expect(combineActivityStatus([ok('2025-03-02T00:00:00Z'), off('No GitHub remote.'), ok('2025-03-01T00:00:00Z')])).toEqual(ok('2025-03-01T00:00:00Z'));
    expect(combineActivityStatus([off('b'), off('a'), undefined])).toEqual(off('a'));
    expect(combineActivityStatus([undefined])).toBeUndefined();
  });
});
