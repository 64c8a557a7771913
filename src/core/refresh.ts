import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { HeuristicAiScorer } from './ai/heuristic.js';
import type { ChatProvider } from './ai/providers.js';
import type { AiSettings } from './ai/settings.js';
import type { LeaderboardConfig } from './config.js';
import { HEURISTIC_AI_SOURCE } from '../shared/ai-part.js';
import { assembleBoard, type BoardPart } from './board/assemble.js';
import { creditCounts, type CreditCounts } from './credit/index.js';
import { LeaderboardError } from './errors.js';
import { listHistory, type HistorySpan, type ListedHistory } from './git/history.js';
import { headCommit, pullFastForward, shallowBoundary } from './git/repo.js';
import { metadataFor } from './metadata.js';
import { boardFingerprint, boardStamps, buildKey, markRebuilding, sameActivityStatus, sameInputs, sameUrls, sha1, stateSchema, type RefreshState, type StatePart } from './refresh-state.js';
import { analysisDays, daysOf, windowEndFor, windowStartFor } from './board-window.js';
import { scoringFingerprint, scoringSettings } from './repos/fingerprint.js';
import { openRepository, type RepoTarget } from './repos/open.js';
import { scoreRepository } from './repos/score-repository.js';
import { withoutCredentials, type RepoSource } from './repos/sources.js';
import { removeLoneRepoFiles } from './repos/stored-parts.js';
import { windowTally, type WindowCounts } from './repos/window-counts.js';
import type { CacheLoad } from './store/cache.js';
import { dataDirPaths, ensureDataDir, type DataDirPaths } from './store/data-dir.js';
import { chunksDamaged, dataFileIntact, indexIntact, looksWhole } from './store/file-checks.js';
import { readJsonFile, readTextIfExists, removeDeadDataDirTempFiles, writeJsonAtomic } from './store/files.js';
import { withDataDirLock } from './store/lock.js';
import { readManualFile } from './store/manual-file.js';
import { recordFailure, writeStatus } from './store/status.js';
import type { AiStep } from '../shared/status-file.js';
import { recordsStatus, type ActivityStatus } from './activity.js';
import { readBoardActivity, type ActivityStep } from './github/activity/refresh-step.js';
import type { SyncProgress } from './github/activity/sync.js';
import type { GhRunner } from './github/activity/token.js';
import type { AiScorer } from './types.js';
import { TOOL_BUILD } from './version.js';


/** What `refresh` reports while it works. */
export interface RefreshProgress {
  phase: 'listing' | 'reading' | 'scoring' | 'writing' | 'github';
  done: number;
  total: number;
  /** With an AI provider, while scoring: answers from the provider, from the AI cache, and fallbacks. */
  ai?: AiStep;
  /** While reading GitHub activity: pull requests read, requests made and left, a rate-limit wait. */
  github?: SyncProgress & { repository: string; waitSeconds?: number };
}

export interface RefreshOptions {
  /** Top level of the repository (see resolveRepo): the board's, whose config is used. */
  repo: string;
  /** The repositories of the board (see core/repos); absent or null: `repo` alone. */
  sources?: RepoSource[] | null;
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
  /** Environment for GitHub activity (GITHUB_TOKEN, GH_TOKEN, GITHUB_API_URL); absent: no token is looked for. */
  env?: Record<string, string | undefined>;
  /** `gh auth token` (tests replace it). */
  gh?: GhRunner;
  /**
   * Stops a GitHub sync (Ctrl-C): what it read is kept. Also stops the AI step: nothing more is
   * sent, the answers on their way are kept, and the commits not asked get the local estimate
   * (a partial step, asked about by the next refresh).
   */
  signal?: AbortSignal;
}

