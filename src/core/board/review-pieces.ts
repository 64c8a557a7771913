import { pullRow, REVIEW_STATE_LETTERS, REVIEW_STATES, type ReviewRow, type ReviewStateName } from '../../shared/review-rows.js';
import { isoDates, wholeSeconds } from '../../shared/seconds.js';
import { arrayPieces } from './array-pieces.js';
import { PullRows } from './pull-rows.js';
import { dateText, type ReviewColumns } from './review-columns.js';

const STATE_CODES = Object.fromEntries(Object.entries(REVIEW_STATE_LETTERS).map(([state, letter]) => [state, letter.charCodeAt(0)])) as Record<ReviewStateName, number>;
/** The letter codes by state code (see STATE_CODE). */
const LETTER_CODES = REVIEW_STATES.map((state) => STATE_CODES[state]);

/** The columns and reviews a table's rows were made of (see {@link tableRows}): the writer reads those rather than the rows. */
const sources = new WeakMap<readonly ReviewRow[], { c: ReviewColumns; used: Int32Array }>();

/** The rows of the reviews `used` of columns `c`, in that order (the data file's `reviews` table). */
export function tableRows(c: ReviewColumns, used: Int32Array): ReviewRow[] {
  const iso = isoDates();
  const { pulls } = c;
  const rows = new Array<ReviewRow>(used.length);
  for (let t = 0; t < used.length; t++) {
    const i = used[t] as number;
    const p = c.pull[i] as number;
    rows[t] = [pulls.pr[p] as number, pulls.title[p] as string, pulls.url[p] as string, REVIEW_STATES[c.state[i] as number] as ReviewStateName, dateText(c, i, iso), pulls.repo[p] as string];
  }
  sources.set(rows, { c, used });
  return rows;
}

/** What the writer needs of each review of a table: its pull request's row, its state's letter and seconds. */
interface WriterInput {
  pullOf: Int32Array;
  pulls: { repo: readonly string[]; pr: readonly number[]; title: readonly string[]; url: readonly string[] };
  /** Each review's state letter as its character code: a subset's letters are made in one piece. */
  states: Uint8Array;
  seconds: Float64Array;
  /** Every date is whole seconds as GitHub writes them: columns (else rows, which keep any date as it is). */
  columns: boolean;
  /** The repository of every pull request, when they are all of one. */
  repo: string | null;
}

function inputOfColumns(c: ReviewColumns, used: Int32Array): WriterInput {
  const n = used.length;
  const pullOf = new Int32Array(n);
  const states = new Uint8Array(n);
  const seconds = new Float64Array(n);
  // The columns' pull rows, one per repository, number, title and URL (two parts may read one
  // repository; a file edited by hand may repeat a row): column row -> table row, -1 until met.
  const pullRows = new PullRows();
  const rowOf = new Int32Array(c.pulls.pr.length).fill(-1);
  let repo: string | null = n > 0 ? (c.pulls.repo[c.pull[used[0] as number] as number] as string) : null;
  for (let t = 0; t < n; t++) {
    const i = used[t] as number;
    const p = c.pull[i] as number;
    if (rowOf[p] === -1) rowOf[p] = pullRows.idOf(c.pulls.repo[p] as string, c.pulls.pr[p] as number, c.pulls.title[p] as string, c.pulls.url[p] as string);
    pullOf[t] = rowOf[p] as number;
    if (repo !== null && c.pulls.repo[p] !== repo) repo = null;
    states[t] = LETTER_CODES[c.state[i] as number] as number;
    seconds[t] = (c.ms[i] as number) / 1000;
  }
  // A date kept as it was read (not whole seconds) in the table: rows.
  let columns = true;
  if (c.odd.size > 0) for (let t = 0; t < n && columns; t++) columns = !c.odd.has(used[t] as number);
  return { pullOf, pulls: pullTable(pullRows), states, seconds, columns, repo };
}

const pullTable = (pullRows: PullRows): WriterInput['pulls'] => {
  const all = pullRows.rows();
  return { repo: all.map((r) => r.repo), pr: all.map((r) => r.pr), title: all.map((r) => r.title), url: all.map((r) => r.url) };
};

