import { boardStorageKey } from './shared-origin.js';

/** Where the names hidden by the contributor filter are kept in localStorage (`serve`'s page; see hiddenStorageKey). */
export const HIDDEN_STORAGE_KEY = 'leaderboard:hidden-contributors';

/** The key of this board's hidden names: a published site's has its path (see boardStorageKey). */
export function hiddenStorageKey(published: boolean, pathname: string): string {
  return boardStorageKey(HIDDEN_STORAGE_KEY, published, pathname);
}

/** Reads the stored hidden names (a JSON array of strings); anything else counts as none. */
export function parseHiddenNames(raw: string | null): Set<string> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return new Set();
    return new Set(value.filter((v): v is string => typeof v === 'string'));
  } catch {
    return new Set();
  }
}

/** The stored form of the hidden names: a sorted JSON array. */
export function serializeHiddenNames(hidden: ReadonlySet<string>): string {
  return JSON.stringify([...hidden].sort());
}
