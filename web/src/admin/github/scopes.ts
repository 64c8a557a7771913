import { AdminApiError } from '../api.js';
import { perToken, type Context } from './context.js';
import { GitHubApiError, type GitHubResponse } from './rest.js';

/** What a change needs the token to be allowed to do. */
export type Permission = 'contents' | 'pulls' | 'actions';

const LABELS: Record<Permission, string> = { contents: 'Contents (write)', pulls: 'Pull requests (write)', actions: 'Actions (write)' };
const ORDER: Permission[] = ['contents', 'pulls', 'actions'];

/** The repository as the token sees it: its default branch, and what the token may do. */
export interface RepoInfo {
  defaultBranch: string;
}

interface Repository {
  default_branch: string;
  permissions?: { push?: boolean };
}

/** GET /repos/{owner}/{repo}: the default branch. */
export async function repoInfo(ctx: Context, token: string): Promise<RepoInfo> {
  const { data } = await ctx.request<Repository>(token, 'GET /repos/{owner}/{repo}');
  return { defaultBranch: data.default_branch };
}

/**
 * Checks, before any write, that the token may make the change: a classic token (GitHub lists its
 * scopes in X-OAuth-Scopes) needs `repo`; a fine-grained one needs write access to the repository
 * (`permissions.push`) and the Contents, Pull requests and Actions permissions `needs` names,
 * found by side-effect-free probes (requests GitHub refuses with 403 before looking at the body
 * when the permission is missing, else rejects as invalid). Probed once per token. Resolves to the
 * repository's default branch; throws a 403 AdminApiError naming what is missing and how to fix it.
 */
export async function ensureCanWrite(ctx: Context, token: string, needs: readonly Permission[]): Promise<RepoInfo> {
  const res = await ctx.request<Repository>(token, 'GET /repos/{owner}/{repo}');
  const info = { defaultBranch: res.data.default_branch };
  const scopes = res.header('X-OAuth-Scopes');
  const repo = ctx.config.repository;
  if (scopes !== null) {
    const list = scopes.split(',').map((s) => s.trim()).filter(Boolean);
    if (!list.includes('repo')) {
      throw new AdminApiError(
        `This token lacks the repo scope, which changes to ${repo} need. Create a classic token with the repo scope (and user:email), or a fine-grained token with Contents, Pull requests and Actions set to Read and write for ${repo}.`,
        403, 'MISSING_SCOPE',
      );
    }
    // The scope is there, but the account may only read this repository.
    if (res.data.permissions?.push === false) {
      throw new AdminApiError(`Your GitHub account cannot push to ${repo}, which saving changes needs. Ask its owners for write access.`, 403, 'MISSING_SCOPE');
    }
    return info;
  }
  const missing = await perToken(ctx, token, 'permissions', () => probePermissions(ctx, token, res, info.defaultBranch));
  if (needs.some((p) => missing.includes(p))) {
    throw new AdminApiError(
      `This token cannot make changes: it lacks ${missing.map((p) => LABELS[p]).join(', ')}. Create a fine-grained token with Contents, Pull requests and Actions set to Read and write for ${repo}, or a classic token with the repo scope.`,
      403, 'MISSING_SCOPE',
    );
  }
  return info;
}

/** Permissions a fine-grained token lacks, in the order Contents, Pull requests, Actions. */
async function probePermissions(ctx: Context, token: string, repository: GitHubResponse<Repository>, defaultBranch: string): Promise<Permission[]> {
  const missing = new Set<Permission>();
  if (repository.data.permissions?.push === false) missing.add('contents');
  const probe = async (permission: Permission, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      if (isPermissionRefusal(err)) missing.add(permission);
      // Anything else (422 for the invalid body, 404...): the permission is there, or cannot be told.
    }
  };
  // Invalid on purpose, so nothing can be created: a ref name with one slash and no such object;
  // a pull request from no branch; a dispatch on a ref that does not exist.
  await probe('contents', () => ctx.request(token, 'POST /repos/{owner}/{repo}/git/refs', {
    body: { ref: 'refs/leaderboard-permission-probe', sha: '0'.repeat(40) },
  }));
  await probe('pulls', () => ctx.request(token, 'POST /repos/{owner}/{repo}/pulls', { body: { head: '', base: defaultBranch } }));
  await probe('actions', () => ctx.request(token, 'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
    params: { workflow_id: ctx.config.workflow }, body: { ref: 'refs/heads/leaderboard-permission-probe/none' },
  }));
  return ORDER.filter((p) => missing.has(p));
}

/**
 * Whether GitHub refused a call for a permission the token lacks: 403 'Resource not accessible by
 * personal access token' (or '... by integration'). Told by the message: the
 * X-Accepted-GitHub-Permissions header that names the permission is not exposed to browsers.
 */
export function isPermissionRefusal(err: unknown): boolean {
  return err instanceof GitHubApiError && err.status === 403 && /not accessible by/i.test(err.githubMessage);
}