export interface RefreshResult {
  dataFile: string;
  head: string | null;
  /** Nothing had changed since the last refresh: no git history was read. */
  upToDate: boolean;
  /** Non-merge commits in the window the board holds: each once, whatever repositories have it; bots left out (see WindowCounts). */
  commitsInWindow: number;
  /** Of those, the commits read from git and scored in this run. */
  scored: number;
  /** Commits by bots in the window, left out of the board; absent when none. */
  bots?: number;
  /** Cached commits dropped because they are no longer in the history (force-push) or window. */
  dropped: number;
  cache: CacheLoad['kind'];
  /** Why the score cache was discarded, when it was corrupt (it is rebuilt, never trusted). */
  cacheProblem?: string;
  /** Repositories rescored only because `exclusions.paths` patterns mean something else now than when their cache was written. */
  pathsReread?: string[];
  /** Lines of the AI cache that could not be read, when there were any (said, not silently dropped). */
  aiCacheProblem?: string;
  /** The repositories that are shallow clones: their boards hold only the commits fetched. */
  shallow?: string[];
  /** Commits left out for an author date git cannot give (malformed, before 1970, after 9999); absent when none. */
  undated?: number;
  /** Commits left out for an author date after tomorrow (a clock set wrong); absent when none. */
  future?: number;
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
  /** With several repositories: each one's commits in the window (-1 when up to date: not counted). */
  repositories?: { name: string; commits: number }[];
  /** Whether GitHub activity was read (see ActivityStatus), and the requests it took. */
  activity?: ActivityStatus;
  /** A sync failed, and what was read from GitHub before is kept (see ActivityStep.kept). */
  activityKept?: boolean;
  githubRequests?: number;
  /** A token was found but no repository is on GitHub: why, for a warning (see ActivityStep.note). */
  activityNote?: string;
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
    // What writes killed part-way left: the data file's, score caches' and boards' temp files.
    await removeDeadDataDirTempFiles(paths.dir);
    try {
      const result = await runRefresh(opts, paths);
      await writeStatus(paths.status, { success: true, timestamp: new Date().toISOString(), latestCommit: result.head, ...(result.ai ? { ai: result.ai } : {}), ...(recordsStatus(result.activity) ? { activity: result.activity } : {}) });
      return result;
    } catch (err) {
      await recordFailure(paths.status, err);
      throw err;
    }
  });
}

/**
 * Whether the board is up to date with its repositories and config, as a refresh would find it
 * before asking GitHub (`serve`'s start: a board made from another config, other repositories or
 * older commits is refreshed at once, not at the timer's next tick). Repositories given by URL
 * are read from their mirrors as they are (no fetch); nothing is written and GitHub is not asked.
 * False when anything cannot be read.
 */
export async function boardIsCurrent(opts: RefreshOptions): Promise<boolean> {
  try {
    return (await runRefresh({ ...opts, pull: false }, dataDirPaths(opts.dataDir), true)).upToDate;
  } catch {
    return false;
  }
}

