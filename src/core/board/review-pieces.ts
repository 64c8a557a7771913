import { pullUrl, type ReviewRow } from '../../shared/review-rows.js';
import { arrayPieces } from './array-pieces.js';
import { PullRows } from './pull-rows.js';

/**
 * The compact review table (see src/shared/review-rows.ts) of any subset of a board's reviews: a
 * chunk's, or the whole table for the data file. Made once per board: each review's pull request
 * and the text of each pull request's row and of each review's state and date, kept for the three
 * chunks a review is in.
 */
export function compactReviewWriter(rows: readonly ReviewRow[]): (used: ArrayLike<number>) => Generator<string> {
  const pullOf = new Int32Array(rows.length);
  const pullTexts: string[] = [];
  const pullRows = new PullRows();
  for (let t = 0; t < rows.length; t++) {
    const [pr, title, url, , , repo] = rows[t] as ReviewRow;
    const id = pullRows.idOf(repo, pr, title, url);
    if (id === pullTexts.length) pullTexts.push(JSON.stringify(url === pullUrl(repo, pr) ? [repo, pr, title] : [repo, pr, title, url]));
    pullOf[t] = id;
  }
  const rest: (string | undefined)[] = new Array<string | undefined>(rows.length);
  const restOf = (t: number): string => {
    const row = rows[t] as ReviewRow;
    return (rest[t] ??= `,${JSON.stringify(row[3])},${JSON.stringify(row[4])}]`);
  };
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
    yield '"review_pulls":';
    yield* arrayPieces(pulls.length, (j) => pullTexts[pulls[j] as number] as string);
    yield ',"reviews":';
    yield* arrayPieces(used.length, (k) => `[${local[k] as number}${restOf(used[k] as number)}`);
  };
}