function inputOfRows(rows: readonly ReviewRow[]): WriterInput {
  const pullOf = new Int32Array(rows.length);
  const pullRows = new PullRows();
  const seconds = new Float64Array(rows.length);
  const states = new Uint8Array(rows.length);
  let columns = true;
  let repo: string | null = rows.length > 0 ? (rows[0] as ReviewRow)[5] : null;
  for (let t = 0; t < rows.length; t++) {
    const [pr, title, url, state, date, own] = rows[t] as ReviewRow;
    pullOf[t] = pullRows.idOf(own, pr, title, url);
    if (own !== repo) repo = null;
    states[t] = STATE_CODES[state];
    if (!columns) continue;
    const s = wholeSeconds(date);
    if (s === null) columns = false;
    else seconds[t] = s;
  }
  return { pullOf, pulls: pullTable(pullRows), states, seconds, columns, repo };
}

/** What {@link compactReviewWriter} gives: the members of any subset of the table, as JSON text. */
export type CompactReviewWriter = (used: ArrayLike<number>) => Generator<string>;

/**
 * The compact review table (see src/shared/review-rows.ts) of any subset of a board's reviews: a
 * chunk's, or the whole table for the data file. Made once per board: each review's pull request,
 * state letter and seconds, and the text of each pull request's row, kept for the three chunks a
 * review is in. The reviews are columns when every date is whole seconds as GitHub writes them
 * (else rows, which keep any date as it is), and the pull request rows leave out the repository
 * when the board's reviews are all of one (`review_repo`).
 */
export function compactReviewWriter(rows: readonly ReviewRow[]): CompactReviewWriter {
  const source = sources.get(rows);
  const { pullOf, pulls, states, seconds, columns, repo } = source ? inputOfColumns(source.c, source.used) : inputOfRows(rows);
  const pullTexts: (string | undefined)[] = new Array<string | undefined>(pulls.pr.length);
  const pullText = (id: number): string => (pullTexts[id] ??= JSON.stringify(pullRow(pulls.repo[id] as string, pulls.pr[id] as number, pulls.title[id] as string, pulls.url[id] as string, repo === null)));
  const rest: (string | undefined)[] = new Array<string | undefined>(columns ? 0 : rows.length);
  const restOf = (t: number): string => {
    const row = rows[t] as ReviewRow;
    return (rest[t] ??= `,${JSON.stringify(row[3])},${JSON.stringify(row[4])}]`);
  };
  const lead = repo === null ? '"review_pulls":' : `"review_repo":${JSON.stringify(repo)},"review_pulls":`;
  // Pull request -> its index in the subset being written (-1: not in it), reset after each.
  const localOf = new Int32Array(pulls.pr.length).fill(-1);
  return function* (used) {
    const local = new Int32Array(used.length);
    const listed: number[] = [];
    for (let k = 0; k < used.length; k++) {
      const id = pullOf[used[k] as number] as number;
      let l = localOf[id] as number;
      if (l === -1) {
        l = localOf[id] = listed.length;
        listed.push(id);
      }
      local[k] = l;
    }
    for (const id of listed) localOf[id] = -1;
    yield lead;
    yield* arrayPieces(listed.length, (j) => pullText(listed[j] as number));
    if (!columns) {
      yield ',"reviews":';
      yield* arrayPieces(used.length, (k) => `[${local[k] as number}${restOf(used[k] as number)}`);
      return;
    }
    const letters = Buffer.allocUnsafe(used.length);
    const at = new Float64Array(used.length);
    for (let k = 0; k < used.length; k++) {
      const t = used[k] as number;
      letters[k] = states[t] as number;
      at[k] = k === 0 ? (seconds[t] as number) : (seconds[used[k - 1] as number] as number) - (seconds[t] as number);
    }
    yield `,"review_pull":[${local.join(',')}],"review_state":"${letters.toString('latin1')}","review_at":[${at.join(',')}]`;
  };
}
