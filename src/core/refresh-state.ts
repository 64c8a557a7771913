import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DATA_FILE_SCHEMA_VERSION } from '../shared/data-file.js';
import { activityStatusSchema } from '../shared/status-file.js';
import type { ActivityStatus } from './activity.js';
import type { LeaderboardConfig } from './config.js';
import type { RepoTarget } from './repos/open.js';
import type { DataDirPaths } from './store/data-dir.js';
import { fileStamp, indexStamp } from './store/file-checks.js';
import { writeJsonAtomic } from './store/files.js';
import { TOOL_BUILD } from './version.js';

/** One repository of a board, as the refresh state records it. */
export const statePartSchema = z.object({
  name: z.string(),
  /** Folder of its score cache, relative to the data directory: `.` alone, `parts/<name>` with several. */
  dir: z.string(),
  url: z.string().nullable(),
  head: z.string().nullable(),
  fingerprint: z.string(),
  history: z.object({ newest: z.string(), oldest: z.string() }).nullable(),
});
export type StatePart = z.infer<typeof statePartSchema>;

/**
 * `refresh-state.json`: what a refresh was computed from; equal inputs mean the data file is
 * already right. `merge` reads it to check and find the parts' score caches.
 */
export const stateSchema = z.object({
  version: z.string(),
  /** HEAD of the one repository; null with several (each part has its own). */
  head: z.string().nullable(),
  /** The one repository's scoring fingerprint; with several, a hash of theirs. */
  fingerprint: z.string(),
  windowStart: z.string().nullable(),
  analysisPeriodDays: z.number(),
  // Older state files lack it; rebuilds then use the configured value.
  commitsPerEntry: z.number().int().positive().optional(),
  // The data file as this tool last wrote it: any other change to it (truncation, an edit) shows.
  dataFile: z.object({ size: z.number(), mtimeMs: z.number() }).optional(),
  // The page's index likewise, and the number of files in its chunk folder and their bytes (see indexIntact).
  index: z.object({ size: z.number(), mtimeMs: z.number(), chunks: z.number(), chunkBytes: z.number().optional() }).optional(),
  buildKey: z.string(),
  manualHash: z.string(),
  // The AI scorer's id (for the data file a rebuild writes) and whether its step fell short.
  aiId: z.string().optional(),
  aiPartial: z.boolean().optional(),
  // Absent in older state files (no overrides then).
  overridesHash: z.string().optional(),
  // For rebuilds, which read no git: the repository and its whole history's span (newer files).
  repo: z.string().optional(),
  history: z.object({ newest: z.string(), oldest: z.string() }).nullable().optional(),
  /** The repositories and where their caches are (absent in older files: the one cache at the top). */
  parts: z.array(statePartSchema).optional(),
  /** The scoring settings in words (see scoringSettings), for `merge` to compare parts. */
  scoring: z.record(z.string(), z.unknown()).optional(),
  /** Whether GitHub activity was read (rebuilds give the board the same status); absent: off. */
  activity: activityStatusSchema.optional(),
  /**
   * Set by a refresh that rebuilds, before it writes any cache; its own state replaces it at the
   * end. A refresh killed in between leaves it, so the next one rebuilds rather than keeping the
   * old board for what the caches it wrote (a new review, answers of another model) would change.
   */
  rebuilding: z.boolean().optional(),
});
export type RefreshState = z.infer<typeof stateSchema>;

/** The state's fingerprint of a board of several repositories: a hash of theirs, in name order. */
export function boardFingerprint(parts: readonly Pick<StatePart, 'name' | 'head' | 'fingerprint'>[]): string {
  const sorted = [...parts].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return createHash('sha1').update(JSON.stringify(sorted.map((p) => [p.name, p.head, p.fingerprint]))).digest('hex');
}

/**
 * Marks the state of the last build as being rebuilt (see RefreshState.rebuilding), before a
 * refresh or merge writes any cache or board: one killed in between then rebuilds next time.
 */
export async function markRebuilding(file: string, previous: RefreshState | null): Promise<void> {
  if (previous && !previous.rebuilding) await writeJsonAtomic(file, { ...previous, rebuilding: true });
}

/** Hex SHA-1 of a text (the state's hashes of files and settings). */
export const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
/** The hash of no file: what an older state without `overridesHash` had. */
export const EMPTY_HASH = sha1('');

/** Key of the settings that change the data file but not commit scores; `version`: the tool's that made it (a state records it). */
export function buildKey(config: LeaderboardConfig, version = TOOL_BUILD): string {
  return sha1(JSON.stringify({
    v: version, schema: DATA_FILE_SCHEMA_VERSION, bots: config.bots, commitsPerEntry: config.commitsPerEntry, credit: config.credit, identities: config.identities,
    reviewPoints: config.github.points,
  }));
}

/** Whether a refresh's inputs are the last one's: then its board is already right (see stateSchema). */
export function sameInputs(prev: RefreshState, next: Omit<RefreshState, 'analysisPeriodDays'>): boolean {
  return prev.version === next.version && prev.head === next.head && prev.fingerprint === next.fingerprint
    && prev.windowStart === next.windowStart && prev.buildKey === next.buildKey && prev.manualHash === next.manualHash
    && (prev.overridesHash ?? EMPTY_HASH) === next.overridesHash && (prev.aiId ?? 'heuristic') === next.aiId;
}

/** What the state records of the board's files, to tell later that they are still the ones written. */
export async function boardStamps(paths: DataDirPaths): Promise<Pick<RefreshState, 'dataFile' | 'index'>> {
  return { dataFile: await fileStamp(paths.data), index: await indexStamp(paths.index, paths.chunks) };
}

/** Whether every repository has the remote URL it had (the board links to it). Older state files, without their parts: no. */
export function sameUrls(prev: RefreshState, targets: readonly RepoTarget[]): boolean {
  return targets.every((t) => prev.parts?.find((p) => p.name === t.name)?.url === t.url);
}

/**
 * Whether the board's activity status still says what a sync just found: the same state and the
 * same error or reason (a 401 fixed into a 502 kept the page on the 401). When it synced is not
 * compared: every sync has its own time.
 */
export function sameActivityStatus(now: ActivityStatus, before: ActivityStatus | undefined): boolean {
  const said = (s: ActivityStatus | undefined) => (s === undefined ? 'off' : s.state === 'ok' ? 'ok' : `${s.state}: ${s.state === 'off' ? s.reason : s.error}`);
  return before === undefined ? now.state === 'off' : said(now) === said(before);
}
