/**
 * The commits of one period credited to more than one person (co-author credit `share` or
 * `full`), with who holds them: the page counts such a commit once, and still counts it when its
 * author is hidden while a co-author is shown (entries alone say how many commits each holds, not
 * whose they are).
 *
 * Written per period, only for periods that have some, as one flat list of numbers made of
 * groups, each `[author, commits, significant, n, co_1, ..., co_n]`: the commits (and how many
 * of them are significant) that the entry at position `author` authored with exactly the
 * co-authors at positions `co_1..co_n` (ascending). A position is the entry's place in the
 * period's list (its rank - 1), in the data file's `leaderboards` as in the index's rows. A board
 * with co-author credit `author`, or without co-authors, has none.
 */

/** The data file's member and the index period's field that hold them. */
export const SHARED_COMMITS_KEY = 'shared_commits';

/** Per period type, per label: the period's groups (see above). */
export type SharedCommits = Partial<Record<'weekly' | 'monthly' | 'quarterly', Record<string, number[]>>>;

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * Why `list` is not the shared commits of a period of `entries` entries (with the offending
 * index into the list), or null when it is.
 */
export function sharedCommitsProblem(list: unknown, entries: number): { at: number | null; message: string } | null {
  if (!Array.isArray(list)) return { at: null, message: 'expected a list of numbers: groups of [author, commits, significant, n, co-authors...]' };
  for (let g = 0; g < list.length;) {
    if (g + 4 > list.length) return { at: g, message: 'a group is cut short: expected [author, commits, significant, n, co-authors...]' };
    for (let k = g; k < g + 4; k++) if (!isWhole(list[k])) return { at: k, message: 'expected a whole number from 0' };
    const author = list[g] as number;
    const commits = list[g + 1] as number;
    const significant = list[g + 2] as number;
    const n = list[g + 3] as number;
    if (author >= entries) return { at: g, message: `entry ${author} is not in the period (${entries} entries)` };
    if (significant > commits) return { at: g + 2, message: `${significant} significant of ${commits} commits` };
    if (n === 0) return { at: g + 3, message: 'a shared commit has at least one co-author' };
    if (g + 4 + n > list.length) return { at: g + 3, message: `${n} co-authors, and fewer follow` };
    for (let k = g + 4; k < g + 4 + n; k++) {
      const co: unknown = list[k];
      if (!isWhole(co) || co >= entries) return { at: k, message: `expected a co-author's entry (0 to ${entries - 1})` };
    }
    g += 4 + n;
  }
  return null;
}
