import type { LeaderboardConfig } from '../config.js';
import { LeaderboardError } from '../errors.js';
import { hostFromUrl, originUrl, slugFromUrl } from '../git/repo.js';
import type { GitHubTarget } from './types.js';
import { LOOPBACK_NAMES } from '../loopback.js';

/** GitHub.com's REST API. */
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';

const REPO_PATTERN = /^[\w.-]+\/[\w.-]+$/;

export interface TargetInputs {
  /** The repository the leaderboard runs on (for the `origin` remote). */
  repoDir: string;
  config: LeaderboardConfig;
  flags: { githubRepo?: string | undefined; githubApiUrl?: string | undefined };
  /** Environment; only GITHUB_API_URL is read. */
  env: Record<string, string | undefined>;
}

/**
 * Where the admin data lives. Repository: --github-repo, else `github.repo` of the config, else
 * the `origin` remote when it is on the GitHub the API URL serves (see originOnGitHub). API URL:
 * --github-api-url, else GITHUB_API_URL, else `github.apiUrl`, else https://api.github.com. No
 * repository is NO_GITHUB_REPO, a malformed value INVALID_INPUT.
 */
export async function resolveGitHubTarget({ repoDir, config, flags, env }: TargetInputs): Promise<GitHubTarget> {
  const apiUrl = resolveApiUrl({ config, flags, env });
  const configured = nonEmpty(flags.githubRepo) ?? config.github.repo;
  const origin = configured ? null : await originOnGitHub(repoDir, apiUrl);
  if (origin?.elsewhere) {
    throw new LeaderboardError(
      'NO_GITHUB_REPO',
      `No GitHub repository for admin features: ${origin.elsewhere}.`,
      'Pass --github-repo owner/name, or set github.repo and github.apiUrl in leaderboard.config.json.',
    );
  }
  const repo = configured ?? origin?.slug;
  if (!repo) {
    throw new LeaderboardError(
      'NO_GITHUB_REPO',
      'No GitHub repository configured for admin features.',
      'Pass --github-repo owner/name, set github.repo in leaderboard.config.json, or add an origin remote on GitHub.',
    );
  }
  if (!REPO_PATTERN.test(repo)) {
    throw new LeaderboardError('INVALID_INPUT', `GitHub repository "${repo}" must look like owner/name.`, 'Pass --github-repo owner/name.');
  }
  return { repo, apiUrl };
}

/**
 * The host a GitHub's repositories are cloned from, given its API URL: github.com for
 * https://api.github.com, HOST for GitHub Enterprise Server (https://HOST/api/v3), and the host
 * without its `api.` for GitHub Enterprise Cloud with data residency (https://api.SUB.ghe.com).
 */
export function gitHostOfApi(apiUrl: string): string {
  return new URL(apiUrl).hostname.toLowerCase().replace(/^api\./, '');
}

/** What the `origin` remote says of the board's repository on GitHub. */
export type OriginOnGitHub =
  | { slug: string; elsewhere?: undefined }
  /** `elsewhere`: why origin is not used (on another host), or null when there is no usable origin at all. */
  | { slug: null; elsewhere: string | null };

/**
 * `owner/name` of the `origin` remote when it is on the GitHub that `apiUrl` serves (its host is
 * gitHostOfApi's); an origin elsewhere (GitLab, or github.com while the API is an Enterprise
 * server's) names no repository there, and `elsewhere` says so without the URL's credentials.
 */
export async function originOnGitHub(repoDir: string, apiUrl: string): Promise<OriginOnGitHub> {
  const url = await originUrl(repoDir).catch(() => null);
  const slug = url ? slugFromUrl(url) : null;
  if (!url || !slug) return { slug: null, elsewhere: null };
  const host = hostFromUrl(url);
  if (onGitHubOf(host, apiUrl)) return { slug };
  return { slug: null, elsewhere: `the origin remote is on ${host ?? 'an unknown host'}, not on the GitHub of ${apiUrl} (${gitHostOfApi(apiUrl)})` };
}

/** Whether a remote on `host` is on the GitHub that `apiUrl` serves (github.com's SSH over port 443 is a host of its own). */
export function onGitHubOf(host: string | null, apiUrl: string): boolean {
  const github = gitHostOfApi(apiUrl);
  return host !== null && (host === github || (github === 'github.com' && host === 'ssh.github.com'));
}

/** The REST API URL (see {@link resolveGitHubTarget}), without a final slash; INVALID_INPUT when it is not http(s). */
export function resolveApiUrl({ config, flags, env }: Pick<TargetInputs, 'config' | 'flags' | 'env'>): string {
  const apiUrl = nonEmpty(flags.githubApiUrl) ?? nonEmpty(env['GITHUB_API_URL']) ?? config.github.apiUrl ?? DEFAULT_GITHUB_API_URL;
  let parsed: URL;
  try {
    parsed = new URL(apiUrl);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new LeaderboardError('INVALID_INPUT', `GitHub API URL "${apiUrl}" is not an http(s) URL.`, 'Use e.g. https://api.github.com or https://github.example.com/api/v3.');
  }
  // No request can be made to such a URL (fetch refuses it), and `build` would publish it.
  if (parsed.username || parsed.password) {
    throw new LeaderboardError('INVALID_INPUT', `GitHub API URL ${parsed.protocol}//${parsed.host}${parsed.pathname} has a user name or password in it.`, API_URL_CREDENTIALS_HINT);
  }
  return apiUrl.replace(/\/+$/, '');
}

/**
 * Whether a token from the environment may go to `apiUrl`. The config file is the repository's,
 * cloned from anyone: an API URL only it names gets no token unless it is api.github.com (https)
 * or this machine; one the user names (a flag, GITHUB_API_URL, which GitHub Actions sets on
 * GitHub Enterprise) does.
 */
export function tokenMayGo(apiUrl: string, { config, flags = {}, env }: Pick<TargetInputs, 'config' | 'env'> & { flags?: { githubApiUrl?: string | undefined } }): boolean {
  if (nonEmpty(flags.githubApiUrl) || nonEmpty(env['GITHUB_API_URL']) || config.github.apiUrl === undefined) return true;
  const { hostname, protocol } = new URL(apiUrl);
  const host = hostname.toLowerCase();
  return LOOPBACK_NAMES.includes(host) || (protocol === 'https:' && host === 'api.github.com');
}

/**
 * Whether gh's token for the API's host may go to `apiUrl`: over https, or to this machine. The
 * host's own token, it is sent wherever the config names that host, and `http://api.github.com`
 * in a cloned repository's config sent a github.com token in the clear.
 */
export function ghTokenMayGo(apiUrl: string): boolean {
  const { hostname, protocol } = new URL(apiUrl);
  return protocol === 'https:' || LOOPBACK_NAMES.includes(hostname.toLowerCase());
}

/** The refusal of gh's token for a plain-http API URL (see ghTokenMayGo). */
export const plainHttpRefusal = (apiUrl: string): string =>
  `The GitHub API URL ${apiUrl} is plain http: gh's token for ${new URL(apiUrl).hostname} would be sent unencrypted. Use its https:// URL (in github.apiUrl of leaderboard.config.json, GITHUB_API_URL or --github-api-url)`;

/** What to do about a user name or password in a GitHub API URL. */
const API_URL_CREDENTIALS_HINT = 'Leave them out of the URL: the token goes in GITHUB_TOKEN (or GH_TOKEN), or an admin signs in with it on the page.';

/** The trimmed value, or undefined when it is missing or blank. */
export function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}
