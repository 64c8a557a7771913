import type { ContributorEntry } from '../../../src/shared/data-file.js';
import { folded } from '../../../src/shared/fold.js';
import { shownName } from './person-name.js';

export { folded };

/** Each entry list's folded names and emails, made once per list rather than on every keystroke. */
const foldedOf = new WeakMap<readonly ContributorEntry[], string[]>();

/**
 * Entries whose name or email contains the query (case, accents, Unicode normalisation and
 * surrounding spaces ignored), keeping their ranks: a search narrows the list, it does not rank it
 * again. All for an empty query.
 */
export function searchEntries(entries: readonly ContributorEntry[], query: string): readonly ContributorEntry[] {
  const q = folded(query.trim());
  if (!q) return entries;
  let texts = foldedOf.get(entries);
  if (!texts) foldedOf.set(entries, (texts = entries.map((e) => `${folded(shownName(e.name))}\n${folded(e.email)}`)));
  const found = texts;
  // The query cannot hold the line break that joins the two: a match is within one of them.
  return entries.filter((_, i) => (found[i] as string).includes(q));
}
