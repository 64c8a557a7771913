import { sharePart, type CoAuthorMode } from '../../../src/shared/credit.js';
import type { Commit } from '../../../src/shared/data-file.js';
import { formatScore } from './format.js';
import { shownName } from './person-name.js';

/** A hash as the revert marks show it: as long as the hashes on the commit cards, to find it there. */
export const shortHash = (hash: string): string => hash.slice(0, 8);

/**
 * Who else holds a commit with co-authors, as `person`'s card says it (null without co-authors).
 * On the author's card: 'with Ann, Bo'. On a co-author's card the viewed person is not listed
 * among 'with', and the commit is said to be someone else's: 'Bob's commit, with Carol' when the
 * commit names its author, else 'Co-authored, with Carol' ('Co-authored' when no one else is).
 */
export function coAuthorsParts(commit: Pick<Commit, 'co_authors' | 'author'>, person?: string): { lead: string | null; names: string[]; text: string } | null {
  const all = commit.co_authors ?? [];
  if (all.length === 0) return null;
  const coAuthor = person !== undefined && all.includes(person);
  if (!coAuthor) return { lead: null, names: all, text: `with ${all.map(shownName).join(', ')}` };
  const names = all.filter((n) => n !== person);
  const author = commit.author !== undefined && commit.author !== '' && commit.author !== person ? commit.author : null;
  const lead = author !== null ? `${shownName(author)}'s commit` : 'Co-authored';
  return { lead, names, text: names.length > 0 ? `${lead}, with ${names.map(shownName).join(', ')}` : lead };
}

/** The words of {@link coAuthorsParts}: 'with Ann, Bo', 'Bob's commit, with Carol'; null without co-authors. */
export function coAuthorsText(commit: Pick<Commit, 'co_authors' | 'author'>, person?: string): string | null {
  return coAuthorsParts(commit, person)?.text ?? null;
}

/**
 * What the open row's person gets from a commit with co-authors: under `share` their part
 * ('Bo's part: 25.33 of 76 pts, split 3 ways'), under `full` the whole score; null otherwise.
 * The person is a co-author when listed as one, else the author (index 0 of the split).
 */
export function creditText(commit: Pick<Commit, 'co_authors' | 'scores'>, person: string | undefined, mode: CoAuthorMode): { text: string; part: number } | null {
  const coAuthors = commit.co_authors ?? [];
  if (coAuthors.length === 0 || mode === 'author' || person === undefined) return null;
  const people = coAuthors.length + 1;
  const total = commit.scores.total;
  // Their part is found by the name as the data has it; the text says it as the page shows it.
  const who = shownName(person);
  if (mode === 'full') return { text: `${who} gets the whole ${formatScore(total)} pts, as each of the ${people} people do`, part: total };
  const part = sharePart(total, people, coAuthors.indexOf(person) + 1);
  return { text: `${who}'s part: ${formatScore(part)} of ${formatScore(total)} pts, split ${people} ways`, part };
}

/** The marks of a commit the revert rule cancelled: 'reverted by 1a2b3c4d', 'revert of 5d6e7f80'. */
export function revertMarks(commit: Pick<Commit, 'reverted_by' | 'revert_of'>): string[] {
  const marks: string[] = [];
  if (commit.reverted_by) marks.push(`reverted by ${shortHash(commit.reverted_by)}`);
  if (commit.revert_of && commit.revert_of.length > 0) marks.push(`revert of ${commit.revert_of.map(shortHash).join(', ')}`);
  return marks;
}

/** The parts' sum of a cancelled commit: what it would score without the revert rule. */
export function uncancelledTotal(scores: Commit['scores']): number {
  return scores.loc + scores.files + scores.keyword + scores.ai;
}
