import type { ContributorEntry } from '../../../src/shared/data-file.js';

/**
 * Entries whose name or email contains the query (case and surrounding spaces ignored), keeping
 * their ranks: a search narrows the list, it does not rank it again. All for an empty query.
 */
export function searchEntries(entries: readonly ContributorEntry[], query: string): readonly ContributorEntry[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return entries;
  return entries.filter((e) => e.name.toLocaleLowerCase().includes(q) || e.email.toLocaleLowerCase().includes(q));
}
