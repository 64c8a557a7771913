import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's `gc` (exposed by --expose-gc); `execution: 'async'` starts a full collection and returns. */
let collect: ((options?: { type: 'major'; execution: 'async' }) => void) | null | undefined;
let sizeFavoured = false;

/**
 * Histories from this many commits on are refreshed lean. Below it the live data is small, and
 * forced collections only cost time: about 0.3 s of a 20,000-commit refresh, which made it
 * slower than one `git log`.
 */
export const LEAN_FROM_COMMITS = 40_000;

/**
 * From this many commits on, V8 is also asked to favour size over speed. That took the peak of a
 * 200,000-commit refresh from 505 to 390 MB when it was set (from 120,000 commits), but its
 * smaller young generation nearly doubled the time spent collecting: on 60,000 commits over 20
 * years it cost about 2 s of a 30 s refresh to keep a 240 MB peak at 200 MB. Since the refresh
 * keeps less, a 200,000-commit refresh peaks at 284-292 MB without it (272 MB with it) and takes
 * 2-4 s less of ~50 s (45.8-49.6 s against 49.0-53.6 s, alternated): only bigger histories,
 * a million commits among them, favour size.
 */
export const SIZE_FAVOURED_FROM_COMMITS = 250_000;

/**
 * For a history of `commits` commits from {@link LEAN_FROM_COMMITS} on, starts a full garbage
 * collection, where the platform allows it (as jest's leak detector does);
 * otherwise nothing. A refresh calls it between its big steps: its live data is small (under
 * 250 MB for 200,000 commits) but V8, on a machine with gigabytes free, lets the garbage of
 * reading git's output pile up first, which took the peak RSS of such a refresh past 700 MB.
 * From {@link SIZE_FAVOURED_FROM_COMMITS} on it also sets `--optimize-for-size` (a slower heap
 * growth), once. The collection marks alongside the work (V8's incremental, concurrent marking)
 * instead of stopping it: a 200,000-commit refresh took ~1 s less (62.6-63.6 s against
 * 63.9-64.5 s, alternated), with the same peak.
 */
export function collectGarbage(commits: number): void {
  if (commits < LEAN_FROM_COMMITS) return;
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  if (!sizeFavoured && collect && commits >= SIZE_FAVOURED_FROM_COMMITS) {
    setFlagsFromString('--optimize-for-size');
    sizeFavoured = true;
  }
  collect?.({ type: 'major', execution: 'async' });
}
