import { useCallback, useEffect, useState } from 'react';
import { hiddenStorageKey, readHiddenNames, storeHiddenNames } from '../lib/hidden-names.js';
import { isPublishedSite } from '../lib/site-mode.js';

const storageKey = () => hiddenStorageKey(isPublishedSite(), window.location.pathname);

function readStored(): Set<string> {
  try {
    return readHiddenNames(window.localStorage, storageKey());
  } catch {
    return new Set(); // storage disabled: the filter still works for this visit
  }
}

/**
 * The contributor names hidden from the view, kept in localStorage under this board's key (and
 * followed across tabs).
 */
export function useHiddenContributors(): [ReadonlySet<string>, (next: ReadonlySet<string>) => void] {
  const [hidden, setHiddenState] = useState<ReadonlySet<string>>(readStored);

  const setHidden = useCallback((next: ReadonlySet<string>) => {
    setHiddenState(next);
    try {
      storeHiddenNames(window.localStorage, storageKey(), next);
    } catch {
      // storage full or disabled: keep the filter for this visit only
    }
  }, []);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === storageKey() || e.key === null) setHiddenState(readStored());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return [hidden, setHidden];
}
