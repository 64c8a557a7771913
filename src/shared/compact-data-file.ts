import { COMMIT_COLUMNS, invalid, isPlainObject, type CommitRow } from './commit-rows.js';
import type { PeriodType, WrittenEntry, WrittenLeaderboardData } from './data-file.js';
import { COMPACT_REVIEW_MEMBERS, expandCompactReviews, isCompactReviewTable } from './review-rows.js';
import { isoDates, secondsAfter } from './seconds.js';

/**
 * schema_version 4: schema_version 3 with its people and values written compactly. Measured on a
 * 20-year board of 58,500 commits and 2,200 people, where schema_version 3 took 260 bytes a commit:
 *
 * - Each contributor entry is a row of values under the header `entry_columns`, as each commit is
 *   under `commit_columns`, and names its person as an index into the `people` table
 *   (`[name, email]`, plus the GitHub login where the board knows one) instead of by name: the
 *   key names and the repeated name were 88 of the 124 bytes a commit the leaderboards took.
 * - An entry's commit indexes (ascending) are written as the first, then each one's difference
 *   from the one before (`commits:delta`): 17 bytes a commit became 13.
 * - A commit's date is whole seconds, each row's written as the seconds before the row above's
 *   (the table is newest first; the first row counts from 1970) (`date:delta_seconds`): 23 bytes
 *   became 6 (11 as plain seconds).
 * - A commit's hash is its bytes in base64url (`full_hash:base64url`): 43 bytes became 30.
 *
 * Everything else is as schema_version 3 has it (the rest of a commit row, `commit_defaults`,
 * `reviews`, `metadata`). A writer uses an encoded column only when every value fits it (the
 * hashes are hex, the dates whole seconds in UTC), else the plain column of schema_version 3, so
 * nothing is lost. {@link expandCompactDataFile} turns such a file back into schema_version 3,
 * which `parseLeaderboardData` then reads.
 */

export const COMPACT_SCHEMA_VERSION = 4;
/** schema_version 4 with its reviews as columns (see src/shared/review-rows.ts): written for boards with review data. */
export const REVIEW_COLUMNS_SCHEMA_VERSION = 5;

/** Whether a data file of this schema_version is compact (this file's shapes), read by {@link expandCompactDataFile}. */
export const isCompactVersion = (version: unknown): boolean => version === COMPACT_SCHEMA_VERSION || version === REVIEW_COLUMNS_SCHEMA_VERSION;

// The review table's members, in a file of either version: the board's `reviews` where the first is.
const REVIEW_MEMBERS: ReadonlySet<string> = new Set(COMPACT_REVIEW_MEMBERS);

/** A commit column holding the hash's bytes in base64url (27 characters for SHA-1, 43 for SHA-256). */
export const HASH_BASE64_COLUMN = 'full_hash:base64url';
/** A commit column holding each date as the whole seconds before the previous row's (the first row's: since 1970, UTC). */
export const DATE_DELTA_COLUMN = 'date:delta_seconds';
/** An entry column holding the commit indexes as the first, then each one's difference from the one before. */
export const COMMITS_DELTA_COLUMN = 'commits:delta';

/** The entry columns this tool writes, in order; an entry's other fields are in its trailing object. */
export const ENTRY_COLUMNS = ['person', 'total_commits', 'significant_commits', 'commit_score', COMMITS_DELTA_COLUMN] as const;

/** The fields an entry's trailing object may hold (those a column does not); each only when it applies. */
export const ENTRY_EXTRAS = [
  'total_score', 'additional_contribution_score', 'additional_contribution_notes', 'co_authored_commits', 'co_authored_significant',
  'review_count', 'review_score', 'issue_count', 'issue_score', 'reviews',
] as const;

