import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import Bottleneck from 'bottleneck';
import { LeaderboardError } from '../errors.js';
import { PACKAGE_NAME, TOOL_VERSION } from '../version.js';

/** Tuning of the GitHub client; the defaults suit github.com and are what the product uses. */
export interface GitHubClientOptions {
  /** Time limit of one request, in ms. Default 30 000. */
  timeoutMs?: number;
  /** Retries of a request that failed with a 5xx, a network error or a rate limit. Default 2. */
  retries?: number;
  /** Longest rate-limit wait (what GitHub asks for) accepted before giving up, in seconds. Default 60. */
  maxRateLimitWaitSeconds?: number;
  /** Base of the back-off after a 5xx or network error, in ms (waits base x attempt²). Default 1000. */
  retryBaseMs?: number;
  /** Least time between two writes, in ms. Default 1000, GitHub's advice for content-creating requests. */
  writeSpacingMs?: number;
  /** Told of each rate-limit wait accepted (seconds), so a progress line can show it. */
  onRateLimitWait?: (seconds: number) => void;
}

const RetryingOctokit = Octokit.plugin(retry, throttling);
export type GitHubClient = InstanceType<typeof RetryingOctokit>;

const silentLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** The limiters of one gateway: writes spaced as configured, shared by all its clients. */
export interface WriteLimiters {
  write: Bottleneck.Group;
  notifications: Bottleneck.Group;
}

/** Limiters for `createGitHubClient`; make one set per gateway so its clients space their writes together. */
export function createWriteLimiters(options: GitHubClientOptions = {}): WriteLimiters {
  const minTime = options.writeSpacingMs ?? 1000;
  return {
    write: new Bottleneck.Group({ maxConcurrent: 1, minTime }),
    notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime }),
  };
}

/**
 * An Octokit for one token against `apiUrl`, with retries (5xx and network errors, backed off)
 * and rate limits waited out as GitHub asks (Retry-After, X-RateLimit-Reset) when the wait is
 * bounded. It logs nothing, so the token cannot leak into logs.
 */
export function createGitHubClient(apiUrl: string, token: string, options: GitHubClientOptions = {}, limiters = createWriteLimiters(options)): GitHubClient {
  const retries = options.retries ?? 2;
  const maxWait = options.maxRateLimitWaitSeconds ?? 60;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const onLimit = (retryAfter: number, _options: unknown, _octokit: unknown, retryCount: number): boolean => {
    const wait = retryCount < retries && retryAfter <= maxWait;
    if (wait) options.onRateLimitWait?.(retryAfter);
    return wait;
  };
  return new RetryingOctokit({
    auth: token,
    baseUrl: apiUrl.replace(/\/+$/, ''),
    log: silentLog,
    userAgent: `${PACKAGE_NAME}/${TOOL_VERSION}`,
    request: {
      fetch: (url: string | URL, init?: RequestInit) => {
        const timeout = AbortSignal.timeout(timeoutMs);
        const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
        return fetch(url, { ...init, signal });
      },
    },
    // Not retried blindly: client errors, a stale sha (409, the caller re-reads), and rate
    // limits (403/429), which the throttling plugin waits out as GitHub asks.
    retry: { retries, retryAfterBaseValue: options.retryBaseMs ?? 1000, doNotRetry: [400, 401, 403, 404, 409, 410, 422, 429, 451] },
    throttle: {
      onRateLimit: onLimit,
      onSecondaryRateLimit: onLimit,
      write: limiters.write,
      notifications: limiters.notifications,
    },
  });
}

/** The HTTP status of an Octokit error, if it has one. */
export function errorStatus(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Any failure of a GitHub call as a LeaderboardError: 401 is INVALID_TOKEN ('Invalid GitHub
 * token'), any other HTTP error GITHUB_ERROR with its status, a network failure or time-out
 * GITHUB_ERROR with status 500. Messages never contain the token.
 */
export function toGitHubError(err: unknown, apiUrl: string): LeaderboardError {
  if (err instanceof LeaderboardError) return err;
  const status = errorStatus(err);
  const detail = err instanceof Error ? err.message : String(err);
  if (status === 401) {
    return new LeaderboardError('INVALID_TOKEN', 'Invalid GitHub token', 'Create a token with the repo and user:email scopes (GitHub > Settings > Developer settings).', { status: 401 });
  }
  const response = (err as { response?: unknown } | null)?.response;
  if (status === undefined || (status === 500 && response === undefined)) {
    return new LeaderboardError('GITHUB_ERROR', `Cannot reach GitHub at ${apiUrl}: ${detail}`, 'Check the network connection and --github-api-url.', { status: 500 });
  }
  if (status === 304) return new LeaderboardError('GITHUB_ERROR', 'Not modified', undefined, { status });
  if (status === 403 || status === 429) {
    return new LeaderboardError('GITHUB_ERROR', `GitHub refused the request (HTTP ${status}): ${detail}`, 'The token may lack the repo scope or access to the repository, or the rate limit is exhausted.', { status });
  }
  return new LeaderboardError('GITHUB_ERROR', `GitHub request failed (HTTP ${status}): ${detail}`, undefined, { status });
}

/** Runs a GitHub call, turning any failure into a LeaderboardError (see `toGitHubError`). */
export async function githubCall<T>(apiUrl: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toGitHubError(err, apiUrl);
  }
}
