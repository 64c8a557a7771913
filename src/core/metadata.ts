import path from 'node:path';
import { BUILT_IN_BOT_PATTERNS } from './bots.js';
import type { LeaderboardConfig } from './config.js';
import type { HistorySpan } from './git/history.js';
import { compareCodePoints } from './leaderboards.js';
import { repoNameOf } from './repos/sources.js';
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

/** More names than this make the page's title a list: the rest are counted. */
const NAMES_SHOWN = 3;

/**
 * The board's name (the page's title and header badge), from the repositories on it: the checkout
 * whose leaderboard.config.json lists them, else the one repository, else their names in name
 * order. The first --repo, or the folder a merge's data directory is in, named a board of several
 * after one of them or after neither, and a merge of parts otherwise than one refresh of them all.
 */
export function boardName(repo: string, config: LeaderboardConfig, repositories: readonly string[]): string {
  const listed = new Set((config.repositories ?? []).map((r) => r.name ?? repoNameOf(r.url ?? path.resolve(repo, r.path ?? '.'))));
  if (repositories.length === 0 || (listed.size > 0 && repositories.every((n) => listed.has(n)))) return path.basename(repo);
  const names = [...new Set(repositories)].sort(compareCodePoints);
  if (names.length === 1) return names[0] as string;
  return names.length <= NAMES_SHOWN ? names.join(', ') : `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more`;
}

/**
 * The data file's `metadata`: the tool, the repository and the rules in force, so the page
 * explains what was applied rather than what the current code would do. The credit rules and
 * their counts are added by buildLeaderboardData.
 */
export function metadataFor(opts: { repo: string; config: LeaderboardConfig }, run: RunFacts, repositories: readonly string[]): Record<string, unknown> {
  return {
    tool: PACKAGE_NAME,
    version: TOOL_VERSION,
    repository: boardName(opts.repo, opts.config, repositories),
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