type EntryField = (typeof ENTRY_EXTRAS)[number] | 'person' | 'total_commits' | 'significant_commits' | 'commit_score' | 'commits' | typeof COMMITS_DELTA_COLUMN;
const ENTRY_FIELDS: ReadonlySet<string> = new Set<string>([...ENTRY_COLUMNS, ...ENTRY_EXTRAS, 'commits']);
const NUMBER_FIELDS: ReadonlySet<string> = new Set([
  'total_commits', 'significant_commits', 'commit_score', 'total_score', 'additional_contribution_score', 'co_authored_commits',
  'co_authored_significant', 'review_count', 'review_score', 'issue_count', 'issue_score',
]);

/** One row of the `people` table: name, email ('' when none), and the GitHub login where one is known. */
export type PersonRow = [name: string, email: string, login?: string];

/** An entry as schema_version 4 writes it: the values of {@link ENTRY_COLUMNS}, then its other fields when there are some. */
export type EntryRow = [person: number, total_commits: number, significant_commits: number, commit_score: number, commits: number[], extras?: Partial<Record<(typeof ENTRY_EXTRAS)[number], unknown>>];

const HEX_HASH = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const BASE64_HASH = /^(?:[A-Za-z0-9_-]{27}|[A-Za-z0-9_-]{43})$/;

/** Whether every hash fits {@link HASH_BASE64_COLUMN} (lowercase hex of SHA-1 or SHA-256). */
export const isHexHash = (hash: string): boolean => HEX_HASH.test(hash);

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SIXES = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64URL.length; i++) SIXES[BASE64URL.charCodeAt(i)] = i;
const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Lowercase hex of a hash's base64url text (no padding); the page has no Buffer, so by hand. */
export function hexOfBase64url(text: string): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    value = (value << 6) | (SIXES[text.charCodeAt(i)] as number);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += HEX_BYTES[(value >> bits) & 0xff] as string;
    }
  }
  return out;
}

/**
 * A schema_version 4 file as the schema_version 3 file it compacts (the data file as built:
 * {@link WrittenLeaderboardData}), each table checked so that an error names what is wrong:
 * `people.<row>`, `leaderboards.<type>.<label>.<row>.<column>` (and `.<index>` in a list, or
 * `.<last>.<field>` in the trailing object), `commits.<row>.<column>` for an encoded column,
 * `reviews.<row>.<column>` and `review_pulls.<row>.<column>` for compact reviews. The rest of a
 * commit row and `commit_defaults` are left to the schema_version 3 reader, which names them the
 * same way.
 */
export function expandCompactDataFile(input: Record<string, unknown>): WrittenLeaderboardData {
  const { people, entry_columns: entryColumns, commit_columns: commitColumns, commits, leaderboards } = input;
  const persons = readPeople(people);
  const columns = readEntryColumns(entryColumns);
  const table = expandCommits(commitColumns, commits);
  // A file without any compact member keeps full review rows (written before they were compact).
  const reviews = isCompactReviewTable(input) ? expandCompactReviews(input) : input.reviews;
  const reviewCount = Array.isArray(reviews) ? reviews.length : 0;
  if (!isPlainObject(leaderboards)) throw invalid(['leaderboards'], 'expected an object of the weekly, monthly and quarterly periods', leaderboards);
  const expanded = {} as Record<PeriodType, Record<string, WrittenEntry[]>>;
  for (const type of ['weekly', 'monthly', 'quarterly'] as const) {
    const periods = leaderboards[type] ?? {};
    if (!isPlainObject(periods)) throw invalid(['leaderboards', type], 'expected an object of periods by label', periods);
    // fromEntries keeps a label such as `__proto__` a key.
    expanded[type] = Object.fromEntries(Object.entries(periods).map(([label, rows]): [string, WrittenEntry[]] => {
      if (!Array.isArray(rows)) throw invalid(['leaderboards', type, label], 'expected a list of entry rows', rows);
      return [label, rows.map((row: unknown, i) => expandEntry(row, columns, ['leaderboards', type, label, i], persons, table.rows.length, reviewCount))];
    }));
  }
  // By name, the first of a name when two people share one (a published file hides addresses in names).
  const emails = new Map<string, string>();
  const logins = new Map<string, string>();
  for (const [name, email, login] of persons) {
    if (!emails.has(name)) emails.set(name, email);
    if (login !== undefined && !logins.has(name)) logins.set(name, login);
  }
  // In the file's order of keys, so that the board writes the same bytes again.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    if (key === 'schema_version') out[key] = 3;
    else if (key === 'commit_columns') out[key] = table.columns;
    else if (key === 'commits') out[key] = table.rows;
    else if (key === 'people') {
      out.emails = Object.fromEntries([...emails].filter(([, email]) => email !== ''));
      if (logins.size > 0) out.logins = Object.fromEntries(logins);
    } else if (key === 'leaderboards') out[key] = expanded;
    else if (REVIEW_MEMBERS.has(key)) out.reviews ??= reviews;
    else if (key !== 'entry_columns') out[key] = input[key];
  }
  out.commits ??= table.rows;
  out.emails ??= {};
  return out as unknown as WrittenLeaderboardData;
}

