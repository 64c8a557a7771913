import { CONTRIBUTIONS_BRANCH } from '../../../../src/shared/site-admin.js';
import type { GitHubUser } from '../../../../src/shared/admin-api.js';
import type { PendingPullRequest } from '../backend.js';
import { actorName } from './access.js';
import { branchIsSpent, ensurePull, findOpenPull, headSha, resetBranch } from './branches.js';
import type { Context } from './context.js';
import { isProtectedRefusal, writeWithRetries, type Compose } from './repo-files.js';
import { ensureCanWrite, repoInfo } from './scopes.js';

/** How often a write is tried again after someone else changed the file in between. */
const WRITE_ATTEMPTS = 4;

/** Where the board's own files are read from: the pending branch while its pull request is open, else the default branch. */
export interface BoardSource {
  defaultBranch: string;
  /** The open pull request of `leaderboard-contributions`, or null. */
  pullRequest: PendingPullRequest | null;
  /** The branch to read: `leaderboard-contributions` while the pull request is open, else the default branch. */
  branch: string;
}

export async function boardSource(ctx: Context, token: string): Promise<BoardSource> {
  const { defaultBranch } = await repoInfo(ctx, token);
  const pullRequest = await findOpenPull(ctx, token, CONTRIBUTIONS_BRANCH, defaultBranch);
  return { defaultBranch, pullRequest, branch: pullRequest ? CONTRIBUTIONS_BRANCH : defaultBranch };
}

/** The new text of the file given its current version (null: none), and whether that version is not the one the admin edited. */
export type { Compose };

export interface BoardFileSaved {
  sha: string;
  text: string;
  defaultBranch: string;
  /** The pull request the change waits in; null when committed to the default branch. */
  pullRequest: PendingPullRequest | null;
  /** Sentences for the admin: someone else's change kept, a protected branch. */
  notices: string[];
}

/**
 * Commits one of the board's own files (`path`) on behalf of `user`, with the message
 * '{change} (by {login})'. With adminChanges 'pull-request' (or while a pull request is open), on
 * `leaderboard-contributions`: created, or reset to the default branch's head, when it has no open
 * pull request and holds nothing but what closed ones proposed (see branchIsSpent); the pull request is opened or reused. With 'commit', on the default branch,
 * falling back to the pull request when GitHub refuses because the branch is protected. Every
 * write sends the blob sha it read; when the file changed in between it is read again and
 * `compose` re-applies the change.
 */
export async function commitBoardFile(ctx: Context, token: string, user: GitHubUser, path: string, change: string, compose: Compose): Promise<BoardFileSaved> {
  const direct = ctx.config.adminChanges === 'commit';
  const { defaultBranch } = await ensureCanWrite(ctx, token, direct ? ['contents'] : ['contents', 'pulls']);
  const message = `${change} (by ${actorName(user)})`;
  const notices: string[] = [];
  let open = await findOpenPull(ctx, token, CONTRIBUTIONS_BRANCH, defaultBranch);

  if (direct && !open) {
    try {
      const saved = await writeWithRetries(ctx, token, { path, branch: defaultBranch, message }, compose, WRITE_ATTEMPTS);
      if (saved.merged) notices.push(mergedNotice(path));
      return { sha: saved.sha, text: saved.text, defaultBranch, pullRequest: null, notices };
    } catch (err) {
      if (!isProtectedRefusal(err)) throw err;
      // The protected branch refused it; the pull request needs its permission too.
      await ensureCanWrite(ctx, token, ['contents', 'pulls']);
      notices.push(`${defaultBranch} is protected, so the change was proposed in a pull request instead of being committed to it.`);
    }
  } else if (direct && open) {
    notices.push(`Earlier changes are waiting in pull request #${open.number}, so this one joined them.`);
  }

  if (!open) {
    const baseHead = await headSha(ctx, token, defaultBranch);
    if (await branchIsSpent(ctx, token, CONTRIBUTIONS_BRANCH, defaultBranch, baseHead)) await resetBranch(ctx, token, CONTRIBUTIONS_BRANCH, baseHead);
  }
  const saved = await writeWithRetries(ctx, token, { path, branch: CONTRIBUTIONS_BRANCH, message }, compose, WRITE_ATTEMPTS);
  if (saved.merged) notices.unshift(mergedNotice(path));
  open ??= await ensurePull(ctx, token, {
    head: CONTRIBUTIONS_BRANCH, base: defaultBranch,
    title: 'Update leaderboard contributions',
    body: `Proposed from the leaderboard admin panel by @${user.login}. Merge to publish the changes to ${ctx.config.files.manual} and ${ctx.config.files.overrides}; later changes made in the panel are added to this pull request.`,
  });
  return { sha: saved.sha, text: saved.text, defaultBranch, pullRequest: open, notices };
}

const mergedNotice = (path: string) => `Someone else changed ${path} meanwhile; both changes were kept.`;

