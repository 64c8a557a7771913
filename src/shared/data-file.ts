import { z } from 'zod';
import { commitDefaultsSchema, normalizeCommit, storedCommitSchema, type Commit, type StoredCommit } from './commit.js';
import { invalid, isPlainObject, readCommitRows, type CommitRow } from './commit-rows.js';
import { expandCompactDataFile, isCompactVersion, REVIEW_COLUMNS_SCHEMA_VERSION } from './compact-data-file.js';
import { PACKAGE_NAME } from './package-name.js';
import { readReviewRows, type Review, type ReviewRow } from './review-rows.js';
import { SHARED_COMMITS_KEY, sharedCommitsProblem, type SharedCommits } from './shared-commits.js';

/**
 * The leaderboard data file (`leaderboard-data.json`).
 *
 * Five shapes are read:
 * - the inline shape written by earlier tools of this kind (see shared/fixtures), where every
 *   contributor entry carries its own list of commit objects;
 * - the compact shape this tool wrote until schema_version 3 (`schema_version: 2`), where each
 *   commit is stored once as an object in the top-level `commits` table and entries list indexes
 *   into it. A commit usually appears in a weekly, a monthly and a quarterly entry, so storing it
 *   once keeps the file about a third the size;
 * - `schema_version: 3`: the same table with each commit as a row of values under the header
 *   `commit_columns` (see commit-rows.ts), each person's email once in the top-level `emails`
 *   table instead of in every entry, and `total_score` and `significant_commits` left out of
 *   entries when they follow (no manual score; no significant commits). It is also the board as
 *   this tool builds it in memory ({@link WrittenLeaderboardData});
 * - the shape this tool writes (`schema_version: 4`, see compact-data-file.ts): schema_version 3
 *   with entries as rows under `entry_columns` naming their person in a `people` table, and
 *   hashes, dates and commit indexes written compactly, and `schema_version: 5`, written for
 *   boards with review data: schema_version 4 with the reviews as columns (see review-rows.ts).
 *   Both are read by expanding them into schema_version 3 first.
 *
 * `parseLeaderboardData` turns any of them into the same normalized {@link LeaderboardData},
 * filling defaults and deriving what a file left out (short hash, lines, totals, classification).
 */

/**
 * The schema_version of the board as this tool builds it in memory ({@link WrittenLeaderboardData},
 * the tables of schema_version 3, which is what the page's index and chunks are made from).
 * The data file is written from it as {@link NEWEST_DATA_FILE_VERSION}.
 */
export const DATA_FILE_SCHEMA_VERSION = 3;

/** The newest schema_version this code reads, and the one the data file is written as (see compact-data-file.ts). */
export const NEWEST_DATA_FILE_VERSION = REVIEW_COLUMNS_SCHEMA_VERSION;