function readPeople(value: unknown): PersonRow[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(['people'], 'expected a list of people, each [name, email] or [name, email, login]', value);
  return value.map((row: unknown, i) => {
    if (!Array.isArray(row) || row.length < 2 || row.length > 3 || row.some((v) => typeof v !== 'string')) {
      throw invalid(['people', i], 'expected [name, email] or [name, email, login], all strings (the email "" when there is none)', row);
    }
    return row as PersonRow;
  });
}

function readEntryColumns(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalid(['entry_columns'], `expected the list of the names of an entry row's values, such as ${JSON.stringify(ENTRY_COLUMNS)}`, value);
  value.forEach((name: unknown, j) => {
    if (typeof name !== 'string' || !ENTRY_FIELDS.has(name)) throw invalid(['entry_columns', j], `unknown column ${JSON.stringify(name)}`, name);
    if (value.indexOf(name) !== j) throw invalid(['entry_columns', j], `column "${name}" is named twice`, name);
  });
  const names = value as string[];
  if (names.includes('commits') && names.includes(COMMITS_DELTA_COLUMN)) throw invalid(['entry_columns'], `name "commits" or "${COMMITS_DELTA_COLUMN}", not both`, names);
  for (const required of ['person', 'total_commits', 'commit_score']) {
    if (!names.includes(required)) throw invalid(['entry_columns'], `there is no "${required}" column`, names);
  }
  return names;
}

function expandEntry(row: unknown, columns: string[], where: PropertyKey[], people: PersonRow[], commits: number, reviews: number): WrittenEntry {
  const n = columns.length;
  if (!Array.isArray(row) || (row.length !== n && row.length !== n + 1)) {
    throw invalid(where, `expected a row of ${n} values (${columns.join(', ')}), then an object of the fields that apply or nothing`, row);
  }
  const fields: [EntryField, unknown, PropertyKey[]][] = columns.map((name, j) => [name as EntryField, row[j], [...where, j]]);
  if (row.length > n) {
    const extras: unknown = row[n];
    if (!isPlainObject(extras)) throw invalid([...where, n], 'expected an object of the fields that apply', extras);
    for (const [name, value] of Object.entries(extras)) {
      if (!ENTRY_FIELDS.has(name) || name === 'person') throw invalid([...where, n, name], `unknown field "${name}"`, value);
      const commitsToo = (name === 'commits' || name === COMMITS_DELTA_COLUMN) && (columns.includes('commits') || columns.includes(COMMITS_DELTA_COLUMN));
      if (columns.includes(name) || commitsToo) throw invalid([...where, n, name], `"${name}" is also a column: give it once`, value);
      fields.push([name as EntryField, value, [...where, n, name]]);
    }
  }
  const out: Record<string, unknown> = {};
  for (const [name, value, path] of fields) {
    if (name === 'person') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw invalid(path, 'expected a person (an index into the people table)', value);
      const person = people[value];
      if (!person) throw invalid(path, `person ${value} is not in the people table (${people.length} people)`, value);
      out.name = person[0];
    } else if (NUMBER_FIELDS.has(name)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(path, `expected a number (${name})`, value);
      // Left out of schema_version 3 when 0, as the writer has it.
      if (name !== 'significant_commits' || value !== 0) out[name] = value;
    } else if (name === 'additional_contribution_notes') {
      if (typeof value !== 'string') throw invalid(path, 'expected the notes (a string)', value);
      out[name] = value;
    } else if (name === 'reviews') {
      out.reviews = indexes(value, path, false, reviews, 'review', 'reviews table');
    } else {
      out.commits = indexes(value, path, name === COMMITS_DELTA_COLUMN, commits, 'commit', 'commits table');
    }
  }
  out.commits ??= [];
  return out as WrittenEntry;
}

