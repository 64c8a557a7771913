import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

/**
 * Histories from this many commits on are refreshed lean. Below it the live data is small, and
 * forced collections with a size-favouring heap only cost time: about 0.3 s of a 20,000-commit
 * refresh, which made it slower than one `git log`.
 */
export const LEAN_FROM_COMMITS = 40_000;

/**
 * For a history of `commits` commits from {@link LEAN_FROM_COMMITS} on, runs a full garbage
 * collection, where the platform allows it (as jest's leak detector does);
 * otherwise nothing. A refresh calls it between its big steps: its live data is small (under
 * 250 MB for 200,000 commits) but V8, on a machine with gigabytes free, lets the garbage of
 * reading git's output pile up first, which took the peak RSS of such a refresh past 700 MB.
 * The first call also asks V8 to favour size over speed (`--optimize-for-size`: a slower heap
 * growth), which took that peak from 505 to 390 MB at the same refresh time.
 */
export function collectGarbage(commits: number): void {
  if (commits < LEAN_FROM_COMMITS) return;
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      setFlagsFromString('--optimize-for-size');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