// A commit's schemas and normalized shape, where core, server and page have always found them.
export {
  commitDefaultsSchema, commitScoresSchema, commitStatsSchema, normalizeCommit, SIGNIFICANT_THRESHOLD, storedCommitSchema,
  type Commit, type CommitDefaults, type StoredCommit, type WrittenCommit,
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
  /** Absent in schema_version 3, which keeps it in `emails`; '' when neither has one. */
  email: z.string().optional(),
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
  /** Pull requests reviewed in the period (each counted once, at its highest state) and their points. Default 0. */
  review_count: z.number().default(0),
  review_score: z.number().default(0),
  /** Issues opened in the period and closed as completed, and their points (when counted). Default 0. */
  issue_count: z.number().default(0),
  issue_score: z.number().default(0),
  /** Indexes into the top-level `reviews` table: the reviews that counted, newest first. Default []. */
  reviews: z.array(z.number().int().nonnegative()).default([]),
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

/** What every shape has besides its commits. */
const dataFileFields = {
  last_updated: z.string(),
  total_commits_analyzed: z.number().default(0),
  analysis_period_days: z.number().default(0),
  /** Compact shapes: values the rows of `commits` leave out. */
  commit_defaults: commitDefaultsSchema.default({}),
  leaderboards: z.object({
    weekly: periodsSchema.default({}),
    monthly: periodsSchema.default({}),
    quarterly: periodsSchema.default({}),
  }),
  metadata: z.record(z.string(), z.unknown()).default({}),
};

/** The inline shape of other tools and schema_version 2 (commits as objects). */
const dataFileInputSchema = z.looseObject({
  schema_version: z.number().optional(),
  ...dataFileFields,
  commits: z.array(storedCommitSchema).default([]),
});

/**
 * schema_version 3. Its rows and emails are checked one at a time ({@link readCommitRows},
 * {@link emailsByName}), so that an error names the row and column, and a contributor named
 * `__proto__` keeps their email.
 */
const dataFileV3Schema = z.looseObject({
  schema_version: z.literal(3),
  ...dataFileFields,
  /** Names of the values of each row of `commits`, in order. */
  commit_columns: z.array(z.string()),
  commits: z.array(z.unknown()).default([]),
  /** Each contributor's email, by name; a name absent has ''. */
  emails: z.unknown().optional(),
  /** Rows of the reviews entries list (see review-rows.ts); absent in files without review data. */
  reviews: z.unknown().optional(),
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
  /** Pull requests reviewed (each once per period) and their points; absent when 0 (files without review data). */
  review_count?: number | undefined;
  review_score?: number | undefined;
  /** Issue reports counted and their points; absent when 0. */
  issue_count?: number | undefined;
  issue_score?: number | undefined;
  /** The reviews that counted, newest first (at most `commitsPerEntry`); absent when none are listed. */
  reviews?: Review[] | undefined;
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
  /** The periods' commits credited to several people, and to whom (see shared-commits.ts); absent when none (or in older files). */
  shared_commits?: SharedCommits | undefined;
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
export type EntryInput = Omit<z.infer<typeof entryInputSchema>, 'commits' | 'reviews' | 'review_count' | 'review_score' | 'issue_count' | 'issue_score'>
  & Partial<Pick<z.infer<typeof entryInputSchema>, 'review_count' | 'review_score' | 'issue_count' | 'issue_score'>>;

/**
 * An entry with every field present, derived as the page has always read it: simple commits,
 * ratio, average, total, rank (its position) and tier, unless the entry states them. Shared by
 * the whole data file and the per-period files (board-index.ts), so both give the same values.
 */
export function deriveEntry(e: EntryInput, i: number, commits: Commit[], reviews: Review[] = []): ContributorEntry {
  const simple = e.simple_commits ?? Math.max(0, e.total_commits - e.significant_commits);
  const reviewCount = e.review_count ?? 0;
  const reviewScore = e.review_score ?? 0;
  const issueCount = e.issue_count ?? 0;
  const issueScore = e.issue_score ?? 0;
  const total = e.total_score ?? e.commit_score + e.additional_contribution_score + reviewScore + issueScore;
  const rank = e.rank ?? i + 1;
  const tier = e.tier && e.tier_name ? { tier: e.tier, tier_name: e.tier_name } : tierForRank(rank);
  return {
    name: e.name,
    email: e.email ?? '',
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
    // Only when there are some, so entries of boards without review data are as they were.
    ...(reviewCount !== 0 || reviewScore !== 0 ? { review_count: reviewCount, review_score: reviewScore } : {}),
    ...(issueCount !== 0 || issueScore !== 0 ? { issue_count: issueCount, issue_score: issueScore } : {}),
    ...(reviews.length > 0 ? { reviews } : {}),
    avg_score: e.avg_score ?? (e.total_commits > 0 ? round2(e.commit_score / e.total_commits) : 0),
    rank,
    ...tier,
    commits,
  };
}

/**
 * Validates a data file (any shape) and returns it normalized. Throws a `z.ZodError` whose
 * issues name the path of what is wrong (a row of a table as `commits.<row>.<column>`, an entry
 * row of schema_version 4 as `leaderboards.<type>.<label>.<row>.<column>`);
 * use {@link describeDataFileError} for a sentence.
 */
export function parseLeaderboardData(input: unknown): LeaderboardData {
  let version = isPlainObject(input) ? input.schema_version : undefined;
  if (typeof version === 'number' && version > NEWEST_DATA_FILE_VERSION) {
    throw invalid(['schema_version'], `${version} is newer than this version of ${PACKAGE_NAME} reads (up to ${NEWEST_DATA_FILE_VERSION}): update ${PACKAGE_NAME}`, version);
  }
  if (isCompactVersion(version) && isPlainObject(input)) {
    input = expandCompactDataFile(input);
    version = DATA_FILE_SCHEMA_VERSION;
  }
  let raw: z.infer<typeof dataFileInputSchema> | z.infer<typeof dataFileV3Schema>;
  let table: Commit[];
  let emails: Map<string, string> | null = null;
  let reviewTable: Review[] = [];
  if (version === 3) {
    const v3 = dataFileV3Schema.parse(input);
    table = readCommitRows(v3.commit_columns, v3.commits, v3.commit_defaults);
    emails = emailsByName(v3.emails);
    reviewTable = readReviewRows(v3.reviews);
    raw = v3;
  } else {
    const v2 = dataFileInputSchema.parse(input);
    table = v2.commits.map((c) => normalizeCommit(c, v2.commit_defaults));
    raw = v2;
  }
  const resolve = (ref: number | StoredCommit, where: string): Commit => {
    if (typeof ref !== 'number') return normalizeCommit(ref);
    const found = table[ref];
    if (!found) throw invalid(where.split('.'), `commit index ${ref} is not in the commits table (${table.length} commits)`, ref);
    return found;
  };
  const leaderboards = {} as Record<PeriodType, Periods>;
  for (const type of PERIOD_TYPES) {
    const periods: Periods = {};
    for (const [label, entries] of Object.entries(raw.leaderboards[type])) {
      periods[label] = entries.map((e, i) => {
        if (emails && e.email === undefined) e.email = emails.get(e.name) ?? '';
        const reviews = e.reviews.map((r, j) => {
          const found = reviewTable[r];
          if (!found) throw invalid(['leaderboards', type, label, i, 'reviews', j], `review index ${r} is not in the reviews table (${reviewTable.length} reviews)`, r);
          return found;
        });
        return deriveEntry(e, i, e.commits.map((c, j) => resolve(c, `leaderboards.${type}.${label}.${i}.commits.${j}`)), reviews);
      });
    }
    leaderboards[type] = periods;
  }
  const shared = readSharedCommits(isPlainObject(input) ? input[SHARED_COMMITS_KEY] : undefined, leaderboards);
  return {
    last_updated: raw.last_updated,
    total_commits_analyzed: raw.total_commits_analyzed,
    analysis_period_days: raw.analysis_period_days,
    leaderboards,
    metadata: raw.metadata,
    ...(shared ? { shared_commits: shared } : {}),
  };
}

/** `shared_commits`, checked against the periods it speaks of; undefined when absent. */
function readSharedCommits(value: unknown, leaderboards: Record<PeriodType, Periods>): SharedCommits | undefined {
  if (value === undefined) return undefined;
  const where = [SHARED_COMMITS_KEY];
  if (!isPlainObject(value)) throw invalid(where, 'expected an object of the weekly, monthly and quarterly periods', value);
  const out: SharedCommits = {};
  for (const [type, periods] of Object.entries(value)) {
    if (!(PERIOD_TYPES as readonly string[]).includes(type)) throw invalid([...where, type], 'expected weekly, monthly or quarterly', periods);
    if (!isPlainObject(periods)) throw invalid([...where, type], 'expected an object of periods by label', periods);
    for (const [label, list] of Object.entries(periods)) {
      const entries = Object.hasOwn(leaderboards[type as PeriodType], label) ? leaderboards[type as PeriodType][label]?.length : undefined;
      if (entries === undefined) throw invalid([...where, type, label], 'no such period in leaderboards', list);
      const problem = sharedCommitsProblem(list, entries);
      if (problem) throw invalid(problem.at === null ? [...where, type, label] : [...where, type, label, problem.at], problem.message, list);
    }
    // fromEntries keeps a label such as `__proto__` a key.
    out[type as PeriodType] = Object.fromEntries(Object.entries(periods)) as Record<string, number[]>;
  }
  return out;
}

/** The `emails` table of schema_version 3, by name. */
function emailsByName(value: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (value === undefined) return out;
  if (!isPlainObject(value)) throw invalid(['emails'], 'expected an object of emails by contributor name', value);
  for (const [name, email] of Object.entries(value)) {
    if (typeof email !== 'string') throw invalid(['emails', name], 'expected an email (a string)', email);
    out.set(name, email);
  }
  return out;
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

// ---- The board as this tool builds it (schema_version 3; written to the data file as schema_version 4) ----

/**
 * A contributor entry as written: the fields the others derive from, commits as indexes into
 * the table. Left out when they follow: `significant_commits` when 0, `total_score` when there
 * is no manual score (it is then `commit_score`), the manual score and notes when there are
 * none. The email is in the file's `emails` table.
 */
export type WrittenEntry = Pick<ContributorEntry, 'name' | 'total_commits' | 'commit_score'>
  & Partial<Pick<ContributorEntry, 'significant_commits' | 'total_score' | 'additional_contribution_score' | 'additional_contribution_notes' | 'co_authored_commits' | 'co_authored_significant'
    | 'review_count' | 'review_score' | 'issue_count' | 'issue_score'>>
  & { commits: number[]; reviews?: number[] };

/**
 * The board as this tool builds it: a schema_version 3 data file. The index and chunks are made
 * from it; the data file is written from it as schema_version 4 (src/core/board/compact-writer.ts),
 * and {@link expandCompactDataFile} turns such a file back into it.
 */
export interface WrittenLeaderboardData {
  schema_version: 3;
  last_updated: string;
  total_commits_analyzed: number;
  analysis_period_days: number;
  /** Values a commit row leaves out. */
  commit_defaults: { ai_source: string; repo?: string };
  /** Names of a row's values (COMMIT_COLUMNS). */
  commit_columns: readonly string[];
  commits: CommitRow[];
  /** Each contributor's email by name (in code-point order of the names); absent when they have none. */
  emails: Record<string, string>;
  /** The reviews entries list (see review-rows.ts), newest first; only on boards with review data. */
  reviews?: ReviewRow[];
  /** Boards with review data: each contributor's GitHub login where one is known (a published site shows it instead of an email). */
  logins?: Record<string, string>;
  leaderboards: Record<PeriodType, Record<string, WrittenEntry[]>>;
  metadata: Record<string, unknown>;
  /** Each period's commits credited to several people (see shared-commits.ts), after the leaderboards; only when some period has any. */
  shared_commits?: SharedCommits;
}
