import { z } from 'zod';
import {
  commitDefaultsSchema,
  deriveEntry,
  normalizeCommit,
  PERIOD_TYPES,
  storedCommitSchema,
  type Commit,
  type ContributorEntry,
  type PeriodType,
} from './data-file.js';
import { commitObject, isCommitField } from './commit-rows.js';
import { sharedCommitsProblem } from './shared-commits.js';
import { compactReviewTable, isCompactReviewTable, reviewFromRow, type CompactReviewTable, type Review } from './review-rows.js';

/**
 * The board split for the page (written beside `leaderboard-data.json`, which stays whole):
 *
 * - `leaderboard-index.json`: everything but the commits. Per period type, every period's
 *   entries as flat number rows (see {@link ROW_STRIDE}) into a table of people and of notes; it
 *   is all the summary cards, chart, ranking and filter need, about a tenth of the data file.
 * - `leaderboard-chunks/<id>.json`: listed commits, as rows under the data file's
 *   `commit_columns`, fetched when a row is opened. A period of more than {@link CHUNK_ENTRIES}
 *   entries has chunks of its own, of CHUNK_ENTRIES consecutive entries each, or of `per` when
 *   its entries list few commits and reviews (format 3); smaller periods share one with their
 *   neighbours of the same {@link packKey} (format 2). `<id>` is a hash of the content, so a
 *   chunk never changes under its name and unchanged periods keep their files.
 *
 * Reading either gives the same values as `parseLeaderboardData` on the data file: both derive
 * entries with {@link deriveEntry} and commits with {@link normalizeCommit}.
 */

export { PERIOD_TYPES };

/**
 * Numbers per entry row: person, total_commits, significant_commits, commit_score, total_score,
 * additional score, note (-1: none), co_authored_commits, co_authored_significant.
 */
export const ROW_STRIDE = 9;
/**
 * Numbers per entry in a period's `activity` (boards with review data only): review_count,
 * review_score, issue_count, issue_score.
 */
export const ACTIVITY_STRIDE = 4;
/** Entries whose commits share one chunk file (rows 0-99, 100-199, ...), unless a period says `per`. */
export const CHUNK_ENTRIES = 100;
/** The index format this version writes when some period has `per`; without one it writes 2, which older pages read. */
export const INDEX_FORMAT_PER = 3;
/** A chunk's file name without `.json`: 16 hex digits of the SHA-1 of its content. */
export const CHUNK_ID = /^[0-9a-f]{16}$/;

/** One period of the index. */
export interface IndexPeriod {
  label: string;
  /** ROW_STRIDE numbers per entry, in rank order. */
  rows: number[];
  /**
   * Chunk ids: chunk k holds the commits of entries k*per onwards, the first of them at its place
   * `at` (see {@link chunkPlace}).
   */
  chunks: string[];
  /**
   * Entries per chunk (format 3), a multiple of CHUNK_ENTRIES; absent: CHUNK_ENTRIES. A big period
   * of light entries (a few commits or reviews each) has fewer, fuller chunks: each chunk file
   * costs a refresh about half a millisecond to create, and lists no more than a heavy one.
   */
  per?: number;
  /** Where the period's first entry is in its chunk, shared with other periods (format 2); absent: 0. */
  at?: number;
  /** ACTIVITY_STRIDE numbers per entry, in the order of `rows`; only on boards with review data. */
  activity?: number[];
  /**
   * The period's commits credited to several people, by the positions of their entries in `rows`
   * (the data file's `shared_commits` of the period, see shared-commits.ts); absent when none.
   */
  shared?: number[];
}

/**
 * Small periods sharing a chunk file have the same key: four ISO weeks (W01-W04, W05-W08, ...),
 * a quarter's months, a year's quarters. Fixed by the label alone, so a window that moves on or a
 * new week rewrites the files of its own group only. A shared chunk also ends before a period of
 * more than CHUNK_ENTRIES entries (it has chunks of its own) and at 2,000 commits.
 */
