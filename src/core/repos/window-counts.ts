import { isBot } from '../bots.js';
import type { LeaderboardConfig } from '../config.js';
import type { ScoredCommit } from '../types.js';

/** What a refresh's summary says of the commits in the window. */
export interface WindowCounts {
  /**
   * The commits the board holds: each once, however many repositories have it (a fork and its
   * origin), bots left out (with `bots.exclude`), as the data file's total_commits_analyzed.
   */
  analysed: number;
  /** Of those, the commits read from git and scored in this run (in any of the repositories). */
  scored: number;
  /** Commits by bots in the window, each once, left out of the board. */
  bots: number;
}

/**
 * Counts the commits of the window as the repositories' scoring hands them over (see
 * scoreRepository's onWindowCommit). Summed per repository, a commit two repositories share was
 * counted twice ('Analysed 5 commits' for a board of 3), and bots' commits, which the board leaves
 * out, were counted too. `several`: the commits may come from several repositories, so each hash
 * is remembered (one repository lists each commit once).
 */
export function windowTally(bots: LeaderboardConfig['bots'], several: boolean): { add: (commit: ScoredCommit, scoredNow: boolean) => void; counts: () => WindowCounts } {
  const counts: WindowCounts = { analysed: 0, scored: 0, bots: 0 };
  // hash -> whether this run scored it in a repository seen so far.
  const seen = several ? new Map<string, boolean>() : null;
  // author -> email -> bot; two levels avoid building a key string per commit.
  const botCache = new Map<string, Map<string, boolean>>();
  const bot = (c: ScoredCommit): boolean => {
    let byEmail = botCache.get(c.author);
    if (!byEmail) botCache.set(c.author, (byEmail = new Map()));
    let is = byEmail.get(c.email);
    if (is === undefined) byEmail.set(c.email, (is = isBot(c.author, c.email, bots)));
    return is;
  };
  const add = (commit: ScoredCommit, scoredNow: boolean): void => {
    const before = seen?.get(commit.hash);
    if (before !== undefined) {
      // Cached in one repository, scored in another (a repository just added): scored in this run.
      if (scoredNow && !before) {
        seen?.set(commit.hash, true);
        if (!bot(commit)) counts.scored += 1;
      }
      return;
    }
    seen?.set(commit.hash, scoredNow);
    if (bot(commit)) {
      counts.bots += 1;
      return;
    }
    counts.analysed += 1;
    if (scoredNow) counts.scored += 1;
  };
  // Once all are counted: the hashes (on a big board of several repositories, megabytes) go before the board is built.
  const done = (): WindowCounts => {
    seen?.clear();
    return { ...counts };
  };
  return { add, counts: done };
}
