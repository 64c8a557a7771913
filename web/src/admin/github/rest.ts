import { AdminApiError } from '../api.js';
import { TOKEN_CHARACTER_MESSAGE, hasForeignCharacter } from '../token.js';

/**
 * Every REST operation the GitHub back end can request, as `METHOD /template` of GitHub's OpenAPI
 * description (a test checks each is one). Requests name one of these and fill its `{params}`.
 */
export const GITHUB_ROUTES = [
  'GET /user',
  'GET /user/emails',
  'GET /repos/{owner}/{repo}',
  'GET /repos/{owner}/{repo}/contents/{path}',
  'PUT /repos/{owner}/{repo}/contents/{path}',
  'GET /repos/{owner}/{repo}/git/ref/{ref}',
  'POST /repos/{owner}/{repo}/git/refs',
  'PATCH /repos/{owner}/{repo}/git/refs/{ref}',
  'GET /repos/{owner}/{repo}/pulls',
  'POST /repos/{owner}/{repo}/pulls',
  'PATCH /repos/{owner}/{repo}/pulls/{pull_number}',
  'GET /repos/{owner}/{repo}/commits/{ref}',
  'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
  'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs',
  'GET /repos/{owner}/{repo}/actions/runs/{run_id}',
] as const;
export type GitHubRoute = (typeof GITHUB_ROUTES)[number];

/**
 * The response headers GitHub's API exposes to browsers (its `Access-Control-Expose-Headers`);
 * the client reads no other, since a browser would hide it.
 */
export const EXPOSED_HEADERS = [
  'ETag', 'Link', 'Location', 'Retry-After', 'X-GitHub-OTP', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Used',
  'X-RateLimit-Resource', 'X-RateLimit-Reset', 'X-OAuth-Scopes', 'X-Accepted-OAuth-Scopes', 'X-Poll-Interval', 'X-GitHub-Media-Type',
  'X-GitHub-SSO', 'X-GitHub-Request-Id', 'Deprecation', 'Sunset',
] as const;
export type ExposedHeader = (typeof EXPOSED_HEADERS)[number];

/** A GitHub call that failed: an AdminApiError for the panel, with what GitHub said for the back end's own decisions. */
export class GitHubApiError extends AdminApiError {
  override name = 'GitHubApiError';
  constructor(message: string, status: number, readonly githubMessage: string, readonly documentationUrl: string | null, hint?: string) {
    super(message, status, status === 0 ? 'NETWORK' : 'GITHUB_ERROR', hint);
  }
}

/** A successful answer: its status, parsed JSON body (undefined when empty) and the exposed headers. */
export interface GitHubResponse<T = unknown> {
  status: number;
  data: T;
  header(name: ExposedHeader): string | null;
}

