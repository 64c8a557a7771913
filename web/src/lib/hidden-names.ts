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

/**
 * This board's stored hidden names. A published site's page kept them under the origin's one key
 * before each board had its own: they are read there while the board's key was never written,
 * and kept under the board's key from then on (the old key stays, for the origin's other boards).
 */
export function readHiddenNames(storage: Pick<Storage, 'getItem' | 'setItem'>, key: string): Set<string> {
  const own = storage.getItem(key);
  if (own !== null || key === HIDDEN_STORAGE_KEY) return parseHiddenNames(own);
  const shared = storage.getItem(HIDDEN_STORAGE_KEY);
  if (shared === null) return new Set();
  const names = parseHiddenNames(shared);
  try {
    storage.setItem(key, serializeHiddenNames(names));
  } catch {
    // storage full: read from the shared key again next time
  }
  return names;
}

/** Stores this board's hidden names. None: `serve`'s key is removed; a board's own key keeps `[]`, so the origin's old key is not read again. */
export function storeHiddenNames(storage: Pick<Storage, 'setItem' | 'removeItem'>, key: string, hidden: ReadonlySet<string>): void {
  if (hidden.size === 0 && key === HIDDEN_STORAGE_KEY) storage.removeItem(key);
  else storage.setItem(key, serializeHiddenNames(hidden));
}
