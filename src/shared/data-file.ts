import { z } from 'zod';
import type { AiOverrideMark } from './ai-overrides.js';
import { commitDefaultsSchema, normalizeCommit, storedCommitSchema, type Commit, type StoredCommit } from './commit.js';

/**
 * The leaderboard data file (`leaderboard-data.json`).
 *
 * Two shapes are read:
 * - the inline shape written by earlier tools of this kind (see shared/fixtures), where every
 *   contributor entry carries its own list of commit objects;
 * - the compact shape this tool writes (`schema_version: 2`), where each commit is stored once in
 *   the top-level `commits` table and entries list indexes into it. A commit usually appears in a
 *   weekly, a monthly and a quarterly entry, so storing it once keeps the file about a third the size.
 *
 * `parseLeaderboardData` turns either shape into the same normalized {@link LeaderboardData}, filling
 * defaults and deriving what an older file left out (short hash, lines, totals, classification).
 */

// A commit's schemas and normalized shape, where core, server and page have always found them.
export {
  commitDefaultsSchema, commitScoresSchema, commitStatsSchema, normalizeCommit, SIGNIFICANT_THRESHOLD, storedCommitSchema,
  type Commit, type CommitDefaults, type StoredCommit,
} from './commit.js';

/** A repository of the board, as `metadata.repositories` lists them (absent in older files). */
export const repositorySummarySchema = z.object({
  name: z.string(),
  /** Its remote (`origin`, or the configured URL) without credentials; null when it has none. */
  url: z.string().nullable(),
  /** Full hash of the HEAD analysed; null for a repository without commits. */
  head: z.string().nullable(),
  /** Commits analysed from it (bots included). */
  commits: z.number(),
});
export type RepositorySummary = z.infer<typeof repositorySummarySchema>;

/** The repositories a data file's metadata lists; [] for older files or a malformed list. */
export function boardRepositories(metadata: Record<string, unknown>): RepositorySummary[] {
  const parsed = z.array(repositorySummarySchema).safeParse(metadata.repositories);
  return parsed.success ? parsed.data : [];
}

const entryInputSchema = z.object({
  name: z.string(),
  email: z.string().default(''),
  total_commits: z.number().default(0),
  significant_commits: z.number().default(0),
  simple_commits: z.number().optional(),
  significance_ratio: z.number().optional(),
  commit_score: z.number().default(0),
  additional_contribution_score: z.number().default(0),
  additional_contribution_notes: z.string().default(''),
  total_score: z.number().optional(),
  /** Of `total_commits` (and `significant_commits`), those credited as a co-author. Default 0. */
  co_authored_commits: z.number().default(0),
  co_authored_significant: z.number().default(0),
  avg_score: z.number().optional(),
  rank: z.number().optional(),
  tier: z.string().optional(),
  tier_name: z.string().optional(),
  /** Inline commit objects (older tools) or indexes into the top-level `commits` table. */
  commits: z.array(z.union([z.number().int().nonnegative(), storedCommitSchema])).default([]),
});

const periodTypeSchema = z.enum(['weekly', 'monthly', 'quarterly']);
export const PERIOD_TYPES = periodTypeSchema.options;
export type PeriodType = z.infer<typeof periodTypeSchema>;

const periodsSchema = z.record(z.string(), z.array(entryInputSchema));

const dataFileInputSchema = z.looseObject({
  schema_version: z.number().optional(),
  last_updated: z.string(),
  total_commits_analyzed: z.number().default(0),
  analysis_period_days: z.number().default(0),
  /** Compact shape: values the rows of `commits` leave out. */
  commit_defaults: commitDefaultsSchema.default({}),
  commits: z.array(storedCommitSchema).default([]),
  leaderboards: z.object({
    weekly: periodsSchema.default({}),
    monthly: periodsSchema.default({}),
    quarterly: periodsSchema.default({}),
  }),
  metadata: z.record(z.string(), z.unknown()).default({}),
});

/** A contributor entry of one period, every field present. */
export interface ContributorEntry {
  name: string;
  email: string;
  total_commits: number;
  significant_commits: number;
  simple_commits: number;
  /** significant / total, 0-1. */
  significance_ratio: number;
  commit_score: number;
  additional_contribution_score: number;
  additional_contribution_notes: string;
  total_score: number;
  /** Of `total_commits` / `significant_commits`, those credited as a co-author (0 in older files). */
  co_authored_commits?: number | undefined;
  co_authored_significant?: number | undefined;
  avg_score: number;
  rank: number;
  tier: string;
  tier_name: string;
  /** Newest first; at most `commitsPerEntry` of them (the page shows 20). */
  commits: Commit[];
}

export type Periods = Record<string, ContributorEntry[]>;

/** The normalized data file. */
export interface LeaderboardData {
  last_updated: string;
  total_commits_analyzed: number;
  analysis_period_days: number;
  leaderboards: Record<PeriodType, Periods>;
  metadata: Record<string, unknown>;
}

