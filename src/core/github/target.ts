import type { LeaderboardConfig } from '../config.js';
import { LeaderboardError } from '../errors.js';
import { originSlug } from '../git/repo.js';
import type { GitHubTarget } from './types.js';

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
 * the `origin` remote when it is on GitHub. API URL: --github-api-url, else GITHUB_API_URL, else
 * `github.apiUrl`, else https://api.github.com. No repository is NO_GITHUB_REPO, a malformed
 * value INVALID_INPUT.
 */
export async function resolveGitHubTarget({ repoDir, config, flags, env }: TargetInputs): Promise<GitHubTarget> {
  const apiUrl = resolveApiUrl({ config, flags, env });
  const repo = nonEmpty(flags.githubRepo) ?? config.github.repo ?? (await originSlug(repoDir).catch(() => null));
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

/** The REST API URL (see {@link resolveGitHubTarget}), without a final slash; INVALID_INPUT when it is not http(s). */
export function resolveApiUrl({ config, flags, env }: Pick<TargetInputs, 'config' | 'flags' | 'env'>): string {
  const apiUrl = nonEmpty(flags.githubApiUrl) ?? nonEmpty(env['GITHUB_API_URL']) ?? config.github.apiUrl ?? DEFAULT_GITHUB_API_URL;
  try {
    const parsed = new URL(apiUrl);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new LeaderboardError('INVALID_INPUT', `GitHub API URL "${apiUrl}" is not an http(s) URL.`, 'Use e.g. https://api.github.com or https://github.example.com/api/v3.');
  }
  return apiUrl.replace(/\/+$/, '');
}

/** The trimmed value, or undefined when it is missing or blank. */
export function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}
