/** Where the names hidden by the contributor filter are kept in localStorage (`serve`'s page; see hiddenStorageKey). */
export const HIDDEN_STORAGE_KEY = 'leaderboard:hidden-contributors';

/**
 * The key of this board's hidden names. A published site's is its own, after its path: GitHub
 * Pages serves all of an owner's project sites from one origin, whose boards would otherwise hide
 * each other's names. `serve`'s page keeps HIDDEN_STORAGE_KEY (its origin is its own).
 */
export function hiddenStorageKey(published: boolean, pathname: string): string {
  if (!published) return HIDDEN_STORAGE_KEY;
  return `${HIDDEN_STORAGE_KEY}:${pathname.replace(/[^/]*$/, '')}`;
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
