import type { Share } from '../credit/apply.js';

/**
 * A period's commits credited to several people as the data file's `shared_commits` groups (see
 * src/shared/shared-commits.ts): `[author, commits, significant, n, co-authors...]`, one group per
 * author and set of co-authors, by their entries' positions in the period; groups in the order of
 * their numbers, so the same commits give the same list.
 */
export function sharedGroups(commits: readonly number[], sharesOf: (commit: number) => Share[], significant: (commit: number) => boolean, position: ReadonlyMap<string, number>): number[] {
  const groups = new Map<string, { key: number[]; commits: number; significant: number }>();
  for (const commit of commits) {
    const shares = sharesOf(commit);
    const author = position.get((shares[0] as Share).name) as number;
    const coAuthors = [...new Set(shares.slice(1).map((s) => position.get(s.name) as number))].filter((p) => p !== author).sort((a, b) => a - b);
    if (coAuthors.length === 0) continue;
    const key = [author, ...coAuthors];
    const id = key.join(',');
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { key, commits: 0, significant: 0 }));
    group.commits += 1;
    if (significant(commit)) group.significant += 1;
  }
  const sorted = [...groups.values()].sort((a, b) => {
    for (let k = 0; k < Math.min(a.key.length, b.key.length); k++) if (a.key[k] !== b.key[k]) return (a.key[k] as number) - (b.key[k] as number);
    return a.key.length - b.key.length;
  });
  const out: number[] = [];
  for (const g of sorted) out.push(g.key[0] as number, g.commits, g.significant, g.key.length - 1, ...g.key.slice(1));
  return out;
}
