/** Settings of the failed sign-in limit. */
export interface SignInLimitOptions {
  /** Failed token verifications allowed per client in the window. Default 10. */
  maxFailures?: number;
  /** The window, in milliseconds. Default 10 minutes. */
  windowMs?: number;
  /** Most clients remembered at once (the oldest are forgotten first). Default 10000. */
  maxClients?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** Counts failed sign-ins (tokens GitHub refused) per client address over a sliding window. */
export interface SignInLimiter {
  /** Seconds until `client` may try again, or 0 when it is not blocked. */
  retryAfter: (client: string) => number;
  /** Records a refused token from `client`. */
  fail: (client: string) => void;
  readonly maxFailures: number;
  readonly windowMs: number;
}

/** A sliding-window counter of failures keyed by client address; successes are never counted. */
export function createSignInLimiter(options: SignInLimitOptions = {}): SignInLimiter {
  const maxFailures = options.maxFailures ?? 10;
  const windowMs = options.windowMs ?? 10 * 60_000;
  const maxClients = options.maxClients ?? 10_000;
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();

  const recent = (client: string): number[] => {
    const since = now() - windowMs;
    const times = (failures.get(client) ?? []).filter((t) => t > since);
    if (times.length) failures.set(client, times);
    else failures.delete(client);
    return times;
  };

  return {
    maxFailures,
    windowMs,
    retryAfter: (client) => {
      const times = recent(client);
      if (times.length < maxFailures) return 0;
      // Free again when the failure that filled the window leaves it.
      const oldest = times[times.length - maxFailures] ?? now();
      return Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
    },
    fail: (client) => {
      const times = recent(client);
      times.push(now());
      failures.delete(client);
      failures.set(client, times.slice(-maxFailures));
      for (const oldest of failures.keys()) {
        if (failures.size <= maxClients) break;
        failures.delete(oldest);
      }
    },
  };
}
