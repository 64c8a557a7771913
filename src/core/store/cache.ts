import { z } from 'zod';
import type { ScoredCommit } from '../types.js';
import { describeIssues, readTextIfExists, writeJsonAtomic } from './files.js';

const CACHE_VERSION = 1;

const scoredCommitSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{40,64}$/),
  author: z.string(),
  email: z.string(),
  date: z.string(),
  subject: z.string(),
  breaking: z.boolean(),
  stats: z.object({ files: z.number(), insertions: z.number(), deletions: z.number(), excluded_files: z.number(), excluded_lines: z.number() }),
  scores: z.object({ loc: z.number(), files: z.number(), keyword: z.number(), ai: z.number(), ai_source: z.string(), ai_reason: z.string().optional(), ai_fallback: z.string().optional() }),
  total: z.number(),
  // What the credit rules need (core/credit), cached so a change of setting reads no git.
  co_authors: z.array(z.object({ name: z.string(), email: z.string() })).optional(),
  reverts: z.array(z.string()).optional(),
});

const cacheFileSchema = z.object({
  version: z.literal(CACHE_VERSION),
  /** Fingerprint of the scoring settings the scores were computed with. */
  fingerprint: z.string(),
  commits: z.array(scoredCommitSchema),
});

/** Scored commits by full hash, valid for one scoring fingerprint. */
export interface ScoreCache {
  fingerprint: string;
  commits: Map<string, ScoredCommit>;
}

/** What reading the cache found, so a refresh can say why it rescored. */
export type CacheLoad =
  | { kind: 'ok'; cache: ScoreCache }
  | { kind: 'missing' | 'stale' | 'corrupt'; cache: ScoreCache; reason?: string };

/**
 * Loads the score cache. A cache for other scoring settings is 'stale' and a cache that does
 * not parse is 'corrupt': both come back empty, so their scores are never trusted.
 */
export async function loadScoreCache(file: string, fingerprint: string): Promise<CacheLoad> {
  const empty: ScoreCache = { fingerprint, commits: new Map() };
  const text = await readTextIfExists(file);
  if (text === null) return { kind: 'missing', cache: empty };
  let parsed;
  try {
    parsed = cacheFileSchema.safeParse(JSON.parse(text));
  } catch (err) {
    return { kind: 'corrupt', cache: empty, reason: (err as Error).message };
  }
  if (!parsed.success) return { kind: 'corrupt', cache: empty, reason: describeIssues(parsed.error) };
  if (parsed.data.fingerprint !== fingerprint) return { kind: 'stale', cache: empty };
  return { kind: 'ok', cache: { fingerprint, commits: new Map(parsed.data.commits.map((c) => [c.hash, c])) } };
}

/** Writes the cache atomically, commits in the given order (newest first) for stable bytes. */
export async function saveScoreCache(file: string, fingerprint: string, commits: ScoredCommit[]): Promise<void> {
  await writeJsonAtomic(file, { version: CACHE_VERSION, fingerprint, commits });
}