export function packKey(type: PeriodType, label: string): string {
  const m = /^(\d{4})-(W|Q)?(\d{1,2})$/.exec(label);
  if (!m) return label;
  const n = Number(m[3]);
  if (type === 'weekly') return `${m[1]}w${Math.floor((n - 1) / 4)}`;
  if (type === 'monthly') return `${m[1]}q${Math.ceil(n / 3)}`;
  return m[1] as string;
}

/** Where entry `i` of a period has its commits: a chunk id and the entry's place in it. */
export function chunkPlace(period: IndexPeriod, i: number): { id: string; entry: number } | undefined {
  const per = period.per ?? CHUNK_ENTRIES;
  const id = period.chunks[Math.floor(i / per)];
  return id === undefined ? undefined : { id, entry: (period.at ?? 0) + (i % per) };
}

// People and periods are checked in plain loops: per-element zod schemas took about 190 ms, most of
// a 20-year index's first paint, on its 1,363 periods and 2,400 people (and 70 ms per 100,000 rows).
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why this is not a period of the index, or null when it is one. */
function periodProblem(p: unknown): { path: (string | number)[]; message: string } | null {
  if (!isObject(p)) return { path: [], message: 'expected an object with label, rows and chunks' };
  if (typeof p.label !== 'string') return { path: ['label'], message: 'expected a string' };
  if (p.at !== undefined && !(Number.isInteger(p.at) && (p.at as number) >= 0)) return { path: ['at'], message: 'expected a whole number from 0' };
  if (p.per !== undefined && !(Number.isInteger(p.per) && (p.per as number) > 0 && (p.per as number) % CHUNK_ENTRIES === 0)) return { path: ['per'], message: `expected entries per chunk, a multiple of ${CHUNK_ENTRIES}` };
  const { rows, chunks } = p;
  if (!Array.isArray(rows)) return { path: ['rows'], message: 'expected an array of numbers' };
  for (let i = 0; i < rows.length; i++) {
    const n: unknown = rows[i];
    if (typeof n !== 'number' || !Number.isFinite(n)) return { path: ['rows', i], message: 'expected a finite number' };
  }
  if (p.activity !== undefined) {
    if (!Array.isArray(p.activity)) return { path: ['activity'], message: 'expected an array of numbers' };
    for (let i = 0; i < p.activity.length; i++) {
      const n: unknown = p.activity[i];
      if (typeof n !== 'number' || !Number.isFinite(n)) return { path: ['activity', i], message: 'expected a finite number' };
    }
    if (p.activity.length / ACTIVITY_STRIDE !== rows.length / ROW_STRIDE) return { path: ['activity'], message: `expected ${ACTIVITY_STRIDE} numbers per entry` };
  }
  if (p.shared !== undefined) {
    const problem = sharedCommitsProblem(p.shared, Math.floor(rows.length / ROW_STRIDE));
    if (problem) return { path: problem.at === null ? ['shared'] : ['shared', problem.at], message: problem.message };
  }
  if (!Array.isArray(chunks)) return { path: ['chunks'], message: 'expected an array of chunk ids' };
  for (let i = 0; i < chunks.length; i++) {
    const id: unknown = chunks[i];
    if (typeof id !== 'string' || !CHUNK_ID.test(id)) return { path: ['chunks', i], message: 'expected a chunk id (16 hex digits)' };
  }
  return null;
}

const periodsSchema = z.custom<IndexPeriod[]>((v) => Array.isArray(v), 'expected an array of periods').superRefine((periods, ctx) => {
  for (let i = 0; i < periods.length; i++) {
    const problem = periodProblem(periods[i]);
    if (problem) return ctx.addIssue({ code: 'custom', path: [i, ...problem.path], message: problem.message });
  }
});

const peopleSchema = z.custom<[string, string][]>((v) => Array.isArray(v), 'expected an array of [name, email]').superRefine((people, ctx) => {
  for (let i = 0; i < people.length; i++) {
    const p: unknown = people[i];
    if (!Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'string' || typeof p[1] !== 'string') {
      return ctx.addIssue({ code: 'custom', path: [i], message: 'expected [name, email], two strings' });
    }
  }
});

