import type { ActivityStatus } from '../activity.js';

const FAILED_PREFIX = /^Reviews not updated:? /;

/**
 * The error of a failed sync: "Reviews not updated: WHY", or on a board of several repositories
 * "Reviews not updated for OWNER/NAME: WHY" (which one failed is otherwise anyone's guess).
 */
export function syncFailedError(why: string, repository: string | null): string {
  return repository ? `Reviews not updated for ${repository}: ${why}` : `Reviews not updated: ${why}`;
}

/** A part's failed status, its repository named (see syncFailedError) unless its error names one already. */
export function namingRepository(status: ActivityStatus | undefined, repository: string): ActivityStatus | undefined {
  if (status?.state !== 'failed' || !status.error.startsWith('Reviews not updated: ')) return status;
  return { ...status, error: syncFailedError(status.error.replace(FAILED_PREFIX, ''), repository) };
}

/**
 * The activity status of a board merged from parts (each part read its repository's activity on
 * its own), the same whatever the order of the parts: failed when any part failed (their errors
 * in one sentence, the oldest last good sync, null when one part never synced); else ok when any
 * part read activity (the oldest sync, so the board never claims to be newer than its oldest
 * part); else off (the first reason in text order); undefined when no part says anything.
 */
export function combineActivityStatus(statuses: readonly (ActivityStatus | undefined)[]): ActivityStatus | undefined {
  const known = statuses.filter((s): s is ActivityStatus => s !== undefined);
  const failed = known.filter((s): s is Extract<ActivityStatus, { state: 'failed' }> => s.state === 'failed');
  const oks = known.filter((s): s is Extract<ActivityStatus, { state: 'ok' }> => s.state === 'ok');
  const oldest = (times: string[]) => [...times].sort()[0];
  if (failed.length > 0) {
    // Each part's error starts "Reviews not updated: " (or " for OWNER/NAME: "); the sentence says it once.
    // Those that name no repository first, so the sentence never reads "not updated: for ...".
    const errors = [...new Set(failed.map((s) => s.error.replace(FAILED_PREFIX, '')))].sort((a, b) => Number(a.startsWith('for ')) - Number(b.startsWith('for ')) || (a < b ? -1 : a > b ? 1 : 0));
    const synced = [...failed.map((s) => s.syncedAt), ...oks.map((s) => s.syncedAt)];
    const syncedAt = synced.includes(null) ? null : (oldest(synced as string[]) ?? null);
    // Named all (several repositories), "for A: ...; for B: ..."; else each after a colon.
    const named = errors.every((e) => e.startsWith('for '));
    return { state: 'failed', error: `Reviews not updated${named ? ' ' : ': '}${errors.join('; ')}`, syncedAt };
  }
  if (oks.length > 0) return { state: 'ok', syncedAt: oldest(oks.map((s) => s.syncedAt)) as string };
  const off = known.map((s) => (s.state === 'off' ? s.reason : '')).sort()[0];
  return off === undefined ? undefined : { state: 'off', reason: off };
}
