import { mailmapContacts, type Contact } from '../git/mailmap.js';
import type { RawCommit, ScoredCommit } from '../types.js';
import { parseCoAuthors, parseRevertTargets } from './trailers.js';

/** The message as git's trailer rules see it (the body may continue the title paragraph). */
function messageOf(raw: RawCommit): string {
  if (raw.body === '') return raw.subject;
  return `${raw.subject}${raw.titleContinues ? '\n' : '\n\n'}${raw.body}`;
}

/**
 * Records on each freshly scored commit what the credit rules need, so that they are cached
 * with its score and a change of credit setting rebuilds without reading git: its co-authors
 * (`Co-authored-by:` trailers, mapped through the mailmap like authors) and the hashes it says
 * it reverts. Commits without either are left as they are (the cache stays small). `mapped`
 * keeps the mailmap's answers between the batches of one read: each contact is asked about once.
 */
export async function attachCreditLinks(repo: string, raws: readonly RawCommit[], scored: Map<string, ScoredCommit>, mapped = new Map<string, Contact>()): Promise<void> {
  const found: { commit: ScoredCommit; coAuthors: Contact[] }[] = [];
  for (const raw of raws) {
    const commit = scored.get(raw.hash);
    if (!commit) continue;
    const message = messageOf(raw);
    const reverts = parseRevertTargets(message);
    if (reverts.length > 0) commit.reverts = reverts;
    const coAuthors = parseCoAuthors(message);
    if (coAuthors.length > 0) found.push({ commit, coAuthors });
  }
  if (found.length === 0) return;
  // One mailmap lookup per distinct contact not asked about before, in one git process.
  const keyOf = (c: Contact) => `${c.name}\0${c.email}`;
  const unknown = new Map<string, Contact>();
  for (const f of found) for (const c of f.coAuthors) if (!mapped.has(keyOf(c))) unknown.set(keyOf(c), c);
  const answers = await mailmapContacts(repo, [...unknown.values()]);
  [...unknown.keys()].forEach((key, i) => mapped.set(key, answers[i] as Contact));
  for (const { commit, coAuthors } of found) commit.co_authors = coAuthors.map((c) => mapped.get(keyOf(c)) ?? c);
}

/**
 * Part of the score cache's fingerprint: caches written before co-authors and revert links were
 * recorded lack them, so they are read from git once more. Bump when what is recorded changes.
 */
export const CREDIT_LINKS_VERSION = 1;
