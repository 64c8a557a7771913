import { invalid } from './commit-rows.js';

/**
 * The rows of the data file's `reviews` table (and of a chunk file's): each review an entry
 * lists, stored once, as `[pr, title, url, state, date, repo]`. Entries of every period hold
 * indexes into it (`reviews`), as they do into `commits`. Absent from files without review data.
 */

/** A review state that counts (PENDING and DISMISSED never reach the board). */
export const REVIEW_STATES = ['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED'] as const;
export type ReviewStateName = (typeof REVIEW_STATES)[number];

/** One row of the `reviews` table. */
export type ReviewRow = [pr: number, title: string, url: string, state: ReviewStateName, date: string, repo: string];

/** The names of a row's values, in order (for readers and the README). */
export const REVIEW_COLUMNS = ['pr', 'title', 'url', 'state', 'date', 'repo'] as const;

/** A review as the page shows it: the one that counted for its pull request in the period. */
export interface Review {
  /** Pull request number. */
  pr: number;
  title: string;
  /** The pull request's page on GitHub. */
  url: string;
  state: ReviewStateName;
  /** When it was submitted (ISO 8601, UTC). */
  date: string;
  /** The GitHub repository, `owner/name`. */
  repo: string;
}

const isState = (v: unknown): v is ReviewStateName => typeof v === 'string' && (REVIEW_STATES as readonly string[]).includes(v);

/** One row as a {@link Review}; throws a ZodError naming `where` and the column when it is malformed. */
export function reviewFromRow(row: unknown, where: PropertyKey[]): Review {
  if (!Array.isArray(row) || row.length !== REVIEW_COLUMNS.length) throw invalid(where, `expected a row of ${REVIEW_COLUMNS.join(', ')}`, row);
  const [pr, title, url, state, date, repo] = row as unknown[];
  if (typeof pr !== 'number' || !Number.isInteger(pr) || pr < 0) throw invalid([...where, 0], 'expected a pull request number', pr);
  if (typeof title !== 'string') throw invalid([...where, 1], 'expected a title (a string)', title);
  if (typeof url !== 'string') throw invalid([...where, 2], 'expected a URL (a string)', url);
  if (!isState(state)) throw invalid([...where, 3], `expected one of ${REVIEW_STATES.join(', ')}`, state);
  if (typeof date !== 'string' || Number.isNaN(Date.parse(date))) throw invalid([...where, 4], 'expected an ISO 8601 date', date);
  if (typeof repo !== 'string') throw invalid([...where, 5], 'expected a repository (a string)', repo);
  return { pr, title, url, state, date, repo };
}

/** The `reviews` table of a data file or chunk (absent: empty), each row checked. */
export function readReviewRows(value: unknown, key = 'reviews'): Review[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid([key], 'expected an array of review rows', value);
  return value.map((row, i) => reviewFromRow(row, [key, i]));
}

/** A {@link Review} as its row. */
export function reviewRow(r: Review): ReviewRow {
  return [r.pr, r.title, r.url, r.state, r.date, r.repo];
}
