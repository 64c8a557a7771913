import { stat } from 'node:fs/promises';
import { rebuildOwed } from '../core/rebuild.js';
import { boardIsCurrent, refresh, type RefreshOptions, type RefreshResult } from '../core/refresh.js';
import { errorMessage, LeaderboardError } from '../core/errors.js';
import { dataDirPaths } from '../core/store/data-dir.js';
import { readStatus, recordFailure } from '../core/store/status.js';
export { MAX_INTERVAL_MS, parseInterval } from '../core/interval.js';
import type { PullAndRefreshResponse } from '../shared/admin-api.js';

/** One run of a refresh: `pull` fast-forwards from the upstream first. */
export interface RunOptions {
  pull?: boolean;
}

/** Runs refreshes one at a time. */
export interface RefreshRunner {
  /**
   * Runs a refresh now, or joins the one already running. A pull joins a running pull; asked
   * during a plain refresh, it runs right after it (its result must include the pull).
   */
  run: (options?: RunOptions) => Promise<RefreshResult>;
  /** Resolves when no refresh is running or waiting. */
  idle: () => Promise<void>;
  /** Whether a refresh is running or waiting. */
  busy: () => boolean;
  /** Whether the board is up to date with its repositories and config (see boardIsCurrent): nothing is fetched or written. */
  current: () => Promise<boolean>;
}

export interface Refresher extends RefreshRunner {
  stop: () => void;
}

/**
 * What a refresh reads afresh before it runs (serve: the config file and what it names). A
 * failure (a config broken since) fails the run and is recorded as a refresh's failure.
 */
export type Reload = () => Promise<Partial<RefreshOptions>>;

/** One-at-a-time refreshes of one repository and data directory. */
export function createRefreshRunner(opts: RefreshOptions, reload?: Reload): RefreshRunner {
  let running: { pull: boolean; promise: Promise<RefreshResult> } | null = null;
  let pullAfter: Promise<RefreshResult> | null = null;
  const fresh = async (): Promise<RefreshOptions> => {
    if (!reload) return opts;
    try {
      return { ...opts, ...(await reload()) };
    } catch (err) {
      // As refresh records its own failures: the page says "Auto-refresh error" with the reason.
      await recordFailure(dataDirPaths(opts.dataDir).status, err);
      throw err;
    }
  };
  const start = (pull: boolean): Promise<RefreshResult> => {
    const promise = fresh().then((o) => refresh({ ...o, pull })).finally(() => { running = null; });
    running = { pull, promise };
    return promise;
  };
  const run = (options: RunOptions = {}): Promise<RefreshResult> => {
    const pull = options.pull ?? false;
    if (!running) return start(pull);
    if (running.pull || !pull) return running.promise;
    pullAfter ??= running.promise.catch(() => undefined).then(() => {
      pullAfter = null;
      return run({ pull: true });
    });
    return pullAfter;
  };
  return {
    run,
    idle: async () => {
      while (running || pullAfter) await (pullAfter ?? running?.promise)?.catch(() => undefined);
    },
    busy: () => running !== null || pullAfter !== null,
    current: async () => boardIsCurrent(reload ? { ...opts, ...(await reload().catch(() => ({}))) } : opts),
  };
}

/**
 * Refreshes on a timer, one run at a time. A failed run is recorded in last-update.json by
 * `refresh` itself; the last good data file keeps being served.
 */
export function startRefresher(opts: RefreshOptions & { intervalMs: number; onResult?: (r: RefreshResult | Error) => void; reload?: Reload }): Refresher {
  const runner = createRefreshRunner(opts, opts.reload);
  const tick = () => runner.run().then((r) => opts.onResult?.(r), (err: unknown) => opts.onResult?.(err instanceof Error ? err : new Error(errorMessage(err))));
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return { ...runner, stop: () => clearInterval(timer) };
}

/**
 * POST /api/pull-and-refresh on top of a runner: pulls and refreshes (joining a pull already
 * running) and answers in the spec's shape. A failure is `success: false` with the error and
 * the commit the failed refresh recorded, not a thrown error.
 */
export function pullAndRefreshWith(runner: Pick<RefreshRunner, 'run'>, dataDir: string, intervalMs: number): () => Promise<PullAndRefreshResponse> {
  // Callers that joined one run get one response (same timestamp).
  const responses = new WeakMap<Promise<RefreshResult>, Promise<PullAndRefreshResponse>>();
  const respond = async (run: Promise<RefreshResult>): Promise<PullAndRefreshResponse> => {
    try {
      const result = await run;
      return { success: true, timestamp: new Date().toISOString(), latestCommit: result.head };
    } catch (err) {
      const status = await readStatus(dataDirPaths(dataDir).status);
      return {
        success: false,
        timestamp: status && !status.success ? status.timestamp : new Date().toISOString(),
        latestCommit: status?.latestCommit ?? null,
        error: errorMessage(err),
        ...(err instanceof LeaderboardError && err.hint ? pageHintOf(err.hint, intervalMs) : {}),
      };
    }
  };
  return () => {
    const run = runner.run({ pull: true });
    let response = responses.get(run);
    if (!response) {
      response = respond(run);
      responses.set(run, response);
    }
    return response;
  };
}

// The CLI's way around a failed pull, as its hints put it (see pullFastForward and divergedError).
const WITHOUT_PULL = /(?:[,;] | \()or refresh without --pull(?: to analyse '.*?' as it is)?\)?/g;

/**
 * A hint written for `leaderboard refresh --pull` in the words of the page, whose Pull & Refresh
 * button is that command: "refresh without --pull" means nothing there, and the server's own
 * refreshes, which never pull, go on meanwhile. Other hints are the page's as they are.
 */
export function pageHint(hint: string, intervalMs: number): string {
  if (!hint.includes('refresh without --pull')) return hint;
  const fix = hint.replace(WITHOUT_PULL, '').replace(/, then refresh\b/g, ', then press Pull & Refresh again').replace(/\.?$/, '.');
  return `${fix} Meanwhile the board goes on refreshing what is checked out, without pulling, every ${intervalWords(intervalMs)}.`;
}

/**
 * The answer's `hint`: only a failed pull's (its hint names the way around it), in the page's
 * words. Other failures' hints speak of the command line's flags (--data-dir, --ai none), which
 * the page has not; their message says what failed.
 */
function pageHintOf(hint: string, intervalMs: number): { hint?: string } {
  return hint.includes('refresh without --pull') ? { hint: pageHint(hint, intervalMs) } : {};
}

/** 900000 -> '15 minutes', 3600000 -> 'hour', 90000 -> '90 seconds'. */
export function intervalWords(ms: number): string {
  const [n, unit] = ms % 3_600_000 === 0 ? [ms / 3_600_000, 'hour'] : ms % 60_000 === 0 ? [ms / 60_000, 'minute'] : [Math.round(ms / 1000), 'second'];
  return n === 1 ? unit : `${n} ${unit}s`;
}

/**
 * True when the data file is missing or older than `maxAgeMs`, or the last refresh failed: the
 * page would show that failure (a config fixed since, a network back) until the next tick.
 */
export async function isStale(dataDir: string, maxAgeMs: number): Promise<boolean> {
  const paths = dataDirPaths(dataDir);
  try {
    const s = await stat(paths.data);
    if (Date.now() - s.mtimeMs > maxAgeMs) return true;
  } catch {
    return true;
  }
  return (await readStatus(paths.status))?.success === false || (await rebuildOwed(dataDir));
}
