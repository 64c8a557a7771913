import type { PendingPullRequest } from '../backend.js';
import type { Context } from './context.js';
import { hasStatus } from './rest.js';
import { isPermissionRefusal } from './scopes.js';
import { AdminApiError } from '../api.js';

interface GitRef {
  object: { sha: string };
}

interface PullSummary {
  number: number;
  html_url: string;
  head: { sha: string };
}

/** The head commit of `branch`. */
export async function headSha(ctx: Context, token: string, branch: string): Promise<string> {
  const { data } = await ctx.request<GitRef>(token, 'GET /repos/{owner}/{repo}/git/ref/{ref}', { params: { ref: `heads/${branch}` } });
  return data.object.sha;
}

/** Creates `branch` at `sha`, or force-resets it there when it exists (as `serve` does for the admin list). */
export async function resetBranch(ctx: Context, token: string, branch: string, sha: string): Promise<void> {
  try {
    await ctx.request(token, 'GET /repos/{owner}/{repo}/git/ref/{ref}', { params: { ref: `heads/${branch}` } });
  } catch (err) {
    if (!hasStatus(err, 404)) throw err;
    try {
      await ctx.request(token, 'POST /repos/{owner}/{repo}/git/refs', { body: { ref: `refs/heads/${branch}`, sha } });
      return;
    } catch (createErr) {
      // 422 "Reference already exists": someone created it meanwhile; reset it below.
      if (!hasStatus(createErr, 422)) throw createErr;
    }
  }
  await ctx.request(token, 'PATCH /repos/{owner}/{repo}/git/refs/{ref}', { params: { ref: `heads/${branch}` }, body: { sha, force: true } });
}

const owner = (ctx: Context) => ctx.config.repository.split('/')[0] ?? '';

/** The open pull request from `head` to `base`, or null. */
export async function findOpenPull(ctx: Context, token: string, head: string, base: string): Promise<PendingPullRequest | null> {
  let data: PullSummary[];
  try {
    ({ data } = await ctx.request<PullSummary[]>(token, 'GET /repos/{owner}/{repo}/pulls', {
      query: { state: 'open', head: `${owner(ctx)}:${head}`, base, per_page: 10 },
    }));
  } catch (err) {
    // Every read of the panel asks which changes wait in a pull request: a fine-grained token
    // without that permission got GitHub's bare 'Resource not accessible by personal access token'.
    if (!isPermissionRefusal(err)) throw err;
    const repo = ctx.config.repository;
    throw new AdminApiError(`This token cannot read the pull requests of ${repo}: it lacks Pull requests (read), which the panel needs to show the changes waiting for review. Create a fine-grained token with Contents, Pull requests and Actions set to Read and write for ${repo}, or a classic token with the repo scope.`, 403, 'MISSING_SCOPE');
  }
  const pr = data[0];
  return pr ? { number: pr.number, url: pr.html_url } : null;
}

/** The open pull request from `head` to `base`, created (with `title` and `body`) when there is none. */
export async function ensurePull(ctx: Context, token: string, pull: { head: string; base: string; title: string; body: string }): Promise<PendingPullRequest> {
  const existing = await findOpenPull(ctx, token, pull.head, pull.base);
  if (existing) return existing;
  try {
    const { data } = await ctx.request<PullSummary>(token, 'POST /repos/{owner}/{repo}/pulls', { body: pull });
    return { number: data.number, url: data.html_url };
  } catch (err) {
    // 422 "A pull request already exists": opened meanwhile by another save.
    if (hasStatus(err, 422)) {
      const raced = await findOpenPull(ctx, token, pull.head, pull.base);
      if (raced) return raced;
    }
    throw err;
  }
}

/** Closes pull request `number` (unmerged). */
export async function closePull(ctx: Context, token: string, number: number): Promise<void> {
  await ctx.request(token, 'PATCH /repos/{owner}/{repo}/pulls/{pull_number}', { params: { pull_number: number }, body: { state: 'closed' } });
}

/**
 * Makes `branch` ready for a first change while it has no open pull request: created at `baseHead`
 * when missing, moved there when `baseHead` holds its head (a fast-forward) or its head is what a
 * closed (merged or not) pull request proposed.
 * Any other head (already `baseHead`, or another admin's change saved a moment ago whose pull
 * request is not open yet) is written on top of, never reset away: no save GitHub accepted may
 * vanish.
 */
export async function prepareBranch(ctx: Context, token: string, branch: string, base: string, baseHead: string): Promise<void> {
  let head: string;
  try {
    head = await headSha(ctx, token, branch);
  } catch (err) {
    if (!hasStatus(err, 404)) throw err;
    try {
      await ctx.request(token, 'POST /repos/{owner}/{repo}/git/refs', { body: { ref: `refs/heads/${branch}`, sha: baseHead } });
    } catch (createErr) {
      // 422 "Reference already exists": another save created it meanwhile, maybe with its commit.
      if (!hasStatus(createErr, 422)) throw createErr;
    }
    return;
  }
  if (head === baseHead) return;
  try {
    // A fast-forward cannot drop a commit saved meanwhile: a head the default branch already holds
    // (a pull request merged with a merge commit, or a branch left at an older default head by a
    // save that had nothing to commit) moves up, so a pull request of it is never one with no
    // commits (GitHub refuses to open that: 422 'No commits between').
    await moveBranch(ctx, token, branch, baseHead, false);
    return;
  } catch (err) {
    if (!hasStatus(err, 422)) throw err;
  }
  if (!(await proposedByClosedPull(ctx, token, branch, base, head))) return;
  // Not a fast-forward (a squash merge, a closed pull request, or a save that just landed): force
  // only while the head is still the spent one. GitHub offers no compare-and-swap on a ref, so a
  // save landing between these two requests is the one window left.
  if ((await headSha(ctx, token, branch)) !== head) return;
  await moveBranch(ctx, token, branch, baseHead, true);
}

const moveBranch = (ctx: Context, token: string, branch: string, sha: string, force: boolean) =>
  ctx.request(token, 'PATCH /repos/{owner}/{repo}/git/refs/{ref}', { params: { ref: `heads/${branch}` }, body: { sha, force } });

/** Whether `head` is what a closed (merged or not) pull request from `branch` to `base` proposed. */
async function proposedByClosedPull(ctx: Context, token: string, branch: string, base: string, head: string): Promise<boolean> {
  const { data } = await ctx.request<PullSummary[]>(token, 'GET /repos/{owner}/{repo}/pulls', {
    query: { state: 'closed', head: `${owner(ctx)}:${branch}`, base, per_page: 100 },
  });
  return data.some((pr) => pr.head.sha === head);
}
