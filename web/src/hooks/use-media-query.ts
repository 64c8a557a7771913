import { useCallback, useSyncExternalStore } from 'react';

/** Whether the media query matches now, following its changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  // The same function while the query is: a new one each render made React subscribe again.
  const subscribe = useCallback((changed: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, [query]);
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
