import { stat } from 'node:fs/promises';
import { refresh, type RefreshOptions, type RefreshResult } from '../core/refresh.js';
import { errorMessage } from '../core/errors.js';
import { dataDirPaths } from '../core/store/data-dir.js';

export interface Refresher {
  /** Runs a refresh now, or joins the one already running. */
  run: () => Promise<RefreshResult>;
  /** Resolves when no refresh is running. */
  idle: () => Promise<void>;
  stop: () => void;
}

/**
 * Refreshes on a timer, one run at a time. A failed run is recorded in last-update.json by
 * `refresh` itself; the last good data file keeps being served.
 */
export function startRefresher(opts: RefreshOptions & { intervalMs: number; onResult?: (r: RefreshResult | Error) => void }): Refresher {
  let running: Promise<RefreshResult> | null = null;
  const run = () => {
    running ??= refresh(opts).finally(() => { running = null; });
    return running;
  };
  const tick = () => run().then((r) => opts.onResult?.(r), (err: unknown) => opts.onResult?.(err instanceof Error ? err : new Error(errorMessage(err))));
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return {
    run,
    idle: async () => { await running?.catch(() => undefined); },
    stop: () => clearInterval(timer),
  };
}

/** True when the data file is missing or older than `maxAgeMs`. */
export async function isStale(dataDir: string, maxAgeMs: number): Promise<boolean> {
  try {
    const s = await stat(dataDirPaths(dataDir).data);
    return Date.now() - s.mtimeMs > maxAgeMs;
  } catch {
    return true;
  }
}

/** Longest interval a timer can wait: beyond it Node fires at once, in a loop. */
export const MAX_INTERVAL_MS = 2 ** 31 - 1;

/** Parses an interval like `15m`, `1h`, `30s` or plain minutes (`15`), from 1 s to about 24 days. */
export function parseInterval(value: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(value.trim());
  if (!m) return null;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 'm') as 'ms' | 's' | 'm' | 'h'];
  const ms = Number(m[1]) * unit;
  return ms >= 1000 && ms <= MAX_INTERVAL_MS ? ms : null;
}
