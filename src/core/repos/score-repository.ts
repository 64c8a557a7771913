import { AiCache } from '../ai/ai-cache.js';
import { LlmAiScorer } from '../ai/llm-scorer.js';
import { createProvider, type ChatProvider } from '../ai/providers.js';
import type { AiSettings } from '../ai/settings.js';
import { HEURISTIC_AI_SOURCE } from '../../shared/ai-part.js';
import { isBot } from '../bots.js';
import type { LeaderboardConfig } from '../config.js';
import { listHistory, type HistorySpan, type ListedHistory } from '../git/history.js';
import { readAndScore } from '../score-batches.js';
import { loadScoreCache, saveScoreCache, type CacheLoad } from '../store/cache.js';
import type { AiStep } from '../../shared/status-file.js';
import type { AiScorer, ScoredCommit } from '../types.js';
import type { RepoTarget } from './open.js';

/** What scoring one repository needs. */
export interface ScoreRepositoryOptions {
  target: RepoTarget;
  /** Aborted: the AI step sends nothing more (see RefreshOptions.signal). */
  signal?: AbortSignal;
  /** Its score cache file. */
  cacheFile: string;
  fingerprint: string;
  shallow: Set<string>;
  windowStart: Date | null;
  config: LeaderboardConfig;
  /** The local AI scorer, used when no provider is configured. */
  local: AiScorer;
  aiSettings?: AiSettings | null | undefined;
  aiProvider?: ChatProvider | undefined;
  /** The data directory's AI answer cache (ai-cache.jsonl). */
  aiCacheFile: string;
  rescoreAi?: boolean | undefined;
  concurrency?: number | undefined;
  /** Its history in the window, when already listed (else listed here); its commits are let go of (emptied) once scored. */
  listed?: ListedHistory;
  /** Commits of the whole board in the window: a big board is read lean, whatever each repository's size. */
  boardCommits?: number;
  onReading?: (done: number, total: number) => void;
  /** Once the commits git must read are known: how many (0: the cache holds them all). */
  onToRead?: (commits: number) => void;
  /** Told of each commit in the window, and whether this run scored it (the refresh's summary counts them). */
  onWindowCommit?: (commit: ScoredCommit, scoredNow: boolean) => void;
  onScoring?: (done: number, total: number, step: AiStep) => void;
}

/** One repository's scored commits in the window, and what it took. */
export interface ScoredRepository {
  /** Newest first, as git lists them. */
  commits: ScoredCommit[];
  history: HistorySpan | null;
  /** Commits read from git and scored in this run. */
  scored: number;
  /** Cached commits no longer in the history or window. */
  dropped: number;
  cache: CacheLoad;
  ai?: AiStep;
  /** Lines of the AI cache that could not be read (dropped; their commits are asked about again). */
  aiCacheDropped?: number;
}

/**
 * Lists one repository's commits in the window, scores those its cache lacks, and saves its cache
 * (only when something changed, so an unchanged repository's cache file is not rewritten).
 */
export async function scoreRepository(opts: ScoreRepositoryOptions): Promise<ScoredRepository> {
  const { target } = opts;
  const { commits: refs, span: history } = opts.listed ?? (await listHistory(target.dir, opts.windowStart ? { since: opts.windowStart } : {}));
  const loaded = await loadScoreCache(opts.cacheFile, opts.fingerprint);
  const cached = loaded.cache.commits;
  const missing = refs.filter((r) => {
    const c = cached.get(r.hash);
    return !c || opts.rescoreAi || (opts.aiSettings && (c.scores.ai_fallback !== undefined || localForBot(c, opts.config.bots)));
  }).map((r) => r.hash);

  opts.onToRead?.(missing.length);
  const fresh = new Map<string, ScoredCommit>();
  let llm: LlmAiScorer | null = null;
  let aiCacheDropped = 0;
  if (missing.length > 0) {
    let done = 0;
    opts.onReading?.(done, missing.length);
    if (opts.aiSettings) {
      let scoredSoFar = 0;
      const { cache, dropped } = await AiCache.load(opts.aiCacheFile);
      aiCacheDropped = dropped;
      llm = new LlmAiScorer({
        settings: opts.aiSettings,
        provider: opts.aiProvider ?? createProvider(opts.aiSettings),
        repo: target.dir,
        cache,
        bots: opts.config.bots,
        rescore: Boolean(opts.rescoreAi),
        onCommit: (step) => opts.onScoring?.(++scoredSoFar, missing.length, step),
      });
      opts.onScoring?.(0, missing.length, llm.step());
      const scorer = llm;
      if (opts.signal?.aborted) scorer.windDown(STOPPED);
      else opts.signal?.addEventListener('abort', () => scorer.windDown(STOPPED), { once: true });
    }
    try {
      await readAndScore({
        repo: target.dir,
        bare: target.bare,
        hashes: missing,
        exclusions: opts.config.exclusions,
        shallow: opts.shallow,
        ...(opts.boardCommits !== undefined ? { leanFor: opts.boardCommits } : {}),
        scorer: llm ?? opts.local,
        into: fresh,
        ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
        onRead: () => opts.onReading?.(++done, missing.length),
      });
    } finally {
      if (llm) {
        llm.stop();
        await llm.flush();
      }
    }
    // Its hashes are cut from git's listing, which they would keep whole.
    missing.length = 0;
  }

  // Cached commits the listing names (scored again or not); its hashes are unique, so the rest of
  // the cache is out of the window.
  let named = 0;
  const commits = refs.map((r) => {
    const old = cached.get(r.hash);
    if (old) named++;
    const now = fresh.get(r.hash);
    const commit = now ?? old;
    if (commit) opts.onWindowCommit?.(commit, now !== undefined);
    return commit;
  }).filter((c): c is ScoredCommit => c !== undefined);
  const dropped = cached.size - named;
  const scored = fresh.size;
  // Only `commits` holds the scored commits now: the listing and the maps (on 200,000 commits
  // about 50 MB) go before the cache is written, the refresh's peak of memory.
  fresh.clear();
  cached.clear();
  refs.length = 0;
  if (scored > 0 || dropped > 0 || loaded.kind !== 'ok') await saveScoreCache(opts.cacheFile, opts.fingerprint, commits);
  const ai = llm?.step();
  return { commits, history, scored, dropped, cache: loaded, ...(ai ? { ai } : {}), ...(aiCacheDropped > 0 ? { aiCacheDropped } : {}) };
}

/**
 * A provider's board: whether a cached commit got the local estimate only because its author
 * counted as a bot then (it has counted files and no fallback) and no longer does (a pattern was
 * removed): the provider is asked about it now. The score cache's fingerprint leaves the bot
 * settings out, since they change no other score.
 */
function localForBot(c: ScoredCommit, bots: LeaderboardConfig['bots']): boolean {
  return c.scores.ai_source === HEURISTIC_AI_SOURCE && c.stats.files > 0 && !isBot(c.author, c.email, bots);
}

/** Why the commits not asked when a refresh was stopped got the local estimate. */
const STOPPED = 'the refresh was stopped (Ctrl-C) before they were asked';
