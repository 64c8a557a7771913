import {
  COMPACT_SCHEMA_VERSION, DATE_DELTA_COLUMN, ENTRY_COLUMNS, ENTRY_EXTRAS, HASH_BASE64_COLUMN, isHexHash, REVIEW_COLUMNS_SCHEMA_VERSION,
  type EntryRow, type PersonRow,
} from '../../shared/compact-data-file.js';
import { wholeSeconds } from '../../shared/seconds.js';
import type { CommitRow } from '../../shared/commit-rows.js';
import type { WrittenEntry, WrittenLeaderboardData } from '../../shared/data-file.js';
import { compareCodePoints } from '../leaderboards.js';
import { arrayPieces } from './array-pieces.js';
import { rowTexts, type RowTexts } from './board-files.js';

/**
 * The data file's JSON text as schema_version 4 (see src/shared/compact-data-file.ts), or 5 for a
 * board with review data (its reviews as columns, see src/shared/review-rows.ts), in pieces,
 * so that a million commits need not fit one string: the board as built, with its people in a
 * table, its entries as rows, its hashes, dates and commit indexes written compactly, and its
 * reviews as the compact table (their pull requests once each). The
 * keys keep the board's order (`schema_version`, then `last_updated`, which the server reads from
 * the file's first bytes). `texts` are the rows' schema_version 3 texts, which the chunks share.
 */
export function* compactDataFilePieces(data: WrittenLeaderboardData, texts: RowTexts = rowTexts(data)): Generator<string> {
  const people = peopleOf(data);
  const personIndex = new Map(people.map((p, i) => [p[0], i]));
  const commits = commitEncoding(data, texts);
  let first = true;
  const key = (name: string) => {
    const text = `${first ? '{' : ','}${JSON.stringify(name)}:`;
    first = false;
    return text;
  };
  for (const [name, value] of Object.entries(data) as [string, unknown][]) {
    if (value === undefined || name === 'logins') continue;
    if (name === 'schema_version') {
      yield `${key(name)}${data.reviews ? REVIEW_COLUMNS_SCHEMA_VERSION : COMPACT_SCHEMA_VERSION}`;
    } else if (name === 'commit_columns') {
      yield `${key(name)}${JSON.stringify(commits.columns)}`;
    } else if (name === 'commits') {
      yield key(name);
      yield* commits.rows();
    } else if (name === 'emails') {
      // People in place of the emails (and logins) by name, then the header of the entries that index them.
      yield `${key('people')}${JSON.stringify(people)}`;
      yield `${key('entry_columns')}${JSON.stringify(ENTRY_COLUMNS)}`;
    } else if (name === 'reviews' && Array.isArray(value)) {
      // The compact table: `review_pulls`, then the reviews' columns (see src/shared/review-rows.ts).
      yield first ? '{' : ',';
      first = false;
      yield* texts.compactReviews(Uint32Array.from(value.keys()));
    } else if (name === 'leaderboards') {
      yield key(name);
      yield* leaderboardPieces(data.leaderboards, personIndex);
    } else {
      yield `${key(name)}${JSON.stringify(value)}`;
    }
  }
  yield first ? '{}\n' : '}\n';
}

/** Everyone the board names, in code-point order: `[name, email]`, and the login where one is known. */
function peopleOf(data: WrittenLeaderboardData): PersonRow[] {
  const names = new Set<string>(Object.keys(data.emails));
  for (const name of Object.keys(data.logins ?? {})) names.add(name);
  for (const periods of Object.values(data.leaderboards)) {
    for (const entries of Object.values(periods)) for (const e of entries) names.add(e.name);
  }
  const emails = new Map(Object.entries(data.emails));
  const logins = new Map(Object.entries(data.logins ?? {}));
  return [...names].sort(compareCodePoints).map((name): PersonRow => {
    const login = logins.get(name);
    const email = emails.get(name) ?? '';
    return login === undefined ? [name, email] : [name, email, login];
  });
}

/**
 * The commit table's header and rows: the hash in base64url and the date as seconds from the row
 * above when every row's fit (see compact-data-file.ts), else those columns as they are.
 */
function commitEncoding(data: WrittenLeaderboardData, texts: RowTexts): { columns: string[]; rows: () => Generator<string> } {
  const hash = data.commit_columns.indexOf('full_hash');
  const date = data.commit_columns.indexOf('date');
  const seconds = new Float64Array(data.commits.length);
  let encodeHash = hash !== -1;
  let encodeDate = date !== -1;
  for (let i = 0; i < data.commits.length; i++) {
    const row = data.commits[i] as CommitRow;
    if (encodeHash && !(typeof row[hash] === 'string' && isHexHash(row[hash]))) encodeHash = false;
    if (encodeDate) {
      const s = typeof row[date] === 'string' ? wholeSeconds(row[date]) : null;
      if (s === null) encodeDate = false;
      else seconds[i] = s;
    }
  }
  const columns = data.commit_columns.map((c, j) => (j === hash && encodeHash ? HASH_BASE64_COLUMN : j === date && encodeDate ? DATE_DELTA_COLUMN : c));
  // The usual header (hash, then date, both encoded): each row's text is made from its schema_version 3 text.
  const spliced = encodeHash && encodeDate && hash === 0 && date === 1;
  const rowText = (i: number): string => {
    const row = data.commits[i] as CommitRow;
    if (!encodeHash && !encodeDate) return texts.commit(i);
    const delta = i === 0 ? seconds[0] : (seconds[i - 1] as number) - (seconds[i] as number);
    if (spliced) {
      // `["<hex>","<date>",` then the rest, both values checked, so their JSON has no escapes.
      const b64 = Buffer.from(row[0], 'hex').toString('base64url');
      return `["${b64}",${delta},${texts.commit(i).slice(row[0].length + 27)}`;
    }
    const copy: unknown[] = row.slice();
    if (encodeHash) copy[hash] = Buffer.from(row[hash] as string, 'hex').toString('base64url');
    if (encodeDate) copy[date] = delta;
    return JSON.stringify(copy);
  };
  const rows = () => arrayPieces(data.commits.length, rowText);
  return { columns, rows };
}

function* leaderboardPieces(leaderboards: WrittenLeaderboardData['leaderboards'], personIndex: ReadonlyMap<string, number>): Generator<string> {
  let firstType = true;
  for (const [type, periods] of Object.entries(leaderboards)) {
    yield `${firstType ? '{' : ','}${JSON.stringify(type)}:`;
    firstType = false;
    let firstLabel = true;
    for (const [label, entries] of Object.entries(periods)) {
      yield `${firstLabel ? '{' : ','}${JSON.stringify(label)}:${JSON.stringify(entries.map((e) => entryRow(e, personIndex)))}`;
      firstLabel = false;
    }
    yield firstLabel ? '{}' : '}';
  }
  yield firstType ? '{}' : '}';
}

/** An entry as its row: the values of ENTRY_COLUMNS, then its other fields when it has some. */
function entryRow(e: WrittenEntry, personIndex: ReadonlyMap<string, number>): EntryRow {
  const deltas = new Array<number>(e.commits.length);
  let previous = 0;
  for (let j = 0; j < e.commits.length; j++) {
    const index = e.commits[j] as number;
    deltas[j] = index - previous;
    previous = index;
  }
  const row: EntryRow = [personIndex.get(e.name) as number, e.total_commits, e.significant_commits ?? 0, e.commit_score, deltas];
  let extras: EntryRow[5];
  for (const field of ENTRY_EXTRAS) {
    const value = e[field];
    if (value !== undefined) (extras ??= {})[field] = value;
  }
  if (extras) row.push(extras);
  return row;
}