export interface RequestOptions {
  /** Values of the route's `{params}` (`owner` and `repo` are filled in); `path` keeps its slashes. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export type Request = <T = unknown>(token: string, route: GitHubRoute, options?: RequestOptions) => Promise<GitHubResponse<T>>;

const NETWORK_MESSAGE = 'Could not reach GitHub (network error).';
/** Tries of one request through rate limits, and the longest wait the page sits through (a longer one is reported). */
const RATE_LIMIT_ATTEMPTS = 3;
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * How long GitHub asks to wait before trying again, in ms, or null when the answer is not a rate
 * limit: 429, or 403 with `Retry-After` (secondary limits) or no requests left until
 * `X-RateLimit-Reset` (the primary limit).
 */
function rateLimitWait(res: Response, body: unknown): number | null {
  if (res.status !== 403 && res.status !== 429) return null;
  const retryAfter = Number(res.headers.get('Retry-After'));
  if (res.headers.get('Retry-After') !== null && Number.isFinite(retryAfter)) return Math.max(0, retryAfter) * 1000;
  const reset = Number(res.headers.get('X-RateLimit-Reset'));
  if (res.headers.get('X-RateLimit-Remaining') === '0' && Number.isFinite(reset)) return Math.max(0, reset * 1000 - Date.now()) + 1000;
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : null;
  // A secondary limit without Retry-After: GitHub says to wait at least a minute.
  return res.status === 429 || (typeof message === 'string' && /secondary rate limit/i.test(message)) ? 60_000 : null;
}

/**
 * When to try again after a rate limit that ends `waitMs` from now: the local time, rounded up to
 * the minute ('14:05'), with the day when it is not today.
 */
export function retryTime(waitMs: number, now = Date.now()): string {
  const at = new Date(Math.ceil((now + waitMs) / 60_000) * 60_000);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === new Date(now).toDateString() ? time : `${at.toLocaleDateString(undefined, { weekday: 'long' })} ${time}`;
}

/** The hint of a rate limit GitHub asked to wait out longer than the page waits (or still answered after its tries). */
export const rateLimitHint = (waitMs: number): string =>
  `GitHub's rate limit for this token is used up: try again after ${retryTime(waitMs)}.`;

/**
 * How to fix a 404 for the repository itself: GitHub answers so when the token may not see it (a
 * private repository not among the token's), and when it was deleted, renamed or moved (the site
 * was built for its old name: `github.repo`, else GITHUB_REPOSITORY, when the workflow built it).
 */
export const unreachableRepositoryHint = (repository: string): string =>
  `${repository} cannot be reached with this token: it is private and the token has no access to it, or it was renamed, moved or deleted. ` +
  `Give the token access to ${repository} (fine-grained: under Repository access; classic: the repo scope, of an account that may read it). ` +
  `If it was renamed or moved, run its leaderboard workflow again to rebuild this site under the new name (after setting \`github.repo\` in leaderboard.config.json to it, if that is set).`;

/**
 * A requester for `apiUrl` and the repository `owner/name`: JSON in and out, GitHub's headers, no
 * caching, the token only in the Authorization header. A token with a character no GitHub token
 * has is refused before any request (TOKEN_CHARACTER_MESSAGE). Failures are GitHubApiErrors whose message
 * is for the user: 'Invalid GitHub token' (401), 'Could not reach GitHub (network error).' (status
 * 0), else 'GitHub answered {status}: {GitHub's message}', with a `hint` for a rate limit (when to try
 * again) and for a 404 of the repository itself (how to reach it).
 */
export function createRequester(apiUrl: string, repository: string, fetchImpl: typeof fetch): Request {
  const [owner = '', repo = ''] = repository.split('/');
  const base = apiUrl.replace(/\/+$/, '');
  return async <T>(token: string, route: GitHubRoute, options: RequestOptions = {}): Promise<GitHubResponse<T>> => {
    // Refused here too (not only at sign-in), or fetch would report it as a network error.
    if (hasForeignCharacter(token)) throw new AdminApiError(TOKEN_CHARACTER_MESSAGE, 400, 'INVALID_TOKEN');
    const [method = 'GET', template = ''] = route.split(' ');
    const params: Record<string, string | number> = { owner, repo, ...options.params };
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = String(params[name] ?? '');
      // A file path keeps its slashes; every other parameter is one segment.
      return name === 'path' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
    });
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) search.set(k, String(v));
    const url = `${base}${path}${search.toString() ? `?${search.toString()}` : ''}`;
    // No X-GitHub-Api-Version: api.github.com's preflight does not allow it, and a browser then
    // refuses every call (github/docs#24706); without it GitHub answers as 2022-11-28.
    const headers: Record<string, string> = {
      Accept: 'application/vnd.github+json',
      Authorization: `Bearer ${token}`,
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await fetchImpl(url, {
          method, headers, cache: 'no-store',
          ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        });
      } catch {
        throw new GitHubApiError(NETWORK_MESSAGE, 0, NETWORK_MESSAGE, null);
      }
      let text: string;
      try {
        text = await res.text();
      } catch {
        throw new GitHubApiError(NETWORK_MESSAGE, 0, NETWORK_MESSAGE, null);
      }
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        data = undefined;
      }
      if (!res.ok) {
        // A rate limit (primary or secondary) GitHub says to wait out: wait, as asked, and try again.
        const wait = rateLimitWait(res, data);
        if (wait !== null && wait <= MAX_RATE_LIMIT_WAIT_MS && attempt < RATE_LIMIT_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        // The repository itself not found: the token cannot see it, or it is not there (any more).
        const unreachable = res.status === 404 && route === 'GET /repos/{owner}/{repo}' && `${params.owner}/${params.repo}`.toLowerCase() === repository.toLowerCase();
        const hint = wait !== null ? rateLimitHint(wait) : unreachable ? unreachableRepositoryHint(repository) : undefined;
        throw errorOf(res.status, res.statusText, data, hint);
      }
      if (text && data === undefined) throw new GitHubApiError('GitHub sent a response that is not JSON.', res.status, '', null);
      const exposed = new Set<string>(EXPOSED_HEADERS.map((h) => h.toLowerCase()));
      return {
        status: res.status,
        data: data as T,
        header: (name) => (exposed.has(name.toLowerCase()) ? res.headers.get(name) : null),
      };
    }
  };
}

function errorOf(status: number, statusText: string, body: unknown, hint?: string): GitHubApiError {
  const record = typeof body === 'object' && body !== null ? body as Record<string, unknown> : {};
  const message = typeof record.message === 'string' ? record.message : statusText || `HTTP ${status}`;
  const docs = typeof record.documentation_url === 'string' ? record.documentation_url : null;
  if (status === 401) return new GitHubApiError('Invalid GitHub token', 401, message, docs);
  // GitHub's validation errors detail the field in `errors`.
  const details = Array.isArray(record.errors)
    ? record.errors.map((e) => (typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string' ? (e as { message: string }).message : '')).filter(Boolean)
    : [];
  const text = [message.replace(/\s+/g, ' ').trim(), ...details].join(': ');
  return new GitHubApiError(`GitHub answered ${status}: ${text}`, status, message, docs, hint);
}

/** Whether `err` is a GitHub answer with one of `statuses`. */
export function hasStatus(err: unknown, ...statuses: number[]): err is GitHubApiError {
  return err instanceof GitHubApiError && statuses.includes(err.status);
}