async function runRefresh(opts: RefreshOptions, paths: DataDirPaths, checkOnly = false): Promise<RefreshResult> {
  const now = opts.now ?? new Date();
  const local: AiScorer = opts.ai ?? new HeuristicAiScorer();
  const aiId = opts.aiSettings ? `${opts.aiSettings.provider}:${opts.aiSettings.model}` : local.id;
  const aiKey = opts.aiSettings ? LLM_CACHE_KEY : local.id;
  const sources = opts.sources ?? [{ name: path.basename(opts.repo), path: opts.repo }];
  const pulled = opts.pull ? await pullAll(sources, opts.repo) : undefined;
  const targets: RepoTarget[] = [];
  for (const source of sources) targets.push(await openRepository(source, paths.dir, { fetch: !checkOnly }));
  checkDistinct(targets);
  const several = targets.length > 1;
  const windowStart = windowStartFor(opts, now);
  const probes = await Promise.all(targets.map(async (target) => {
    const [head, shallow] = await Promise.all([headCommit(target.dir), shallowBoundary(target.dir)]);
    return { target, head, shallow, ...(await scoringFingerprint(target, opts.config, aiKey, shallow)) };
  }));
  const head = several ? null : (probes[0]?.head ?? null);
  const fingerprint = several ? boardFingerprint(probes.map((p) => ({ name: p.target.name, head: p.head, fingerprint: p.fingerprint }))) : (probes[0]?.fingerprint ?? '');
  const manualText = (await readTextIfExists(paths.manual)) ?? '';
  const overridesText = (await readTextIfExists(paths.overrides)) ?? '';
  const previous = await readJsonFile(paths.state, stateSchema).catch(() => null);
  const shallow = probes.filter((p) => p.shallow.size > 0).map((p) => p.target.name);
  const base = { dataFile: paths.data, head, pulled, aiSource: aiId, ...(shallow.length > 0 ? { shallow } : {}) };
  const partDir = (name: string) => (several ? path.join('parts', name) : '.');
  const cacheOf = (name: string) => path.join(paths.dir, partDir(name), 'score-cache.json');

  const state: Omit<RefreshState, 'analysisPeriodDays'> = {
    version: TOOL_BUILD,
    commitsPerEntry: opts.config.commitsPerEntry,
    head,
    fingerprint,
    windowStart: windowStart?.toISOString() ?? null,
    buildKey: buildKey(opts.config),
    manualHash: sha1(manualText),
    overridesHash: sha1(overridesText),
    aiId,
    scoring: scoringSettings(opts.config, aiKey),
  };
  // The caches must be there too: add-contribution rebuilds from them.
  // All must also be intact: a corrupt or truncated data file or cache is rebuilt, not kept.
  // A partial AI step is not up to date: the commits that fell back are asked about again.
  const readActivity = (commitsOf?: (name: string) => Promise<BoardPart['commits']>, fastRead: ActivityStep | null = null, headAfter?: Promise<void>) => readBoardActivity({
    config: opts.config, emailsOnly: fastRead !== null, ...(headAfter ? { headAfter } : {}), ...(fastRead?.status.state === 'failed' ? { failed: fastRead.status } : {}), probe: !commitsOf, env: opts.env, gh: opts.gh, dataDir: paths.dir, single: !several, windowStart, now, signal: opts.signal,
    parts: targets.map((t) => ({ name: t.name, dir: partDir(t.name), url: t.url, ...(commitsOf ? { commits: commitsOf(t.name) } : {}) })),
    onProgress: (github) => opts.onProgress?.({ phase: 'github', done: github.pulls, total: 0, github }),
  });
  let fast: ActivityStep | null = null;
  // A --since window, or a whole history, does not move, but its count of days does, each day.
  const daysKept = previous !== null && (windowStart !== null || previous.history !== undefined) && previous.analysisPeriodDays === daysOf(windowStart, previous.history?.oldest, now);
  const current = previous && daysKept && !opts.rescoreAi && !previous.aiPartial && !previous.rebuilding && sameInputs(previous, state) && sameUrls(previous, targets)
    && (await dataFileIntact(paths.data, previous.dataFile)) && (await everyTrue(targets.map((t) => looksWhole(cacheOf(t.name)))))
    && (await indexIntact(paths.index, paths.chunks, previous.index));
  if (checkOnly) {
    return { ...base, upToDate: Boolean(current), commitsInWindow: -1, scored: 0, dropped: 0, cache: 'ok', contributors: -1, analysisPeriodDays: previous?.analysisPeriodDays ?? 0 };
  }
  if (previous && current) {
    // Git did not change; GitHub may have (one request when nothing did). Anything new rebuilds the board.
    fast = await readActivity();
    if (!fast.changed && sameActivityStatus(fast.status, previous.activity)) {
      return { ...base, upToDate: true, commitsInWindow: -1, scored: 0, dropped: 0, cache: 'ok', contributors: -1, analysisPeriodDays: previous.analysisPeriodDays,
        ...(several ? { repositories: targets.map((t) => ({ name: t.name, commits: -1 })) } : {}), activity: fast.status, ...(fast.status.state === 'failed' && fast.kept ? { activityKept: true } : {}), githubRequests: fast.requests, ...(fast.note ? { activityNote: fast.note } : {}) };
    }
  }
  // Caches are written from here on, the board last: a refresh killed in between must not leave
  // the old state saying the old board is up to date (see RefreshState.rebuilding).
  await markRebuilding(paths.state, previous);
  // A damaged chunk would be kept (one that exists is taken for right, by its name): written anew.
  if (await chunksDamaged(paths.chunks, previous?.index)) await rm(paths.chunks, { recursive: true, force: true });
  const manual = await readManualFile(paths.manual);

  opts.onProgress?.({ phase: 'listing', done: 0, total: 0 });
  const parts: BoardPart[] = [];
  const statParts: StatePart[] = [];
  const totals = { dropped: 0, undated: 0, future: 0 };
  const tally = windowTally(opts.config.bots, several);
  let cache: CacheLoad['kind'] = 'ok';
  const cacheProblems: string[] = [];
  // Repositories whose cache differed only in what exclusions.paths patterns mean (see ScoringFingerprints).
  const reread: string[] = [];
  const aiSteps: AiStep[] = [];
  let aiCacheDropped = 0;
  let history: HistorySpan | null = null;
  // Every history is listed first: the board's size, not each repository's, decides the lean mode.
  // GitHub is read while git is (the sync waits on the network, git runs in processes of its own);
  // only its email look-ups wait for the scored commits.
  let scoredParts: (done: readonly BoardPart[]) => void = () => {};
  const partsScored = new Promise<readonly BoardPart[]>((resolve) => { scoredParts = resolve; });
  if (several) for (const t of targets) await mkdir(path.join(paths.dir, partDir(t.name)), { recursive: true });
  // After the fast path's read (which had no commits), only the authors' emails are still to ask
  // about, so the board links reviewers also when a token is given to a board that is up to date.
  // Started before git lists the histories: while one git process lists, a core is free, and
  // loading Octokit, the request and the activity cache take much of it. Started once they were
  // listed, all of it competed with git's readers for both cores: the reviews bench's refresh took
  // ~100 ms longer (median of 10 alternated pairs), although listing now ends ~40 ms later. The
  // activity file's head is parsed once git's readers run, though: parsed during the listing, it
  // held up the listing's end, and with it the readers' start, by about 100 ms.
  let readersRun: () => void = () => {};
  let nothingToRead = 0;
  const reading = new Promise<void>((resolve) => { readersRun = resolve; });
  const activityRead = readActivity(async (name) => (await partsScored).find((p) => p.name === name)?.commits ?? [], fast, reading);
  // Observed now so a failure while git is read is not an unhandled rejection; awaited below.
  activityRead.catch(() => {});
  try {
    const listings: ListedHistory[] = [];
    const until = windowEndFor(now);
    for (const { target } of probes) listings.push(await listHistory(target.dir, { ...(windowStart ? { since: windowStart } : {}), until }));
    const boardCommits = listings.reduce((n, l) => n + l.commits.length, 0);
    for (const [i, { target, head: partHead, shallow, fingerprint: partPrint, earlierMeanings }] of probes.entries()) {
      if (several) await mkdir(path.join(paths.dir, partDir(target.name)), { recursive: true });
      const done = await scoreRepository({
        target, cacheFile: cacheOf(target.name), fingerprint: partPrint, shallow, windowStart, config: opts.config, local,
        listed: listings[i], boardCommits, onWindowCommit: tally.add,
        aiSettings: opts.aiSettings, aiProvider: opts.aiProvider, aiCacheFile: paths.aiCache, rescoreAi: opts.rescoreAi, concurrency: opts.concurrency,
        ...(opts.signal ? { signal: opts.signal } : {}),
        onReading: (d, total) => {
          if (d > 0) readersRun();
          opts.onProgress?.({ phase: 'reading', done: d, total });
        },
        // Nothing to read in any repository (git unchanged, GitHub not): parsed now, not after the scoring.
        onToRead: (n) => {
          if (n === 0 && ++nothingToRead === probes.length) readersRun();
        },
        onScoring: (d, total, ai) => opts.onProgress?.({ phase: 'scoring', done: d, total, ai }),
      });
      totals.dropped += done.dropped;
      if (done.cache.kind !== 'ok' && cache === 'ok') cache = done.cache.kind;
      if (done.cache.kind === 'stale' && earlierMeanings.includes(done.cache.found)) reread.push(target.name);
      if (done.cache.kind === 'corrupt') cacheProblems.push(`${cacheOf(target.name)} was corrupt (${done.cache.reason ?? 'unreadable'}); it was discarded and rebuilt.`);
      if (done.ai) aiSteps.push(done.ai);
      aiCacheDropped += done.aiCacheDropped ?? 0;
      history = widen(history, done.history);
      parts.push({ name: target.name, url: target.url, head: partHead, history: done.history, commits: done.commits });
      statParts.push({ name: target.name, dir: partDir(target.name), url: target.url, head: partHead, fingerprint: partPrint, history: done.history });
    }
    totals.undated = listings.reduce((n, l) => n + (l.undated ?? 0), 0);
    totals.future = listings.reduce((n, l) => n + (l.future ?? 0), 0);
    // The listings (a hash and date per commit, the hashes cut from git's whole output) are not
    // needed by the board: on a million commits they held about 150 MB through its build.
    listings.length = 0;
  } catch (err) {
    readersRun();
    // Nothing of the sync may still be writing when the refresh has failed.
    scoredParts([]);
    await activityRead.catch(() => {});
    throw err;
  }
  readersRun();
  scoredParts(parts);
  const counts = tally.counts();
  // Caches of repositories no longer on the board go (one added back is scored again); with one
  // repository its cache is at the top. So do the mirrors of repositories no longer on the board
  // and clones killed part-way (`<name>.git.<pid>.cloning`): full copies of what may be private
  // repositories, kept for good and carried in a CI cache. The data directory's lock keeps every
  // other refresh out.
  await removeOthers(paths.parts, new Set(several ? targets.map((t) => t.name) : []));
  if (several) await removeLoneRepoFiles(paths.dir);
  await removeOthers(paths.mirrors, new Set(targets.filter((t) => t.mirrorOf !== undefined).map((t) => path.basename(t.dir))));
  opts.onProgress?.({ phase: 'writing', done: 0, total: 1 });

  // Counted from the start of today (UTC), like the window itself: counting from `now` made the
  // default window "366 days" every afternoon and the value change within a day.
  const analysisPeriodDays = analysisDays(windowStart, parts, now);
  const aiStep = joinSteps(aiSteps);
  const commitsNow = parts.flatMap((p) => p.commits);
  // Fallbacks kept from an earlier refresh (no commit needed asking this time) keep it partial.
  const aiPartial = Boolean(opts.aiSettings) && (aiStep?.partial || commitsNow.some((c) => c.scores.ai_fallback !== undefined));
  const aiFromOtherModels = commitsNow.filter((c) => c.scores.ai_source !== aiId && c.scores.ai_source !== HEURISTIC_AI_SOURCE).length;
  // The local estimate's reasons are in the cache now, and the data file leaves them out. Set to
  // undefined, not deleted: a delete turns each commit's scores into a slower, bigger dictionary.
  for (const c of commitsNow) if (c.scores.ai_source === HEURISTIC_AI_SOURCE && c.scores.ai_fallback === undefined) c.scores.ai_reason = undefined;
  commitsNow.length = 0;
  const read = await activityRead;
  // The fast path's failure is the refresh's, whatever the email look-ups after it did.
  const activity = fast?.status.state === 'failed' ? { ...read, status: fast.status } : read;
  for (const part of parts) part.activity = activity.activity.get(part.name) ?? null;
  const data = await assembleBoard(parts, {
    paths, manual, overridesText, config: opts.config, now, analysisPeriodDays, activityStatus: activity.status,
    metadata: metadataFor(opts, { head, aiId, windowStart, history }, parts.map((p) => p.name)),
  });
  await writeJsonAtomic(paths.state, { ...state, analysisPeriodDays, aiPartial, repo: opts.repo, history, parts: statParts, activity: activity.status, ...(await boardStamps(paths)) });

  return {
    ...base,
    upToDate: false,
    ...boardCounts(counts, data.total_commits_analyzed),
    dropped: totals.dropped,
    ...(totals.undated > 0 ? { undated: totals.undated } : {}),
    ...(totals.future > 0 ? { future: totals.future } : {}),
    cache,
    ...(cacheProblems.length > 0 ? { cacheProblem: cacheProblems.join(' ') } : {}),
    ...(reread.length > 0 ? { pathsReread: reread } : {}),
    ...(aiCacheDropped > 0 ? { aiCacheProblem: `${paths.aiCache} had ${aiCacheDropped} unreadable line${aiCacheDropped === 1 ? '' : 's'} (a write cut short, or an edit); ${aiCacheDropped === 1 ? 'it was' : 'they were'} dropped, and ${aiCacheDropped === 1 ? 'its commit is' : 'their commits are'} asked about again when next scored (the score cache keeps the scores until then).` } : {}),
    contributors: Number(data.metadata.totalContributors ?? 0),
    analysisPeriodDays,
    windowStart: windowStart?.toISOString() ?? null,
    history,
    ...(aiStep ? { ai: aiStep } : {}),
    ...creditCounts(data.metadata),
    ...(opts.aiSettings ? { aiFromOtherModels } : {}),
    ...(several ? { repositories: parts.map((p) => ({ name: p.name, commits: p.commits.length })) } : {}),
    activity: activity.status,
    ...(activity.status.state === 'failed' && activity.kept ? { activityKept: true } : {}),
    githubRequests: (fast?.requests ?? 0) + activity.requests,
    ...(activity.note ? { activityNote: activity.note } : {}),
  };
}