/** Tier of a 1-based rank: 1-5 T0 Elite, 6-12 T1 Advanced, 13-22 T2 Intermediate, 23+ T3 Contributing. */
export function tierForRank(rank: number): { tier: string; tier_name: string } {
  if (rank <= 5) return { tier: 'T0', tier_name: 'Elite' };
  if (rank <= 12) return { tier: 'T1', tier_name: 'Advanced' };
  if (rank <= 22) return { tier: 'T2', tier_name: 'Intermediate' };
  return { tier: 'T3', tier_name: 'Contributing' };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** What an entry states; the rest is derived by {@link deriveEntry}. */
export type EntryInput = Omit<z.infer<typeof entryInputSchema>, 'commits'>;

/**
 * An entry with every field present, derived as the page has always read it: simple commits,
 * ratio, average, total, rank (its position) and tier, unless the entry states them. Shared by
 * the whole data file and the per-period files (board-index.ts), so both give the same values.
 */
export function deriveEntry(e: EntryInput, i: number, commits: Commit[]): ContributorEntry {
  const simple = e.simple_commits ?? Math.max(0, e.total_commits - e.significant_commits);
  const total = e.total_score ?? e.commit_score + e.additional_contribution_score;
  const rank = e.rank ?? i + 1;
  const tier = e.tier && e.tier_name ? { tier: e.tier, tier_name: e.tier_name } : tierForRank(rank);
  return {
    name: e.name,
    email: e.email,
    total_commits: e.total_commits,
    significant_commits: e.significant_commits,
    simple_commits: simple,
    significance_ratio: e.significance_ratio ?? (e.total_commits > 0 ? e.significant_commits / e.total_commits : 0),
    commit_score: e.commit_score,
    additional_contribution_score: e.additional_contribution_score,
    additional_contribution_notes: e.additional_contribution_notes,
    total_score: total,
    co_authored_commits: e.co_authored_commits,
    co_authored_significant: e.co_authored_significant,
    avg_score: e.avg_score ?? (e.total_commits > 0 ? round2(e.commit_score / e.total_commits) : 0),
    rank,
    ...tier,
    commits,
  };
}

/**
 * Validates a data file (either shape) and returns it normalized. Throws a `z.ZodError` whose
 * issues name the path of what is wrong; use {@link describeDataFileError} for a sentence.
 */
export function parseLeaderboardData(input: unknown): LeaderboardData {
  const raw = dataFileInputSchema.parse(input);
  const table = raw.commits.map((c) => normalizeCommit(c, raw.commit_defaults));
  const resolve = (ref: number | StoredCommit, where: string): Commit => {
    if (typeof ref !== 'number') return normalizeCommit(ref);
    const found = table[ref];
    if (!found) throw new z.ZodError([{ code: 'custom', path: where.split('.'), message: `commit index ${ref} is not in the commits table (${table.length} commits)`, input: ref }]);
    return found;
  };
  const leaderboards = {} as Record<PeriodType, Periods>;
  for (const type of PERIOD_TYPES) {
    const periods: Periods = {};
    for (const [label, entries] of Object.entries(raw.leaderboards[type])) {
      periods[label] = entries.map((e, i) => deriveEntry(e, i, e.commits.map((c, j) => resolve(c, `leaderboards.${type}.${label}.${i}.commits.${j}`))));
    }
    leaderboards[type] = periods;
  }
  return {
    last_updated: raw.last_updated,
    total_commits_analyzed: raw.total_commits_analyzed,
    analysis_period_days: raw.analysis_period_days,
    leaderboards,
    metadata: raw.metadata,
  };
}

/** One sentence naming the first few problems of a data file that failed to parse. */
export function describeDataFileError(err: unknown): string {
  if (err instanceof z.ZodError) {
    const parts = err.issues.slice(0, 3).map((i) => `${i.path.length ? i.path.join('.') : '(top level)'}: ${i.message}`);
    const more = err.issues.length > 3 ? ` (and ${err.issues.length - 3} more)` : '';
    return `The leaderboard data file is not valid: ${parts.join('; ')}${more}.`;
  }
  return err instanceof Error ? err.message : String(err);
}

// ---- The compact shape this tool writes (schema_version 2) ----

/** A commit in the written `commits` table. Zero excluded counts are left out. */
export interface WrittenCommit {
  full_hash: string;
  date: string;
  message: string;
  stats: { files: number; insertions: number; deletions: number; excluded_files?: number; excluded_lines?: number };
  /** `ai_source` absent when it is `commit_defaults.ai_source`; `total` only when the revert rule made it 0. */
  scores: { loc: number; files: number; keyword: number; ai: number; total?: number; ai_source?: string; ai_reason?: string; ai_fallback?: string; ai_override?: AiOverrideMark };
  /** Only when there are some (see storedCommitSchema). */
  co_authors?: string[];
  reverted_by?: string;
  revert_of?: string[];
  /** Absent when it is `commit_defaults.repo`. */
  repo?: string;
}

/**
 * A contributor entry as written: the fields the others derive from, commits as indexes into
 * the table; the manual score and notes only when there are some.
 */
export type WrittenEntry = Pick<ContributorEntry, 'name' | 'email' | 'total_commits' | 'significant_commits' | 'commit_score' | 'total_score'>
  & Partial<Pick<ContributorEntry, 'additional_contribution_score' | 'additional_contribution_notes' | 'co_authored_commits' | 'co_authored_significant'>>
  & { commits: number[] };

/** The data file as this tool writes it. */
export interface WrittenLeaderboardData {
  schema_version: 2;
  last_updated: string;
  total_commits_analyzed: number;
  analysis_period_days: number;
  /** Values a commit row leaves out. */
  commit_defaults: { ai_source: string; repo?: string };
  commits: WrittenCommit[];
  leaderboards: Record<PeriodType, Record<string, WrittenEntry[]>>;
  metadata: Record<string, unknown>;
}
