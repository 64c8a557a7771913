import { invalid } from './commit-rows.js';

/**
 * The rows of the data file's `reviews` table (and of a chunk file's): each review an entry
 * lists, stored once, as `[pr, title, url, state, date, repo]`. Entries of every period hold
 * indexes into it (`reviews`), as they do into `commits`. Absent from files without review data.
 *
 * Written compactly (chunks, and the data file from schema_version 4), the pull requests are
 * stored once in `review_pulls` as `[repo, pr, title]`, or `[repo, pr, title, url]` when the URL
 * is not GitHub's usual `https://github.com/<repo>/pull/<pr>`, and each review as
 * `[pull, state, date]`, `pull` an index into `review_pulls`: a pull request's reviews share its
 * title and URL, which were most of a review row's bytes.
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

/** The URL of a pull request on github.com, which a compact `review_pulls` row leaves out. */
export const pullUrl = (repo: string, pr: number): string => `https://github.com/${repo}/pull/${pr}`;

/** The names of a compact review row's values (for errors). */
const COMPACT_REVIEW_COLUMNS = ['pull', 'state', 'date'] as const;

/** Row `index` of `review_pulls`, checked; throws a ZodError naming it and the column. */
function pullFromRow(pulls: readonly unknown[], index: number): Pick<Review, 'repo' | 'pr' | 'title' | 'url'> {
  const where = ['review_pulls', index];
  const row = pulls[index];
  if (!Array.isArray(row) || row.length < 3 || row.length > 4) throw invalid(where, 'expected a row of repo, pr, title and, when it is not GitHub\'s usual one, url', row);
  const [repo, pr, title, url] = row as unknown[];
  if (typeof repo !== 'string') throw invalid([...where, 0], 'expected a repository (a string)', repo);
  if (typeof pr !== 'number' || !Number.isInteger(pr) || pr < 0) throw invalid([...where, 1], 'expected a pull request number', pr);
  if (typeof title !== 'string') throw invalid([...where, 2], 'expected a title (a string)', title);
  if (url !== undefined && typeof url !== 'string') throw invalid([...where, 3], 'expected a URL (a string)', url);
  return { repo, pr, title, url: url ?? pullUrl(repo, pr) };
}

/** One compact row (see above) as a {@link Review}; throws a ZodError naming `where`, or the `review_pulls` row, and the column. */
export function reviewFromCompactRow(row: unknown, pulls: readonly unknown[], where: PropertyKey[]): Review {
  if (!Array.isArray(row) || row.length !== COMPACT_REVIEW_COLUMNS.length) throw invalid(where, `expected a row of ${COMPACT_REVIEW_COLUMNS.join(', ')}`, row);
  const [pull, state, date] = row as unknown[];
  if (typeof pull !== 'number' || !Number.isInteger(pull) || pull < 0 || pull >= pulls.length) {
    throw invalid([...where, 0], pulls.length === 0 ? 'expected an index into review_pulls, which is empty or missing' : `expected an index into review_pulls (0 to ${pulls.length - 1})`, pull);
  }
  if (!isState(state)) throw invalid([...where, 1], `expected one of ${REVIEW_STATES.join(', ')}`, state);
  if (typeof date !== 'string' || Number.isNaN(Date.parse(date))) throw invalid([...where, 2], 'expected an ISO 8601 date', date);
  return { ...pullFromRow(pulls, pull), state, date };
}

/** A table of compact rows and its `review_pulls`, as full rows, each checked. */
export function expandCompactReviews(reviews: unknown, pulls: unknown): ReviewRow[] {
  if (!Array.isArray(pulls)) throw invalid(['review_pulls'], 'expected an array of pull request rows', pulls);
  if (!Array.isArray(reviews)) throw invalid(['reviews'], 'expected an array of review rows', reviews);
  return reviews.map((row, i) => reviewRow(reviewFromCompactRow(row, pulls, ['reviews', i])));
}