/**
 * The summary's counts as the board has them: its analysed commits (total_commits_analyzed), and
 * the rest of the window's commits as bots'. The tally tells bots by the names git gives; the board
 * by the names `identities` gives (which may name someone a bot): counted from the tally alone,
 * "Analysed 3" stood beside a board of 2.
 */
function boardCounts(counts: WindowCounts, analysed: number): Pick<RefreshResult, 'commitsInWindow' | 'scored' | 'bots'> {
  const bots = counts.analysed + counts.bots - analysed;
  return { commitsInWindow: analysed, scored: Math.min(counts.scored, analysed), ...(bots > 0 ? { bots } : {}) };
}

/**
 * Two entries of one repository (a path and a folder inside it, or one URL under two names)
 * counted its commits twice in the repositories' boards and shares.
 */
function checkDistinct(targets: readonly RepoTarget[]): void {
  const seen = new Map<string, string>();
  for (const t of targets) {
    const key = t.mirrorOf ?? t.dir;
    const other = seen.get(key);
    if (other !== undefined) {
      throw new LeaderboardError('INVALID_CONFIG', `The repositories "${other}" and "${t.name}" are one repository (${t.mirrorOf ? withoutCredentials(key) : key}).`, 'List it once in the repositories list of leaderboard.config.json.');
    }
    seen.set(key, t.name);
  }
}

