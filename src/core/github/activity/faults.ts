import { LeaderboardError } from '../../errors.js';
import { errorStatus, toGitHubError } from '../client.js';

/** A GraphQL answer with errors (Octokit's GraphqlResponseError), as far as this module needs it. */
interface GraphqlErrors {
  name: string;
  errors?: { type?: string; message?: string }[];
}

/**
 * Any failure of a sync as a LeaderboardError: GraphQL NOT_FOUND (a repository missing or not
 * visible to the token) and other GraphQL errors keep GitHub's words; HTTP failures go through
 * `toGitHubError`. Never contains the token (Octokit's messages do not carry it).
 */
export function toSyncError(err: unknown, apiUrl: string, repository: string): LeaderboardError {
  if (err instanceof LeaderboardError) return err;
  const g = err as GraphqlErrors | null;
  if (g?.name === 'GraphqlResponseError') {
    const first = g.errors?.[0];
    if (first?.type === 'NOT_FOUND') {
      return new LeaderboardError('GITHUB_ERROR', `GitHub answered that ${repository} does not exist or the token cannot see it.`, 'Check github.repo (or the origin remote) and that the token can read the repository.', { status: 404 });
    }
    return new LeaderboardError('GITHUB_ERROR', `GitHub answered: ${first?.message ?? 'GraphQL error'}`, undefined, { status: 200 });
  }
  return toGitHubError(err, apiUrl);
}

/**
 * The failure for `last-update.json` and the page, as a clause without a final full stop:
 * "GitHub answered 401 Bad credentials", or the network failure in words.
 */
export function describeSyncFailure(err: unknown, apiUrl: string, repository: string): string {
  // A clause: the CLI's warning and the page go on after it with ". ".
  return failureText(err, apiUrl, repository).trim().replace(/\.+$/, '');
}

function failureText(err: unknown, apiUrl: string, repository: string): string {
  const status = errorStatus(err);
  // Octokit appends " - <documentation_url>" to GitHub's message; the sentence is GitHub's words alone.
  const detail = (err instanceof Error ? err.message : String(err)).replace(/ - https?:\/\/\S+$/, '');
  // No GraphQL there: the API URL is not one of a GitHub (an Enterprise URL without /api/v3).
  if (status === 404 && (err as { response?: unknown }).response !== undefined) {
    return `GitHub answered 404 ${detail} at ${graphqlUrlOf(apiUrl)}: check github.apiUrl or GITHUB_API_URL (https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise)`;
  }
  // The limit used up for longer than the client waits (a 403 or 429 at 0 requests left): when it comes back, not GitHub's bare words.
  const headers = (err as { response?: { headers?: Record<string, string | undefined> } }).response?.headers;
  if ((status === 403 || status === 429) && headers?.['x-ratelimit-remaining'] === '0') return limitUsedUp("GitHub's rate limit", Number(headers['x-ratelimit-reset']));
  if ((status === 403 || status === 429) && headers?.['retry-after'] !== undefined) {
    return `GitHub answered ${status} ${detail.replace(/\.+$/, '')} (it asked to wait ${headers['retry-after']} s); the next refresh goes on from where this one stopped`;
  }
  if (status !== undefined && status !== 500 && (err as { response?: unknown }).response !== undefined) return `GitHub answered ${status} ${detail}`;
  if ((err as { name?: string } | null)?.name === 'AbortError') return 'the sync was interrupted';
  return toSyncError(err, apiUrl, repository).message;
}

/** Where Octokit sends GraphQL queries for a REST API URL: `<api>/graphql`, or `https://HOST/api/graphql` beside `/api/v3`. */
const graphqlUrlOf = (apiUrl: string): string => (/\/api\/v3\/?$/.test(apiUrl) ? apiUrl.replace(/\/api\/v3\/?$/, '/api/graphql') : `${apiUrl.replace(/\/+$/, '')}/graphql`);

/** A rate limit used up until `reset` (seconds since the epoch; anything else: no time said), as a clause. */
export function limitUsedUp(limit: string, reset: number): string {
  const until = Number.isFinite(reset) && reset > 0 ? ` until ${new Date(reset * 1000).toISOString().slice(11, 16)} UTC` : '';
  return `${limit} is used up${until}; the next refresh goes on from where this one stopped`;
}
