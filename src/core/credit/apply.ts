import { DEFAULT_CREDIT, splitCents, type CreditSettings } from '../../shared/credit.js';
import type { LeaderboardConfig } from '../config.js';
import type { ScoredCommit } from '../types.js';
import { commitPeople, type Person } from './people.js';
import { resolveReverts, type RevertMark } from './reverts.js';

/** One person's credit for one commit. */
export interface Share extends Person {
  /** Their part of the commit's score, in hundredths (exact sums, whatever the split). */
  cents: number;
  /** Credited as a co-author, not as the author. */
  coAuthor: boolean;
}

/** A commit's co-authors and revert links, as its row of the data file gives them. */
export interface CommitLinks {
  /** Scored 0 by the revert rule. */
  cancelled: boolean;
  co_authors?: string[];
  reverted_by?: string;
  revert_of?: string[];
}

/** The credit rules applied to the analysed commits (see {@link planCredit}). */
export interface CreditPlan {
  settings: CreditSettings;
  /** The commit's score after the revert rule: 0 when cancelled, else its total. */
  total(commit: ScoredCommit): number;
  /** Who is credited for the commit and with how much; the author first. */
  shares(commit: ScoredCommit): Share[];
  /** What the commit's row of the data file says of its credit: each field only when it applies. */
  links(commit: ScoredCommit): CommitLinks;
  /** Commits scored 0 by the revert rule, and commits credited to co-authors, among `analysed`. */
  counts(analysed: readonly ScoredCommit[]): { cancelled: number; coAuthored: number };
}

/**
 * Applies the credit settings: reverts are resolved over `all` (every commit in the window,
 * bots' too, since a revert undoes a change whoever made it), newest first by author date; each
 * commit is then credited to its author only (`author`), split equally with its co-authors
 * (`share`), or credited in full to each (`full`).
 */
export function planCredit(all: readonly ScoredCommit[], settings: CreditSettings = DEFAULT_CREDIT, bots: LeaderboardConfig['bots']): CreditPlan {
  const marks: Map<string, RevertMark> = settings.reverts === 'cancel' ? resolveReverts(newestFirst(all)) : new Map();
  const total = (c: ScoredCommit) => (marks.has(c.hash) ? 0 : c.total);
  const shares = (c: ScoredCommit): Share[] => {
    const score = total(c);
    // Most commits have no co-author, and need no list of people: this was a tenth of a 60,000-commit board's build.
    const people = settings.coAuthors === 'author' || !c.co_authors?.length ? null : commitPeople(c, bots);
    if (!people || people.length === 1) return [{ name: c.author, email: c.email, cents: Math.round(score * 100), coAuthor: false }];
    const cents = settings.coAuthors === 'share' ? splitCents(score, people.length) : people.map(() => Math.round(score * 100));
    return people.map((p, i) => ({ ...p, cents: cents[i] ?? 0, coAuthor: i > 0 }));
  };
  return {
    settings,
    total,
    shares,
    links(commit) {
      const links: CommitLinks = { cancelled: false };
      const coAuthors = commitPeople(commit, bots).slice(1);
      if (coAuthors.length > 0) links.co_authors = coAuthors.map((p) => p.name);
      const mark = marks.get(commit.hash);
      if (mark) links.cancelled = true;
      if (mark?.by) links.reverted_by = mark.by;
      if (mark?.of) links.revert_of = mark.of;
      return links;
    },
    counts(analysed) {
      let cancelled = 0;
      let coAuthored = 0;
      for (const c of analysed) {
        if (marks.has(c.hash)) cancelled++;
        if (settings.coAuthors !== 'author' && commitPeople(c, bots).length > 1) coAuthored++;
      }
      return { cancelled, coAuthored };
    },
  };
}

/** The commits newest first by author date (stable: equal dates keep their order). */
function newestFirst(commits: readonly ScoredCommit[]): ScoredCommit[] {
  if (!commits.some((c) => c.reverts)) return [];
  const ms = new Map(commits.map((c) => [c.hash, Date.parse(c.date)]));
  return [...commits].sort((a, b) => (ms.get(b.hash) ?? 0) - (ms.get(a.hash) ?? 0));
}
