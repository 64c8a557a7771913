import type { BoardActivity } from './activity-buckets.js';

/**
 * `metadata.activity` of a board with GitHub activity: the points in force and whether the data
 * is current, so the page explains exactly what was applied (and what failed).
 * - `status`: the ActivityStatus (`off` with its reason, `ok` with `syncedAt`, `failed` with
 *   `error` and the last good `syncedAt`);
 * - `points`: `approved`, `changesRequested`, `commented` per person, pull request and period,
 *   and `issueCompleted` (0: issue reports are not counted);
 * - `reviews`, `issues`: the records read (in the window or not), for the page's explanation.
 */
export function activityMetadata(a: BoardActivity): Record<string, unknown> {
  return {
    status: a.status,
    points: { ...a.points },
    reviews: a.reviews.length,
    issues: a.issues.length,
  };
}
