import { invalid } from './commit-rows.js';
import { isoDates, secondsAfter } from './seconds.js';

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
 *
 * From schema_version 5 (and in chunks written since), the reviews are columns: `review_pull`,
 * `review_state` (a letter each) and `review_at` (whole seconds, written as the difference from
 * the review above), and a table whose pull requests are all of one repository names it once, in
 * `review_repo`, its rows then `[pr, title]` or `[pr, title, url]`. On the reviews bench (60,000
 * reviews of 20,000 pull requests, 49,500 of them listed) the data file went from 6.7 to 4.9 MB and
 * the chunks from 12.9 to 7.6 MB (see {@link compactReviewTable}).
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

/**
 * A pull request's compact row: its repository when `namesRepo` (a table of several), its number
 * and title, and its URL only when it is not GitHub's usual one.
 */
export function pullRow(repo: string, pr: number, title: string, url: string, namesRepo: boolean): unknown[] {
  const row: unknown[] = namesRepo ? [repo, pr, title] : [pr, title];
  if (url !== pullUrl(repo, pr)) row.push(url);
  return row;
}

/** The names of a compact review row's values (for errors). */
const COMPACT_REVIEW_COLUMNS = ['pull', 'state', 'date'] as const;

/**
 * The members of a compact review table, as a data file (schema_version 4 and 5) or a chunk holds
 * them: `review_pulls`, then the reviews as rows (`reviews`) or as columns (`review_pull`,
 * `review_state`, `review_at`), and `review_repo` when the pull request rows name no repository.
 */
export interface CompactReviewMembers {
  review_repo?: unknown;
  review_pulls?: unknown;
  reviews?: unknown;
  review_pull?: unknown;
  review_state?: unknown;
  review_at?: unknown;
}

/** The members above, in the order a writer gives them. */
export const COMPACT_REVIEW_MEMBERS = ['review_repo', 'review_pulls', 'reviews', 'review_pull', 'review_state', 'review_at'] as const;

/** Whether a table is compact (any member but `reviews`, which full rows have too): {@link compactReviewTable} reads it, and names what is missing. */
export const isCompactReviewTable = (t: CompactReviewMembers): boolean =>
  t.review_pulls !== undefined || t.review_repo !== undefined || t.review_pull !== undefined || t.review_state !== undefined || t.review_at !== undefined;

/** The letter of each state in `review_state` (and in the activity file's column of the same name). */
export const REVIEW_STATE_LETTERS: Record<ReviewStateName, string> = { APPROVED: 'A', CHANGES_REQUESTED: 'C', COMMENTED: 'M' };
/** The state of each letter of `review_state` (and of the activity file's column of the same name). */
export const REVIEW_STATE_OF_LETTER: Record<string, ReviewStateName | undefined> = { A: 'APPROVED', C: 'CHANGES_REQUESTED', M: 'COMMENTED' };

type PullFields = Pick<Review, 'repo' | 'pr' | 'title' | 'url'>;

/** Row `index` of `review_pulls`, checked (each row once); throws a ZodError naming it and the column. */
function pullReader(pulls: readonly unknown[], defaultRepo: string | undefined): (index: number) => PullFields {
  const read: (PullFields | undefined)[] = [];
  return (index) => {
    const known = read[index];
    if (known) return known;
    const where = ['review_pulls', index];
    const row = pulls[index];
    const shape = 'expected a row of repo (unless review_repo gives it), pr, title and, when it is not GitHub\'s usual one, url';
    if (!Array.isArray(row)) throw invalid(where, shape, row);
    // A row that starts with its number is of the table's review_repo.
    const own = typeof row[0] !== 'number';
    if (row.length < (own ? 3 : 2) || row.length > (own ? 4 : 3)) throw invalid(where, shape, row);
    const [repo, pr, title, url] = (own ? row : [defaultRepo, ...row]) as unknown[];
    if (!own && repo === undefined) throw invalid([...where, 0], 'a pull request row that starts with its number is of review_repo, which is missing: add review_repo, or start the row with its repository', row[0]);
    if (typeof repo !== 'string') throw invalid([...where, 0], 'expected a repository (a string)', repo);
    if (typeof pr !== 'number' || !Number.isInteger(pr) || pr < 0) throw invalid([...where, own ? 1 : 0], 'expected a pull request number', pr);
    if (typeof title !== 'string') throw invalid([...where, own ? 2 : 1], 'expected a title (a string)', title);
    if (url !== undefined && typeof url !== 'string') throw invalid([...where, own ? 3 : 2], 'expected a URL (a string)', url);
    return (read[index] = { repo, pr, title, url: url ?? pullUrl(repo, pr) });
  };
}