/** --pull fast-forwards every local clone of the board (mirrors are fetched anyway). */
async function pullAll(sources: RepoSource[], home: string): Promise<RefreshResult['pulled']> {
  let first: RefreshResult['pulled'];
  for (const s of sources) {
    if (!('path' in s)) continue;
    const pulled = await pullFastForward(s.path);
    if (path.resolve(s.path) === path.resolve(home) || first === undefined) first = pulled;
  }
  return first;
}

async function everyTrue(checks: Promise<boolean>[]): Promise<boolean> {
  return (await Promise.all(checks)).every(Boolean);
}

/** Deletes the entries of `dir` not in `kept` (a missing `dir` has none). */
export async function removeOthers(dir: string, kept: ReadonlySet<string>): Promise<void> {
  const found = await readdir(dir).catch(() => [] as string[]);
  for (const entry of found) if (!kept.has(entry)) await rm(path.join(dir, entry), { recursive: true, force: true });
}

/** The span of two histories together. */
export function widen(a: HistorySpan | null, b: HistorySpan | null): HistorySpan | null {
  if (!a || !b) return a ?? b;
  return { newest: a.newest > b.newest ? a.newest : b.newest, oldest: a.oldest < b.oldest ? a.oldest : b.oldest };
}

/** The AI steps of several repositories as one. */
function joinSteps(steps: AiStep[]): AiStep | undefined {
  const [first, ...rest] = steps;
  if (!first) return undefined;
  return rest.reduce<AiStep>((acc, s) => ({
    source: acc.source,
    sent: acc.sent + s.sent,
    cached: acc.cached + s.cached,
    failed: acc.failed + s.failed,
    partial: acc.partial || s.partial,
    ...(acc.error ?? s.error ? { error: (acc.error ?? s.error) as string } : {}),
  }), first);
}

/** The score cache's record of any LLM scorer: the AI cache, not the fingerprint, tracks models. */
const LLM_CACHE_KEY = 'llm';
