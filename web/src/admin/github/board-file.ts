import { CONTRIBUTIONS_BRANCH } from '../../../../src/shared/site-admin.js';
import type { GitHubUser } from '../../../../src/shared/admin-api.js';
import type { PendingPullRequest } from '../backend.js';
import { actorName } from './access.js';
import { ensurePull, findOpenPull, headSha, prepareBranch } from './branches.js';
import type { Context } from './context.js';
import { isProtectedRefusal, writeWithRetries, type Compose } from './repo-files.js';
import { hasStatus } from './rest.js';
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
  /** The branch that holds the change: the default branch, or `leaderboard-contributions`. */
  branch: string;
  /** The pull request the change waits in; null when committed to the default branch. */
  pullRequest: PendingPullRequest | null;
  /** Sentences for the admin: someone else's change kept, a protected branch. */
  notices: string[];
}

/**
 * Commits one of the board's own files (`path`) on behalf of `user`, with the message
 * '{change} (by {login})'. With adminChanges 'pull-request' (or while a pull request is open), on
 * `leaderboard-contributions`: created, or moved to the default branch's head, when it has no open
 * pull request and holds nothing but what closed ones proposed (see prepareBranch); the pull request is opened or reused. With 'commit', on the default branch,
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
      notices.push(...savedNotices(path, saved));
      return { sha: saved.sha, text: saved.text, defaultBranch, branch: defaultBranch, pullRequest: null, notices };
    } catch (err) {
      if (!isProtectedRefusal(err)) throw err;
      // The protected branch refused it; the pull request needs its permission too.
      await ensureCanWrite(ctx, token, ['contents', 'pulls']);
      notices.push(`${defaultBranch} is protected, so the change was proposed in a pull request instead of being committed to it.`);
    }
  } else if (direct && open) {
    notices.push(`Earlier changes are waiting in pull request #${open.number}, so this one joined them.`);
  }

  const baseHead = open ? null : await headSha(ctx, token, defaultBranch);
  if (baseHead !== null) await prepareBranch(ctx, token, CONTRIBUTIONS_BRANCH, defaultBranch, baseHead);
  const saved = await writeWithRetries(ctx, token, { path, branch: CONTRIBUTIONS_BRANCH, message }, compose, WRITE_ATTEMPTS);
  // Nothing written, on a branch that is the default branch's head: the change is published
  // already (someone else made it, and their pull request was merged). No pull request can be
  // opened (GitHub answers 422, no commits between them), and none is needed.
  if (saved.unchanged && baseHead !== null && (await headSha(ctx, token, CONTRIBUTIONS_BRANCH)) === baseHead) {
    notices.unshift(`${path} on ${defaultBranch} already holds this change, so there is nothing to propose.`);
    return { sha: saved.sha, text: saved.text, defaultBranch, branch: defaultBranch, pullRequest: null, notices };
  }
  notices.unshift(...savedNotices(path, saved));
  if (!open) {
    try {
      open = await ensurePull(ctx, token, {
        head: CONTRIBUTIONS_BRANCH, base: defaultBranch,
        title: 'Update leaderboard contributions',
        body: `Proposed from the leaderboard admin panel by @${user.login}. Merge to publish the changes to ${ctx.config.files.manual} and ${ctx.config.files.overrides}; later changes made in the panel are added to this pull request.`,
      });
    } catch (err) {
      // The branch holds nothing the default branch lacks (its commits were merged meanwhile, say):
      // there is nothing to propose, and so nothing waits in a pull request.
      if (hasStatus(err, 422) && /no commits between/i.test(err.message)) {
        notices[0] = `${path} on ${defaultBranch} already holds this change, so there is nothing to propose.`;
        return { sha: saved.sha, text: saved.text, defaultBranch, branch: defaultBranch, pullRequest: null, notices };
      }
      // The change is committed: reporting the save as failed would have the admin make it again.
      notices.push(`Opening the pull request of branch ${CONTRIBUTIONS_BRANCH} failed: ${sentence(err)} The next save opens it, or open it on GitHub from that branch.`);
    }
  }
  return { sha: saved.sha, text: saved.text, defaultBranch, branch: CONTRIBUTIONS_BRANCH, pullRequest: open, notices };
}

/** An error's message as a sentence, for a notice. */
export const sentence = (err: unknown): string => (err instanceof Error ? err.message : String(err)).replace(/\.?$/, '.');

function savedNotices(path: string, saved: { merged: boolean; unchanged: boolean }): string[] {
  if (saved.unchanged) return [`${path} already held this change (someone else made it, or an earlier try of it reached GitHub), so it was not made twice.`];
  return saved.merged ? [`Someone else changed ${path} meanwhile; both changes were kept.`] : [];
}

