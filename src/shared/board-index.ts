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

/**
 * The board split for the page (written beside `leaderboard-data.json`, which stays whole):
 *
 * - `leaderboard-index.json`: everything but the commits. Per period type, every period's
 *   entries as flat number rows (see {@link ROW_STRIDE}) into a table of people and of notes; it
 *   is all the summary cards, chart, ranking and filter need, about a tenth of the data file.
 * - `leaderboard-chunks/<id>.json`: the listed commits of {@link CHUNK_ENTRIES} consecutive
 *   entries of one period, as rows under the data file's `commit_columns`, fetched when one of
 *   their rows is opened. `<id>` is a hash of the content, so a chunk never changes under its
 *   name and an unchanged period keeps its files.
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
/** Entries whose commits share one chunk file (rows 0-99, 100-199, ...). */
export const CHUNK_ENTRIES = 100;
/** A chunk's file name without `.json`: 16 hex digits of the SHA-1 of its content. */
export const CHUNK_ID = /^[0-9a-f]{16}$/;

const periodSchema = z.object({
  label: z.string(),
  /** ROW_STRIDE numbers per entry, in rank order (checked in one loop: zod took 70 ms per 100,000 entries). */
  rows: z.custom<number[]>((v) => Array.isArray(v) && v.every((n) => typeof n === 'number' && Number.isFinite(n)), 'rows must be an array of numbers'),
  /** Chunk ids: chunk k holds the commits of entries k*CHUNK_ENTRIES onwards. */
  chunks: z.array(z.string().regex(CHUNK_ID)),
});
export type IndexPeriod = z.infer<typeof periodSchema>;

/** `leaderboard-index.json`. */
export const boardIndexSchema = z.object({
  format: z.literal(1),
  last_updated: z.string(),
  total_commits_analyzed: z.number(),
  analysis_period_days: z.number(),
  metadata: z.record(z.string(), z.unknown()),
  /** [name, email] of each person a row names. */
  people: z.array(z.tuple([z.string(), z.string()])),
  /** Manual contribution notes a row names. */
  notes: z.array(z.string()),
  /** Periods of each type, in the data file's (label) order. */
  periods: z.object({ weekly: z.array(periodSchema), monthly: z.array(periodSchema), quarterly: z.array(periodSchema) }),
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
});
export type BoardChunk = z.infer<typeof boardChunkSchema>;

const bad = (message: string) => new z.ZodError([{ code: 'custom', path: [], message, input: undefined }]);

/** Validates an index and checks that its rows are whole and point into its tables. */
export function parseBoardIndex(input: unknown): BoardIndex {
  const index = boardIndexSchema.parse(input);
  for (const type of PERIOD_TYPES) {
    for (const p of index.periods[type]) {
      const { rows } = p;
      if (rows.length % ROW_STRIDE !== 0) throw bad(`periods.${type}.${p.label}: rows are not whole`);
      for (let r = 0; r < rows.length; r += ROW_STRIDE) {
        if (index.people[rows[r] as number] === undefined) throw bad(`periods.${type}.${p.label}: unknown person ${rows[r]}`);
        const note = rows[r + 6] as number;
        if (note !== -1 && index.notes[note] === undefined) throw bad(`periods.${type}.${p.label}: unknown note ${note}`);
      }
      if (p.chunks.length !== Math.ceil(rows.length / ROW_STRIDE / CHUNK_ENTRIES)) throw bad(`periods.${type}.${p.label}: wrong number of chunks`);
    }
  }
  return index;
}

/** The entries of one period, ranked and tiered as in the data file, with no commits yet. */
export function indexEntries(index: BoardIndex, period: IndexPeriod): ContributorEntry[] {
  const out: ContributorEntry[] = [];
  const { rows } = period;
  for (let r = 0, i = 0; r < rows.length; r += ROW_STRIDE, i++) {
    const [name, email] = index.people[rows[r] as number] as [string, string];
    const note = rows[r + 6] as number;
    out.push(deriveEntry({
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
