import path from 'node:path';
import { BUILT_IN_BOT_PATTERNS } from './bots.js';
import type { LeaderboardConfig } from './config.js';
import type { HistorySpan } from './git/history.js';
import { SCORING_VERSION } from './scoring.js';
import { PACKAGE_NAME, TOOL_VERSION } from './version.js';

/** What a data file's metadata says about the run that wrote it. */
export interface RunFacts {
  head: string | null;
  /** The AI scorer's id (`heuristic`, `provider:model`). */
  aiId: string;
  /** Start of the analysed window; null for the whole history. */
  windowStart: Date | null;
  /** The whole history's newest and oldest commit dates, so an empty window can say why. */
  history: HistorySpan | null;
}

/**
 * The data file's `metadata`: the tool, the repository and the rules in force, so the page
 * explains what was applied rather than what the current code would do. The credit rules and
 * their counts are added by buildLeaderboardData.
 */
export function metadataFor(opts: { repo: string; config: LeaderboardConfig }, run: RunFacts): Record<string, unknown> {
  return {
    tool: PACKAGE_NAME,
    version: TOOL_VERSION,
    repository: path.basename(opts.repo),
    head: run.head,
    windowStart: run.windowStart?.toISOString() ?? null,
    history: run.history,
    scoring: {
      version: SCORING_VERSION,
      loc: '>=100 lines: 30, >=50: 15, >=20: 8, else 3',
      files: '>=5 files: 20, >=2: 10, 1: 5',
      keyword: 'feat/feature/refactor/perf/breaking: 25; fix/bug/improve/enhance/update: 15; test/chore/ci: 10; docs/doc/typo/style/format: 5; none: 12',
      ai: run.aiId,
      significantAt: 50,
    },
    exclusions: opts.config.exclusions,
    // The built-in patterns too, so the page can name every rule that left someone out.
    bots: { ...opts.config.bots, builtIn: BUILT_IN_BOT_PATTERNS },
    commitsPerEntry: opts.config.commitsPerEntry,
  };
}
