import { createHash } from 'node:crypto';
import { access, open, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { HeuristicAiScorer } from './ai/heuristic.js';
import { AiCache } from './ai/ai-cache.js';
import { LlmAiScorer } from './ai/llm-scorer.js';
import { applyOverrides, parseOverrides } from './ai/override-file.js';
import { createProvider, type ChatProvider } from './ai/providers.js';
import type { AiSettings } from './ai/settings.js';
import type { LeaderboardConfig } from './config.js';
import { HEURISTIC_AI_SOURCE } from '../shared/ai-part.js';
import { isBot } from './bots.js';
import { creditCounts, CREDIT_LINKS_VERSION, type CreditCounts } from './credit/index.js';
import { errorMessage } from './errors.js';
import { listHistory, type HistorySpan } from './git/history.js';
import { headCommit, pullFastForward, shallowBoundary } from './git/repo.js';
import { runGit } from './git/run-git.js';
import { writeBoard } from './board/write-board.js';
import { buildLeaderboardData } from './leaderboards.js';
import { metadataFor } from './metadata.js';
import { collectGarbage } from './memory.js';
import { SCORING_VERSION } from './scoring.js';
import { readAndScore } from './score-batches.js';
import { loadScoreCache, saveScoreCache, type CacheLoad } from './store/cache.js';
import { dataDirPaths, ensureDataDir, type DataDirPaths } from './store/data-dir.js';
import { readJsonFile, readTextIfExists, writeJsonAtomic } from './store/files.js';
import { withDataDirLock } from './store/lock.js';
import { readManualFile } from './store/manual-file.js';
import { writeStatus } from './store/status.js';
import type { AiStep } from '../shared/status-file.js';
import type { AiScorer, ScoredCommit } from './types.js';
import { TOOL_VERSION } from './version.js';

const DAY_MS = 86_400_000;

/** What `refresh` reports while it works. */
export interface RefreshProgress {
  phase: 'listing' | 'reading' | 'scoring' | 'writing';
  done: number;
  total: number;
  /** With an AI provider, while scoring: answers from the provider, from the AI cache, and fallbacks. */
  ai?: AiStep;
}

export interface RefreshOptions {
  /** Top level of the repository (see resolveRepo). */
  repo: string;
  dataDir: string;
  config: LeaderboardConfig;
  /** Analyse from this day instead of `config.analysisPeriodDays` back. */
  since?: Date;
  /** Analyse the whole history. */
  all?: boolean;
  /** Fast-forward from the upstream first. */
  pull?: boolean;
  /** Clock, for tests. Default: now. */
  now?: Date;
  /** Parallel git readers. Default: chosen by the reader. */
  concurrency?: number;
  /** The AI part's scorer when no provider is configured (tests). Default: the local estimate. */
  ai?: AiScorer;
  /** An AI provider to score with (see resolveAiSettings); null or absent: `ai`. */
  aiSettings?: AiSettings | null;
  /** The provider's client; default: the official SDK's for `aiSettings` (tests pass their own). */
  aiProvider?: ChatProvider;
  /** Ask the provider again about commits whose answer came from another model or prompt version. */
  rescoreAi?: boolean;
  onProgress?: (p: RefreshProgress) => void;
}

export interface RefreshResult {
  dataFile: string;
  head: string | null;
  /** Nothing had changed since the last refresh: no git history was read. */
  upToDate: boolean;
  /** Non-merge commits in the window (bots included). */
  commitsInWindow: number;
  /** Commits read from git and scored in this run. */
  scored: number;
  /** Cached commits dropped because they are no longer in the history (force-push) or window. */
  dropped: number;
  cache: CacheLoad['kind'];
  /** Why the score cache was discarded, when it was corrupt (it is rebuilt, never trusted). */
  cacheProblem?: string;
  contributors: number;
  analysisPeriodDays: number;
  pulled?: { before: string | null; after: string | null };
  aiSource: string;
  /** What the AI provider did, when one is configured and commits were scored. */
  ai?: AiStep;
  /** With a provider: commits whose AI score another model gave (kept until --rescore-ai). */
  aiFromOtherModels?: number;
  /** Start of the analysed window (ISO), null for the whole history; absent when up to date. */
  windowStart?: string | null;
  /** The whole history's span, whatever the window; absent when up to date. */
  history?: HistorySpan | null;
  /** Commits the revert rule scored 0, and commits credited to co-authors (`credit` settings). */
  credit?: CreditCounts;
}

// What a refresh was computed from; equal inputs mean the data file is already right.
const stateSchema = z.object({
  version: z.string(),
  head: z.string().nullable(),
  fingerprint: z.string(),
  windowStart: z.string().nullable(),
  analysisPeriodDays: z.number(),
  // Older state files lack it; rebuilds then use the configured value.
  commitsPerEntry: z.number().int().positive().optional(),
  // The data file as this tool last wrote it: any other change to it (truncation, an edit) shows.
  dataFile: z.object({ size: z.number(), mtimeMs: z.number() }).optional(),
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
});
type RefreshState = z.infer<typeof stateSchema>;

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const EMPTY_HASH = sha1('');

/**
 * Fingerprint of everything that changes a cached commit: its score, and the author identity
 * git reports for it. `.mailmap` is in it because cached commits keep their mailmapped name and
 * email (without it, adding a .mailmap left the old identities of cached commits in place); the
 * shallow boundary is in it because boundary commits are scored without their diff (below), so
 * deepening the clone must rescore them.
 */
async function scoringFingerprint(repo: string, config: LeaderboardConfig, aiKey: string, shallow: Set<string>): Promise<string> {
  const attributes = await attributeFiles(repo);
  const mailmap = (await readTextIfExists(path.join(repo, '.mailmap'))) ?? '';
  return sha1(JSON.stringify({ SCORING_VERSION, CREDIT_LINKS_VERSION, exclusions: config.exclusions, ai: aiKey, attributes, mailmap, shallow: [...shallow].sort() }));
}

/**
 * Every attributes file git applies to the work tree (which marks paths linguist-generated or
 * -vendored): the root .gitattributes, those in subfolders, and .git/info/attributes.
 */
async function attributeFiles(repo: string): Promise<Record<string, string | null>> {
  // --cached reads only the index (fast on big trees); the root file is read even if untracked.
  const listed = (await runGit(repo, ['ls-files', '-z', '--cached', '--', ':(glob)**/.gitattributes'])).stdout.split('\0');
  const files = [...new Set(['.gitattributes', '.git/info/attributes', ...listed.filter(Boolean)])].sort();
  const texts = await Promise.all(files.map((f) => readTextIfExists(path.join(repo, f))));
  return Object.fromEntries(files.map((f, i) => [f, texts[i] ?? null]));
}

/** Key of the settings that change the data file but not commit scores. */
function buildKey(config: LeaderboardConfig): string {
  return sha1(JSON.stringify({ v: TOOL_VERSION, bots: config.bots, commitsPerEntry: config.commitsPerEntry, credit: config.credit }));
}

export function windowStartFor(opts: Pick<RefreshOptions, 'since' | 'all' | 'config'>, now: Date): Date | null {
  if (opts.all) return null;
  if (opts.since) return opts.since;
  // Whole UTC days, so repeated refreshes on one day see the same window.
  return new Date(utcDayStart(now) - opts.config.analysisPeriodDays * DAY_MS);
}

/** Start (ms) of the UTC day of `now`. */
function utcDayStart(now: Date): number {
  return Math.floor(now.getTime() / DAY_MS) * DAY_MS;
}

/**
 * Reads the history (only commits not already in the score cache), scores it and writes the
 * leaderboard data, cache and status files. A failure leaves the last good data file untouched
 * and records `success: false` with the error in last-update.json, then rethrows.
 */
export async function refresh(opts: RefreshOptions): Promise<RefreshResult> {
  const paths = dataDirPaths(opts.dataDir);
  await ensureDataDir(paths);
  return withDataDirLock(paths, async () => {
    // Known as soon as git has named it, so that a failed refresh still records it.
    const seen: { head: string | null } = { head: null };
    try {
      const result = await runRefresh(opts, paths, seen);
      await writeStatus(paths.status, { success: true, timestamp: new Date().toISOString(), latestCommit: result.head, ...(result.ai ? { ai: result.ai } : {}) });
      return result;
    } catch (err) {
      await writeStatus(paths.status, { success: false, timestamp: new Date().toISOString(), latestCommit: seen.head, error: errorMessage(err) }).catch(() => undefined);
      throw err;
    }
  });
}

async function runRefresh(opts: RefreshOptions, paths: DataDirPaths, seen: { head: string | null }): Promise<RefreshResult> {
  const now = opts.now ?? new Date();
  const local: AiScorer = opts.ai ?? new HeuristicAiScorer();
  const aiId = opts.aiSettings ? `${opts.aiSettings.provider}:${opts.aiSettings.model}` : local.id;
  const pulled = opts.pull ? await pullFastForward(opts.repo) : undefined;
  const head = await headCommit(opts.repo);
  seen.head = head;
  const windowStart = windowStartFor(opts, now);
  const shallow = await shallowBoundary(opts.repo);
  const fingerprint = await scoringFingerprint(opts.repo, opts.config, opts.aiSettings ? LLM_CACHE_KEY : local.id, shallow);
  const manualText = (await readTextIfExists(paths.manual)) ?? '';
  const overridesText = (await readTextIfExists(paths.overrides)) ?? '';
  const previous = await readJsonFile(paths.state, stateSchema).catch(() => null);
  const base = { dataFile: paths.data, head, pulled, aiSource: aiId };

  const state: Omit<RefreshState, 'analysisPeriodDays'> = {
    version: TOOL_VERSION,
    commitsPerEntry: opts.config.commitsPerEntry,
    head,
    fingerprint,
    windowStart: windowStart?.toISOString() ?? null,
    buildKey: buildKey(opts.config),
    manualHash: sha1(manualText),
    overridesHash: sha1(overridesText),
    aiId,
  };
  // The cache must be there too: add-contribution rebuilds from it.
  // Both must also be intact: a corrupt or truncated data file or cache is rebuilt, not kept.
  // A partial AI step is not up to date: the commits that fell back are asked about again.
  if (previous && !opts.rescoreAi && !previous.aiPartial && sameInputs(previous, state) && (await dataFileIntact(paths.data, previous.dataFile)) && (await looksWhole(paths.cache)) && (await exists(paths.index))) {
    return { ...base, upToDate: true, commitsInWindow: -1, scored: 0, dropped: 0, cache: 'ok', contributors: -1, analysisPeriodDays: previous.analysisPeriodDays };
  }
  const manual = await readManualFile(paths.manual);

  opts.onProgress?.({ phase: 'listing', done: 0, total: 0 });
  const { commits: refs, span: history } = await listHistory(opts.repo, windowStart ? { since: windowStart } : {});
  const loaded = await loadScoreCache(paths.cache, fingerprint);
  const cached = loaded.cache.commits;
  const missing = refs.filter((r) => {
    const c = cached.get(r.hash);
    return !c || opts.rescoreAi || (opts.aiSettings && c.scores.ai_fallback !== undefined);
  }).map((r) => r.hash);

  const fresh = new Map<string, ScoredCommit>();
  let llm: LlmAiScorer | null = null;
  if (missing.length > 0) {
    let done = 0;
    opts.onProgress?.({ phase: 'reading', done, total: missing.length });
    if (opts.aiSettings) {
      const total = missing.length;
      let scoredSoFar = 0;
      llm = await llmScorer(opts, opts.aiSettings, paths, (step) => opts.onProgress?.({ phase: 'scoring', done: ++scoredSoFar, total, ai: step }));
      opts.onProgress?.({ phase: 'scoring', done: 0, total, ai: llm.step() });
    }
    const scorer = llm ?? local;
    try {
      await readAndScore({
        repo: opts.repo,
        hashes: missing,
        exclusions: opts.config.exclusions,
        shallow,
        scorer,
        into: fresh,
        ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
        onRead: () => opts.onProgress?.({ phase: 'reading', done: ++done, total: missing.length }),
      });
    } finally {
      if (llm) {
        llm.stop();
        await llm.flush();
      }
    }
  }

  const commits = refs.map((r) => fresh.get(r.hash) ?? cached.get(r.hash)).filter((c): c is ScoredCommit => c !== undefined);
  const inWindow = new Set(refs.map((r) => r.hash));
  const dropped = [...cached.keys()].filter((h) => !inWindow.has(h)).length;
  opts.onProgress?.({ phase: 'writing', done: 0, total: 1 });

  // Counted from the start of today (UTC), like the window itself: counting from `now` made the
  // default window "366 days" every afternoon and the value change within a day.
  const analysisPeriodDays = windowStart
    ? Math.round((utcDayStart(now) - windowStart.getTime()) / DAY_MS)
    : spanDays(commits, now);
  await saveScoreCache(paths.cache, fingerprint, commits);
  const aiStep = llm?.step();
  // Fallbacks kept from an earlier refresh (no commit needed asking this time) keep it partial.
  const aiPartial = Boolean(opts.aiSettings) && (aiStep?.partial || commits.some((c) => c.scores.ai_fallback !== undefined));
  const aiFromOtherModels = commits.filter((c) => c.scores.ai_source !== aiId && c.scores.ai_source !== HEURISTIC_AI_SOURCE).length;
  const scored = fresh.size;
  // Only `commits` holds the scored commits now, and only until the data is built from them.
  fresh.clear();
  cached.clear();
  // The local estimate's reasons are in the cache now, and the data file leaves them out.
  for (const c of commits) if (c.scores.ai_source === HEURISTIC_AI_SOURCE && c.scores.ai_fallback === undefined) delete c.scores.ai_reason;
  collectGarbage(commits.length);
  const data = buildLeaderboardData(applyOverrides(commits.splice(0), parseOverrides(overridesText, paths.overrides)), manual, {
    now,
    analysisPeriodDays,
    commitsPerEntry: opts.config.commitsPerEntry,
    bots: opts.config.bots,
    credit: opts.config.credit,
    metadata: metadataFor(opts, { head, aiId, windowStart, history }),
  });
  collectGarbage(data.commits.length);
  await writeBoard(paths, data);
  await writeJsonAtomic(paths.state, { ...state, analysisPeriodDays, aiPartial, repo: opts.repo, history, dataFile: await fileStamp(paths.data) });

  return {
    ...base,
    upToDate: false,
    commitsInWindow: refs.length,
    scored,
    dropped,
    cache: loaded.kind,
    ...(loaded.kind === 'corrupt' ? { cacheProblem: `${paths.cache} was corrupt (${loaded.reason ?? 'unreadable'}); it was discarded and rebuilt.` } : {}),
    contributors: Number(data.metadata.totalContributors ?? 0),
    analysisPeriodDays,
    windowStart: windowStart?.toISOString() ?? null,
    history,
    ...(aiStep ? { ai: aiStep } : {}),
    ...creditCounts(data.metadata),
    ...(opts.aiSettings ? { aiFromOtherModels } : {}),
  };
}

/** The score cache's record of any LLM scorer: the AI cache, not the fingerprint, tracks models. */
const LLM_CACHE_KEY = 'llm';

async function llmScorer(opts: RefreshOptions, settings: AiSettings, paths: DataDirPaths, onCommit: (step: AiStep) => void): Promise<LlmAiScorer> {
  const { cache } = await AiCache.load(paths.aiCache);
  return new LlmAiScorer({
    settings,
    provider: opts.aiProvider ?? createProvider(settings),
    repo: opts.repo,
    cache,
    bots: opts.config.bots,
    rescore: Boolean(opts.rescoreAi),
    onCommit,
  });
}

function sameInputs(prev: RefreshState, next: Omit<RefreshState, 'analysisPeriodDays'>): boolean {
  return prev.version === next.version && prev.head === next.head && prev.fingerprint === next.fingerprint
    && prev.windowStart === next.windowStart && prev.buildKey === next.buildKey && prev.manualHash === next.manualHash
    && (prev.overridesHash ?? EMPTY_HASH) === next.overridesHash && (prev.aiId ?? 'heuristic') === next.aiId;
}

/**
 * Whole UTC days from the oldest commit's day to today, as `--since <that day>` would count them
 * (counting from `now` changed the value during the day).
 */
function spanDays(commits: ScoredCommit[], now: Date): number {
  const oldest = commits.at(-1);
  return oldest ? Math.max(1, Math.round((utcDayStart(now) - utcDayStart(new Date(oldest.date))) / DAY_MS)) : 0;
}

/** Size and modification time of a file, to recognise it later without reading it. */
async function fileStamp(file: string): Promise<{ size: number; mtimeMs: number }> {
  const { size, mtimeMs } = await stat(file);
  return { size, mtimeMs };
}

/**
 * Whether the data file is still the one the last refresh wrote: one stat when the state records
 * it (parsing megabytes of JSON made a no-change refresh three times slower), else a full parse.
 */
async function dataFileIntact(file: string, stamp: { size: number; mtimeMs: number } | undefined): Promise<boolean> {
  if (!stamp) return isJsonFile(file);
  try {
    const now = await stat(file);
    return now.size === stamp.size && now.mtimeMs === stamp.mtimeMs;
  } catch {
    return false;
  }
}

async function isJsonFile(file: string): Promise<boolean> {
  const text = await readTextIfExists(file);
  if (text === null) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A cheap check that the score cache was written whole (its first and last bytes), so a no-change
 * refresh does not parse a cache of many megabytes; any other damage is caught when it is loaded.
 */
async function looksWhole(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'r');
    const { size } = await handle.stat();
    if (size < 16) return false;
    const head = Buffer.alloc(11);
    const tail = Buffer.alloc(3);
    await handle.read(head, 0, head.length, 0);
    await handle.read(tail, 0, tail.length, size - tail.length);
    return head.toString() === '{"version":' && tail.toString() === ']}\n';
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(() => true, () => false);
}

/** What rebuilding from the cache did. */
export interface RebuildResult {
  /** False when there was no earlier refresh to rebuild from: the data file is left alone. */
  rebuilt: boolean;
  dataFile: string;
  /** After a rebuild: whether a commit is on the leaderboards (analysed in the window, not a bot's). */
  shows?: (hash: string) => boolean;
}

/**
 * Rebuilds the data file from the score cache and the manual contributions, without reading git:
 * used after a manual contribution changes. Needs an earlier refresh; without one it does nothing.
 */
export async function rebuildFromCache(opts: Pick<RefreshOptions, 'repo' | 'dataDir' | 'config' | 'ai' | 'now'>): Promise<RebuildResult> {
  const paths = dataDirPaths(opts.dataDir);
  const state = await readJsonFile(paths.state, stateSchema).catch(() => null);
  if (!state || !(await exists(paths.data))) return { rebuilt: false, dataFile: paths.data };
  const loaded = await loadScoreCache(paths.cache, state.fingerprint);
  if (loaded.kind !== 'ok') return { rebuilt: false, dataFile: paths.data };
  const aiId = state.aiId ?? (opts.ai ?? new HeuristicAiScorer()).id;
  const manualText = (await readTextIfExists(paths.manual)) ?? '';
  const manual = await readManualFile(paths.manual);
  const overridesText = (await readTextIfExists(paths.overrides)) ?? '';
  const windowStart = state.windowStart ? new Date(state.windowStart) : null;
  const commits = applyOverrides([...loaded.cache.commits.values()], parseOverrides(overridesText, paths.overrides));
  const data = buildLeaderboardData(commits, manual, {
    now: opts.now ?? new Date(),
    analysisPeriodDays: state.analysisPeriodDays,
    // As the last refresh listed them (a --commits-per-entry flag is not in the config).
    commitsPerEntry: state.commitsPerEntry ?? opts.config.commitsPerEntry,
    bots: opts.config.bots,
    credit: opts.config.credit,
    metadata: metadataFor(
      { repo: state.repo ?? opts.repo, config: { ...opts.config, commitsPerEntry: state.commitsPerEntry ?? opts.config.commitsPerEntry } },
      { head: state.head, aiId, windowStart, history: state.history ?? null },
    ),
  });
  await writeBoard(paths, data);
  await writeJsonAtomic(paths.state, { ...state, manualHash: sha1(manualText), overridesHash: sha1(overridesText), dataFile: await fileStamp(paths.data) });
  const analysed = loaded.cache.commits;
  const shows = (hash: string) => {
    const c = analysed.get(hash);
    return c !== undefined && !isBot(c.author, c.email, opts.config.bots);
  };
  return { rebuilt: true, dataFile: paths.data, shows };
}
