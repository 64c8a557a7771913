/** How a revert rule left one commit: it scores 0, and why. */
export interface RevertMark {
  /** The later revert that cancelled this commit. */
  by?: string;
  /** The commits this revert cancelled along with itself. */
  of?: string[];
}

/** What the revert rule needs of a commit: its full hash and the hashes its message reverts. */
export interface RevertSubject {
  hash: string;
  reverts?: readonly string[] | undefined;
}

/**
 * The commits that reverts cancel within the analysed history. `newestFirst` is every analysed
 * commit, newest first. Walking from the newest back, a revert that is not itself cancelled
 * cancels itself and each commit it reverts; a cancelled revert cancels nothing, so a revert of
 * a revert (a re-land) leaves the original counting. A target that is not among the analysed
 * commits (older than the window, or unknown) is ignored, and a revert of nothing analysed is
 * scored like any commit. Abbreviated hashes match the one analysed commit they abbreviate.
 */
export function resolveReverts(newestFirst: readonly RevertSubject[]): Map<string, RevertMark> {
  const marks = new Map<string, RevertMark>();
  if (!newestFirst.some((c) => c.reverts && c.reverts.length > 0)) return marks;
  const known = new Set(newestFirst.map((c) => c.hash));
  const resolve = (target: string): string | undefined => {
    if (known.has(target)) return target;
    let match: string | undefined;
    for (const hash of known) {
      if (!hash.startsWith(target)) continue;
      if (match !== undefined) return undefined; // ambiguous: trust neither
      match = hash;
    }
    return match;
  };
  const markOf = (hash: string): RevertMark => {
    let mark = marks.get(hash);
    if (!mark) marks.set(hash, (mark = {}));
    return mark;
  };
  for (const commit of newestFirst) {
    if (!commit.reverts || marks.has(commit.hash)) continue;
    const targets: string[] = [];
    for (const written of commit.reverts) {
      const target = resolve(written);
      if (target !== undefined && target !== commit.hash && !targets.includes(target)) targets.push(target);
    }
    if (targets.length === 0) continue;
    markOf(commit.hash).of = targets;
    for (const target of targets) {
      const mark = markOf(target);
      mark.by ??= commit.hash;
    }
  }
  return marks;
}
