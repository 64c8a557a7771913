import { createContext, useContext, useEffect, useState } from 'react';
import type { Commit, ContributorEntry } from '../../../src/shared/data-file.js';

/**
 * Loads the listed commits of a contributor of the period on screen, when the board keeps them
 * apart from the entries (see Board.commitLoader); null when the entries carry their commits.
 */
export const CommitLoaderContext = createContext<((name: string) => Promise<Commit[]>) | null>(null);

/** An entry's commits: as given, or loaded when its row opens. */
export type EntryCommits =
  | { status: 'ready'; commits: readonly Commit[] }
  | { status: 'loading' }
  | { status: 'error'; message: string };

/** The commits of `entry`, loading them through the context when the entry has none listed. */
export function useEntryCommits(entry: ContributorEntry): EntryCommits {
  const loader = useContext(CommitLoaderContext);
  const needed = loader !== null && entry.commits.length === 0 && entry.total_commits > 0;
  const [loaded, setLoaded] = useState<EntryCommits>({ status: 'loading' });
  useEffect(() => {
    if (!needed) return;
    let live = true;
    loader(entry.name).then(
      (commits) => { if (live) setLoaded({ status: 'ready', commits }); },
      (err: unknown) => { if (live) setLoaded({ status: 'error', message: err instanceof Error ? err.message : String(err) }); },
    );
    return () => { live = false; };
  }, [loader, entry.name, needed]);
  return needed ? loaded : { status: 'ready', commits: entry.commits };
}
