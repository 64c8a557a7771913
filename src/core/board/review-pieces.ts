import { pullUrl, REVIEW_STATE_LETTERS, type ReviewRow } from '../../shared/review-rows.js';
import { wholeSeconds } from '../../shared/seconds.js';
import { arrayPieces } from './array-pieces.js';
import { PullRows } from './pull-rows.js';

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
  const repos = new Set<string>();
  const seconds = new Float64Array(rows.length);
  let columns = true;
  let states = '';
  for (let t = 0; t < rows.length; t++) {
    const [pr, title, url, state, date, repo] = rows[t] as ReviewRow;
    pullOf[t] = pullRows.idOf(repo, pr, title, url);
    repos.add(repo);
    states += REVIEW_STATE_LETTERS[state];
    if (!columns) continue;
    const s = wholeSeconds(date);
    if (s === null) columns = false;
    else seconds[t] = s;
  }
  const repo = repos.size === 1 ? (repos.values().next().value as string) : null;
  const pullTexts = pullRows.rows().map(({ repo: r, pr, title, url }) => {
    const own = repo === null ? [r, pr, title] : [pr, title];
    return JSON.stringify(url === pullUrl(r, pr) ? own : [...own, url]);
  });
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
    let letters = '';
    const at = new Array<number>(used.length);
    for (let k = 0; k < used.length; k++) {
      const t = used[k] as number;
      letters += states[t] as string;
      at[k] = k === 0 ? (seconds[t] as number) : (seconds[used[k - 1] as number] as number) - (seconds[t] as number);
    }
    yield `,"review_pull":${JSON.stringify(Array.from(local))},"review_state":"${letters}","review_at":${JSON.stringify(at)}`;
  };
}