const pullIndex = (pull: unknown, pulls: readonly unknown[], where: PropertyKey[]): number => {
  if (typeof pull !== 'number' || !Number.isInteger(pull) || pull < 0 || pull >= pulls.length) {
    throw invalid(where, pulls.length === 0 ? 'expected an index into review_pulls, which is empty or missing' : `expected an index into review_pulls (0 to ${pulls.length - 1})`, pull);
  }
  return pull;
};

/** A compact table's reviews, each read (and checked) when asked for. */
export interface CompactReviewTable {
  count: number;
  /** Review `ref` (0 to count - 1); throws a ZodError naming the member, row and column of what is wrong. */
  review: (ref: number) => Review;
}

/**
 * The reviews of a compact table (see {@link CompactReviewMembers}). As columns: `review_pull`
 * (indexes into `review_pulls`), `review_state` (a letter per review: A for APPROVED, C for
 * CHANGES_REQUESTED, M for COMMENTED) and `review_at` (whole seconds, the first since 1970, each
 * next one as the seconds before the one above: the table is newest first).
 */
export function compactReviewTable(t: CompactReviewMembers): CompactReviewTable {
  const { review_pulls: pulls, review_repo: repo } = t;
  if (!Array.isArray(pulls)) throw invalid(['review_pulls'], 'expected an array of pull request rows', pulls);
  if (repo !== undefined && typeof repo !== 'string') throw invalid(['review_repo'], 'expected the repository (owner/name) of the pull request rows that name none', repo);
  const pullAt = pullReader(pulls, repo);
  const { review_pull: pull, review_state: state, review_at: at, reviews: rows } = t;
  if (pull === undefined && state === undefined && at === undefined) {
    if (!Array.isArray(rows)) throw invalid(['reviews'], 'expected an array of review rows (or the columns review_pull, review_state and review_at)', rows);
    return { count: rows.length, review: (ref) => reviewFromCompactRow(rows[ref], pulls, pullAt, ['reviews', ref]) };
  }
  if (rows !== undefined) throw invalid(['reviews'], 'review rows beside the columns review_pull, review_state and review_at: give the rows or the columns', rows);
  if (!Array.isArray(pull)) throw invalid(['review_pull'], 'expected an array of indexes into review_pulls, one per review', pull);
  const n = pull.length;
  if (typeof state !== 'string' || state.length !== n) throw invalid(['review_state'], `expected a letter per review (${n}): A (APPROVED), C (CHANGES_REQUESTED) or M (COMMENTED)`, state);
  if (!Array.isArray(at) || at.length !== n) throw invalid(['review_at'], `expected whole seconds per review (${n}): the first since 1970, each next one as the seconds before the one above`, at);
  const seconds = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    seconds[i] = secondsAfter(i === 0 ? null : (seconds[i - 1] as number), at[i], ['review_at', i], `expected the whole seconds before the review above${i === 0 ? ' (the first: since 1970)' : ''}`);
  }
  const iso = isoDates();
  return {
    count: n,
    review: (ref) => {
      const letter = state[ref] as string;
      const name = REVIEW_STATE_OF_LETTER[letter];
      if (!name) throw invalid(['review_state', ref], 'expected A (APPROVED), C (CHANGES_REQUESTED) or M (COMMENTED)', letter);
      return { ...pullAt(pullIndex(pull[ref], pulls, ['review_pull', ref])), state: name, date: iso(seconds[ref] as number) };
    },
  };
}

/** One compact row (see above) as a {@link Review}; throws a ZodError naming `where`, or the `review_pulls` row, and the column. */
function reviewFromCompactRow(row: unknown, pulls: readonly unknown[], pullAt: (index: number) => PullFields, where: PropertyKey[]): Review {
  if (!Array.isArray(row) || row.length !== COMPACT_REVIEW_COLUMNS.length) throw invalid(where, `expected a row of ${COMPACT_REVIEW_COLUMNS.join(', ')}`, row);
  const [pull, state, date] = row as unknown[];
  const index = pullIndex(pull, pulls, [...where, 0]);
  if (!isState(state)) throw invalid([...where, 1], `expected one of ${REVIEW_STATES.join(', ')}`, state);
  if (typeof date !== 'string' || Number.isNaN(Date.parse(date))) throw invalid([...where, 2], 'expected an ISO 8601 date', date);
  return { ...pullAt(index), state, date };
}

/** A compact table (see {@link CompactReviewMembers}) as full rows, each checked. */
export function expandCompactReviews(t: CompactReviewMembers): ReviewRow[] {
  const table = compactReviewTable(t);
  const out = new Array<ReviewRow>(table.count);
  for (let i = 0; i < table.count; i++) out[i] = reviewRow(table.review(i));
  return out;
}