/** `leaderboard-index.json`. */
export const boardIndexSchema = z.object({
  /** 1: every period had chunks of its own (still read); 2: small periods share them (`at`); 3: big light ones have fuller chunks (`per`). */
  format: z.union([z.literal(1), z.literal(2), z.literal(INDEX_FORMAT_PER)]),
  last_updated: z.string(),
  total_commits_analyzed: z.number(),
  analysis_period_days: z.number(),
  metadata: z.record(z.string(), z.unknown()),
  /** [name, email] of each person a row names. */
  people: peopleSchema,
  /** Manual contribution notes a row names. */
  notes: z.array(z.string()),
  /** Periods of each type, in the data file's (label) order. */
  periods: z.object({ weekly: periodsSchema, monthly: periodsSchema, quarterly: periodsSchema }),
});
export type BoardIndex = z.infer<typeof boardIndexSchema>;

/**
 * `leaderboard-chunks/<id>.json`. Commits are checked when their entry is shown (a chunk of a
 * big month holds 2,000 of them; checking them all on arrival is wasted work).
 */
export const boardChunkSchema = z.object({
  commit_defaults: commitDefaultsSchema,
  /** The columns of each commit row, as the data file's (schema_version 3); absent: each commit is an object (chunks written before). */
  commit_columns: z.array(z.string()).optional(),
  commits: z.array(z.unknown()),
  /** Per entry of the chunk, indexes into `commits`, newest first. */
  entries: z.array(z.array(z.number().int().nonnegative())),
  /** Boards with review data: the review rows the entries list (see review-rows.ts), checked when shown. */
  reviews: z.array(z.unknown()).optional(),
  /** The pull requests compact review rows name; absent: the rows are full (chunks written before). */
  review_pulls: z.array(z.unknown()).optional(),
  /** The reviews as columns, in place of `reviews`, and the repository of pull request rows that name none (see review-rows.ts): checked when shown. */
  review_repo: z.unknown().optional(),
  review_pull: z.unknown().optional(),
  review_state: z.unknown().optional(),
  review_at: z.unknown().optional(),
  /** Per entry of the chunk, indexes into `reviews`, newest first. */
  entry_reviews: z.array(z.array(z.number().int().nonnegative())).optional(),
});
export type BoardChunk = z.infer<typeof boardChunkSchema>;

const bad = (message: string, path: PropertyKey[] = []) => new z.ZodError([{ code: 'custom', path, message, input: undefined }]);

/** Validates an index and checks that its rows are whole and point into its tables. */
export function parseBoardIndex(input: unknown): BoardIndex {
  const index = boardIndexSchema.parse(input);
  for (const type of PERIOD_TYPES) {
    for (const p of index.periods[type]) {
      const { rows } = p;
      if (rows.length % ROW_STRIDE !== 0) throw bad('rows are not whole', ['periods', type, p.label]);
      for (let r = 0; r < rows.length; r += ROW_STRIDE) {
        if (index.people[rows[r] as number] === undefined) throw bad(`unknown person ${rows[r]}`, ['periods', type, p.label]);
        const note = rows[r + 6] as number;
        if (note !== -1 && index.notes[note] === undefined) throw bad(`unknown note ${note}`, ['periods', type, p.label]);
      }
      const entries = rows.length / ROW_STRIDE;
      if (p.at !== undefined && index.format === 1) throw bad('a place in a shared chunk (at) in an index of format 1, where periods share none', ['periods', type, p.label]);
      if (p.per !== undefined && index.format < INDEX_FORMAT_PER) throw bad(`entries per chunk (per) in an index of format ${index.format}; only format ${INDEX_FORMAT_PER} has them`, ['periods', type, p.label]);
      if (p.per !== undefined && p.at !== undefined) throw bad('both a place in a shared chunk (at) and entries per chunk (per); a period has chunks of its own or shares one', ['periods', type, p.label]);
      if (p.at !== undefined && entries > CHUNK_ENTRIES) throw bad(`a place in a shared chunk (at) for ${entries} entries; only periods of up to ${CHUNK_ENTRIES} share one`, ['periods', type, p.label]);
      const per = p.per ?? CHUNK_ENTRIES;
      if (p.chunks.length !== Math.ceil(entries / per)) throw bad(`${p.chunks.length} chunks for ${entries} entries (one per ${per})`, ['periods', type, p.label]);
    }
  }
  return index;
}

