import { useCallback, useEffect, useState } from 'react';
import { repoFromUrl } from '../early-fetch.js';

/**
 * The repository selected on a board of several (`?repo=name` in the URL; null: all of them),
 * written back with replaceState like the period, keeping the other parameters, and read again
 * when Back or Forward moves to another entry (whose URL may name another repository, or none).
 */
export function useRepoSelection(): [string | null, (repo: string | null) => void] {
  const [repo, setRepo] = useState<string | null>(() => repoFromUrl(window.location.search));
  useEffect(() => {
    // A choice made on one entry stayed on the next: Forward to a contributor page opened under
    // All kept the repository chosen since, and said the contributor was on no period of it.
    const onPopState = () => setRepo(repoFromUrl(window.location.search));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const select = useCallback((next: string | null) => {
    setRepo(next);
    const url = new URL(window.location.href);
    if (next) url.searchParams.set('repo', next);
    else url.searchParams.delete('repo');
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url.href);
  }, []);
  return [repo, select];
}
