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
  const [loaded, setLoaded] = useState<EntryReviews>({ status: 'loading' });
  useEffect(() => {
    if (!needed) return;
    let live = true;
    setLoaded({ status: 'loading' });
    loader(name).then(
      (reviews) => { if (live) setLoaded({ status: 'ready', reviews }); },
      (err: unknown) => { if (live) setLoaded({ status: 'error', message: err instanceof Error ? err.message : String(err) }); },
    );
    return () => { live = false; };
  }, [loader, name, needed]);
  return needed ? loaded : { status: 'ready', reviews: entry?.reviews ?? [] };
}
