import { pullRow, REVIEW_STATE_LETTERS, type ReviewRow, type ReviewStateName } from '../../shared/review-rows.js';
import { wholeSeconds } from '../../shared/seconds.js';
import { arrayPieces } from './array-pieces.js';
import { PullRows } from './pull-rows.js';

const STATE_CODES = Object.fromEntries(Object.entries(REVIEW_STATE_LETTERS).map(([state, letter]) => [state, letter.charCodeAt(0)])) as Record<ReviewStateName, number>;

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
  const pullOf = new Int32Array(rows.length);
  const pullRows = new PullRows();
  const seconds = new Float64Array(rows.length);
  // Each review's state letter as its character code: a subset's letters are made in one piece.
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
  const pullTexts = pullRows.rows().map(({ repo: r, pr, title, url }) => JSON.stringify(pullRow(r, pr, title, url, repo === null)));
  const rest: (string | undefined)[] = new Array<string | undefined>(columns ? 0 : rows.length);
  const restOf = (t: number): string => {
    const row = rows[t] as ReviewRow;
    return (rest[t] ??= `,${JSON.stringify(row[3])},${JSON.stringify(row[4])}]`);
  };
  const lead = repo === null ? '"review_pulls":' : `"review_repo":${JSON.stringify(repo)},"review_pulls":`;
  // Pull request -> its index in the subset being written (-1: not in it), reset after each.
  const localOf = new Int32Array(pullTexts.length).fill(-1);
  return function* (used) {
    const local = new Int32Array(used.length);
    const pulls: number[] = [];
    for (let k = 0; k < used.length; k++) {
      const id = pullOf[used[k] as number] as number;
      let l = localOf[id] as number;
      if (l === -1) {
        l = localOf[id] = pulls.length;
        pulls.push(id);
      }
      local[k] = l;
    }
    for (const id of pulls) localOf[id] = -1;
    yield lead;
    yield* arrayPieces(pulls.length, (j) => pullTexts[pulls[j] as number] as string);
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
