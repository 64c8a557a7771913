import { useCallback, useState } from 'react';
import { repoFromUrl } from '../early-fetch.js';

/**
 * The repository selected on a board of several (`?repo=name` in the URL; null: all of them),
 * written back with replaceState like the period, keeping the other parameters.
 */
export function useRepoSelection(): [string | null, (repo: string | null) => void] {
  const [repo, setRepo] = useState<string | null>(() => repoFromUrl(window.location.search));
  const select = useCallback((next: string | null) => {
    setRepo(next);
    const url = new URL(window.location.href);
    if (next) url.searchParams.set('repo', next);
    else url.searchParams.delete('repo');
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url.href);
  }, []);
  return [repo, select];
}
