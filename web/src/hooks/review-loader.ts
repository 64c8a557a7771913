import { createContext, useContext, useEffect, useState } from 'react';
import type { ContributorEntry } from '../../../src/shared/data-file.js';
import type { Review } from '../../../src/shared/review-rows.js';

/**
 * Loads the listed reviews of a contributor of the period on screen, when the board keeps them
 * apart from the entries (see Board.reviewLoader); null when the entries carry their reviews.
 */
export const ReviewLoaderContext = createContext<((name: string) => Promise<Review[]>) | null>(null);

/** An entry's reviews: as given, or loaded when its row opens. */
export type EntryReviews =
  | { status: 'ready'; reviews: readonly Review[] }
  | { status: 'loading' }
  | { status: 'error'; message: string };

/** The reviews of `entry`, loading them through the context when the entry lists none. */
export function useEntryReviews(entry: ContributorEntry | null): EntryReviews {
  const loader = useContext(ReviewLoaderContext);
  const needed = entry !== null && loader !== null && entry.reviews === undefined && (entry.review_count ?? 0) > 0;
  const name = entry?.name ?? '';
  // What was loaded, and for which person and loader (a period's): until the effect below has run
  // for new ones, the last period's reviews must not show under the new period's heading.
  const [loaded, setLoaded] = useState<{ name: string; loader: unknown; reviews: EntryReviews } | null>(null);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    const settle = (reviews: EntryReviews) => { if (live) setLoaded({ name, loader, reviews }); };
    loader(name).then(
      (reviews) => settle({ status: 'ready', reviews }),
      (err: unknown) => settle({ status: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => { live = false; };
  }, [loader, name, needed]);
  if (!needed) return { status: 'ready', reviews: entry?.reviews ?? [] };
  return loaded && loaded.name === name && loaded.loader === loader ? loaded.reviews : { status: 'loading' };
}