/** A list of table indexes, written as they are or as the first and then differences. */
function indexes(value: unknown, path: PropertyKey[], delta: boolean, size: number, what: string, table: string): number[] {
  if (!Array.isArray(value)) throw invalid(path, `expected a list of ${what} indexes${delta ? ' (the first, then each one\'s difference from the one before)' : ''}`, value);
  const out = new Array<number>(value.length);
  let previous = 0;
  for (let j = 0; j < value.length; j++) {
    const v: unknown = value[j];
    if (typeof v !== 'number' || !Number.isInteger(v)) throw invalid([...path, j], `expected a ${what} index${delta ? ' difference' : ''} (a whole number)`, v);
    const index = delta ? previous + v : v;
    if (index < 0 || index >= size) throw invalid([...path, j], `${what} index ${index} is not in the ${table} (${size} ${what}s)`, v);
    out[j] = previous = index;
  }
  return out;
}

/** The commit rows with encoded columns decoded, under the plain names of schema_version 3. */
function expandCommits(columns: unknown, rows: unknown): { columns: string[]; rows: CommitRow[] } {
  if (!Array.isArray(columns) || columns.some((c) => typeof c !== 'string')) throw invalid(['commit_columns'], `expected the list of the names of a commit row's values, such as ${JSON.stringify(COMMIT_COLUMNS)}`, columns);
  const list = rows ?? [];
  if (!Array.isArray(list)) throw invalid(['commits'], 'expected a list of commit rows', list);
  const hash = columns.indexOf(HASH_BASE64_COLUMN);
  const date = columns.indexOf(DATE_DELTA_COLUMN);
  const plain = (columns as string[]).map((c) => (c === HASH_BASE64_COLUMN ? 'full_hash' : c === DATE_DELTA_COLUMN ? 'date' : c));
  if (hash === -1 && date === -1) return { columns: plain, rows: list as CommitRow[] };
  let seconds = 0;
  const iso = isoDates();
  const out = new Array<CommitRow>(list.length);
  for (let i = 0; i < list.length; i++) {
    const row: unknown = list[i];
    // A malformed row is left for the schema_version 3 reader to name.
    if (!Array.isArray(row)) {
      out[i] = row as CommitRow;
      continue;
    }
    const copy = row.slice();
    if (hash !== -1) {
      const v: unknown = row[hash];
      if (typeof v !== 'string' || !BASE64_HASH.test(v)) throw invalid(['commits', i, hash], 'expected the hash\'s bytes in base64url (27 characters for SHA-1, 43 for SHA-256)', v);
      copy[hash] = hexOfBase64url(v);
    }
    if (date !== -1) {
      const v: unknown = row[date];
      seconds = secondsAfter(i === 0 ? null : seconds, v, ['commits', i, date], `expected the whole seconds before the date of the row above${i === 0 ? ' (the first row: since 1970)' : ''}`);
      copy[date] = iso(seconds);
    }
    out[i] = copy as CommitRow;
  }
  return { columns: plain, rows: out };
}
