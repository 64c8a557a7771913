import { z } from 'zod';
import { aiOverrideMarkSchema, type AiOverrideMark } from './ai-overrides.js';

/**
 * One commit of a data file: as stored (an object inline in an entry, in a schema_version 2
 * table, or a schema_version 3 row spelled out, see commit-rows.ts), and as the page uses it,
 * every field present ({@link normalizeCommit}).
 */

/** Score parts of one commit; `total` is their sum (0-100). */
export const commitScoresSchema = z.object({
  /** Lines-of-code part, 0-30. */
  loc: z.number().default(0),
  /** Changed-files part, 0-20. */
  files: z.number().default(0),
  /** Conventional-commit type part, 0-25. */
  keyword: z.number().default(0),
  /** AI impact part, 0-25. */
  ai: z.number().default(0),
  /** Sum of the parts; derived when missing. */
  total: z.number().optional(),
  /** Where the AI part came from: `heuristic`, or `provider:model`. Absent in older files. */
  ai_source: z.string().optional(),
  /** One-sentence reason given by the AI scorer, when there is one. */
  ai_reason: z.string().optional(),
  /** Set when the AI provider gave no usable score and the local estimate was used: why. */
  ai_fallback: z.string().optional(),
  /** Set when an admin overrode the AI part (`ai_reason` is then their note). */
  ai_override: aiOverrideMarkSchema.optional(),
});

/** Change statistics of one commit, after exclusions. */
export const commitStatsSchema = z.object({
  /** Changed files counted (excluded files not included). */
  files: z.number().default(0),
  /** insertions + deletions; derived when missing. */
  lines: z.number().optional(),
  insertions: z.number().default(0),
  deletions: z.number().default(0),
  /** Files left out of the line and file counts (lock files, generated, vendored, minified). Default 0. */
  excluded_files: z.number().default(0),
  /** Lines in those excluded files. Default 0. */
  excluded_lines: z.number().default(0),
});

/** A commit as stored in a data file: inline (older tools) or in the compact `commits` table. */
export const storedCommitSchema = z.object({
  /** Short hash; derived from `full_hash` when missing. */
  hash: z.string().optional(),
  full_hash: z.string().optional(),
  /** 'significant'; any other value is treated as simple. Derived from the total when missing. */
  classification: z.string().optional(),
  /** ISO date (author date). */
  date: z.string(),
  /** Commit message; this tool stores the subject line only. */
  message: z.string().default(''),
  author: z.string().optional(),
  email: z.string().optional(),
  stats: commitStatsSchema.default({ files: 0, insertions: 0, deletions: 0, excluded_files: 0, excluded_lines: 0 }),
  scores: commitScoresSchema.default({ loc: 0, files: 0, keyword: 0, ai: 0 }),
  /** Names of its co-authors (`Co-authored-by:`), in order; absent when none. */
  co_authors: z.array(z.string()).optional(),
  /** Full hash of the later revert that cancelled it (it then scores 0, `scores.total` says so). */
  reverted_by: z.string().optional(),
  /** Full hashes of the commits this revert cancelled along with itself (it scores 0 too). */
  revert_of: z.array(z.string()).optional(),
  /** Name of its repository (see `metadata.repositories`); absent when it is `commit_defaults.repo`, or in older files. */
  repo: z.string().optional(),
});

/** Values the rows of a commits table leave out (each row may still state its own). */
export const commitDefaultsSchema = z.object({ ai_source: z.string().optional(), repo: z.string().optional() });
export type CommitDefaults = z.infer<typeof commitDefaultsSchema>;

/** A commit as the page uses it: every field present. */
export interface Commit {
  hash: string;
  full_hash: string;
  classification: 'significant' | 'simple';
  date: string;
  message: string;
  author?: string | undefined;
  stats: { files: number; lines: number; insertions: number; deletions: number; excluded_files: number; excluded_lines: number };
  scores: { total: number; loc: number; files: number; keyword: number; ai: number; ai_source?: string | undefined; ai_reason?: string | undefined; ai_fallback?: string | undefined; ai_override?: AiOverrideMark | undefined };
  /** Its co-authors' names ([] or absent when none). */
  co_authors?: string[] | undefined;
  /** The revert that cancelled it. */
  reverted_by?: string | undefined;
  /** The commits this revert cancelled ([] or absent when none). */
  revert_of?: string[] | undefined;
  /** Scored 0 by the revert rule (reverted, or a revert). */
  cancelled?: boolean | undefined;
  /** Its repository's name (absent in older files). */
  repo?: string | undefined;
}

/** Commits scoring this or more are significant; the others are simple. */
export const SIGNIFICANT_THRESHOLD = 50;

export type StoredCommit = z.infer<typeof storedCommitSchema>;

/** A stored commit with every field present (short hash, lines, total, classification, AI source). */
export function normalizeCommit(c: StoredCommit, defaults: CommitDefaults = {}): Commit {
  const total = c.scores.total ?? c.scores.loc + c.scores.files + c.scores.keyword + c.scores.ai;
  const fullHash = c.full_hash ?? c.hash ?? '';
  const classification = c.classification === undefined
    ? (total >= SIGNIFICANT_THRESHOLD ? 'significant' : 'simple')
    : (c.classification === 'significant' ? 'significant' : 'simple');
  return {
    hash: c.hash ?? fullHash.slice(0, 8),
    full_hash: fullHash,
    classification,
    date: c.date,
    message: c.message,
    author: c.author,
    stats: { ...c.stats, lines: c.stats.lines ?? c.stats.insertions + c.stats.deletions },
    scores: { ...c.scores, total, ai_source: c.scores.ai_source ?? defaults.ai_source },
    co_authors: c.co_authors ?? [],
    reverted_by: c.reverted_by,
    revert_of: c.revert_of ?? [],
    cancelled: c.reverted_by !== undefined || (c.revert_of?.length ?? 0) > 0,
    repo: c.repo ?? defaults.repo,
  };
}

/**
 * A commit as an object: a row of the table spelled out (see commit-rows.ts), as schema_version 2
 * wrote it and as the page's chunk files hold it. Zero excluded counts are left out.
 */
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
