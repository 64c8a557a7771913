import { useCallback, useEffect, useState } from 'react';
import { HIDDEN_STORAGE_KEY, parseHiddenNames, serializeHiddenNames } from '../lib/hidden-names.js';

function readStored(): Set<string> {
  try {
    return parseHiddenNames(window.localStorage.getItem(HIDDEN_STORAGE_KEY));
  } catch {
    return new Set(); // storage disabled: the filter still works for this visit
  }
}

/**
 * The contributor names hidden from the view, kept in localStorage (and followed across tabs).
 */
export function useHiddenContributors(): [ReadonlySet<string>, (next: ReadonlySet<string>) => void] {
  const [hidden, setHiddenState] = useState<ReadonlySet<string>>(readStored);

  const setHidden = useCallback((next: ReadonlySet<string>) => {
    setHiddenState(next);
    try {
      if (next.size === 0) window.localStorage.removeItem(HIDDEN_STORAGE_KEY);
      else window.localStorage.setItem(HIDDEN_STORAGE_KEY, serializeHiddenNames(next));
    } catch {
      // storage full or disabled: keep the filter for this visit only
    }
  }, []);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === HIDDEN_STORAGE_KEY || e.key === null) setHiddenState(readStored());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return [hidden, setHidden];
}