/** The entries of one period, ranked and tiered as in the data file, with no commits yet. */
export function indexEntries(index: BoardIndex, period: IndexPeriod): ContributorEntry[] {
  const out: ContributorEntry[] = [];
  const { rows } = period;
  const activity = period.activity;
  for (let r = 0, i = 0; r < rows.length; r += ROW_STRIDE, i++) {
    const [name, email] = index.people[rows[r] as number] as [string, string];
    const note = rows[r + 6] as number;
    const a = i * ACTIVITY_STRIDE;
    out.push(deriveEntry({
      ...(activity ? { review_count: activity[a] as number, review_score: activity[a + 1] as number, issue_count: activity[a + 2] as number, issue_score: activity[a + 3] as number } : {}),
      name,
      email,
      total_commits: rows[r + 1] as number,
      significant_commits: rows[r + 2] as number,
      commit_score: rows[r + 3] as number,
      total_score: rows[r + 4] as number,
      additional_contribution_score: rows[r + 5] as number,
      additional_contribution_notes: note === -1 ? '' : (index.notes[note] as string),
      co_authored_commits: rows[r + 7] as number,
      co_authored_significant: rows[r + 8] as number,
    }, i, []));
  }
  return out;
}

/** The period of that type and label, or undefined. */
export function findPeriod(index: BoardIndex, type: PeriodType, label: string): IndexPeriod | undefined {
  return index.periods[type].find((p) => p.label === label);
}

/** The commits of entry `i` (0-based within its chunk), validated and normalized. */
export function chunkEntryCommits(chunk: BoardChunk, i: number): Commit[] {
  const refs = chunk.entries[i];
  if (!refs) throw bad(`entries.${i}: no such entry in the chunk`);
  const columns = chunk.commit_columns;
  if (columns) {
    const unknown = columns.find((name) => !isCommitField(name));
    if (unknown !== undefined) throw bad(`commit_columns: unknown column "${unknown}"`);
  }
  return refs.map((ref, j) => {
    const raw = chunk.commits[ref];
    if (raw === undefined) throw bad(`entries.${i}.${j}: commit ${ref} is not in the chunk`);
    if (columns && !Array.isArray(raw)) throw bad(`commits.${ref}: expected a row of ${columns.join(', ')}`);
    return normalizeCommit(storedCommitSchema.parse(columns ? commitObject(raw as unknown[], columns) : raw), chunk.commit_defaults);
  });
}

/** The reviews listed for entry `i` (0-based within its chunk), validated; [] for a chunk without reviews. */
export function chunkEntryReviews(chunk: BoardChunk, i: number): Review[] {
  const refs = chunk.entry_reviews?.[i];
  if (!refs) return [];
  let table = reviewTables.get(chunk);
  if (!table) reviewTables.set(chunk, (table = isCompactReviewTable(chunk) ? compactReviewTable(chunk) : fullRowTable(chunk.reviews ?? [])));
  const { count, review } = table;
  return refs.map((ref, j) => {
    if (ref >= count) throw bad(`entry_reviews.${i}.${j}: review ${ref} is not in the chunk`);
    return review(ref);
  });
}

/** Each chunk's review table, read once for all its entries (columns of dates are summed up once). */
const reviewTables = new WeakMap<BoardChunk, CompactReviewTable>();

/** Full review rows (chunks written before they were compact) as a table. */
const fullRowTable = (rows: readonly unknown[]): CompactReviewTable => ({ count: rows.length, review: (ref) => reviewFromRow(rows[ref], ['reviews', ref]) });
