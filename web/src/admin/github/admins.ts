import { updateAdminsRequestSchema, type AdminsResponse, type UpdateAdminsRequest, type UpdateAdminsResponse } from '../../../../src/shared/admin-api.js';
import {
  ADMIN_UPDATE_BRANCH, adminListFileText, adminListSavedMessage, adminListUnchangedMessage, applyAdminChange, sameAdminList,
} from '../../../../src/shared/admin-rules.js';
import { AdminApiError } from '../api.js';
import { actorName, readAdminList, requireAdmin } from './access.js';
import { closePull, ensurePull, findOpenPull, headSha, resetBranch } from './branches.js';
import type { Context } from './context.js';
import { writeWithRetries } from './repo-files.js';
import { ensureCanWrite } from './scopes.js';

/** How often a write is tried again after its sha went stale. */
const STALE_SHA_ATTEMPTS = 3;

/** GET /api/admins, from GitHub: admin-list.json of the default branch and the primary admins (admins only). */
export async function admins(ctx: Context, token: string): Promise<AdminsResponse> {
  const { admins: list } = await requireAdmin(ctx, token);
  return { admins: list, primary: ctx.config.primary };
}

/**
 * PUT /api/admins, as `serve` does it: the admin's change re-applied to admin-list.json of the
 * default branch as it stands now, `leaderboard-updates` force-reset to the default branch's head,
 * the file committed there naming the admin, a pull request opened or reused. A change that
 * leaves the list as on the default branch commits nothing and opens nothing (GitHub would refuse
 * a pull request without commits); a pull request still open from an earlier change is closed,
 * since it would propose what was undone.
 */
export async function saveAdmins(ctx: Context, token: string, request: UpdateAdminsRequest): Promise<UpdateAdminsResponse> {
  const parsed = updateAdminsRequestSchema.safeParse(request);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdminApiError(`Invalid request body: ${issue?.path.join('.') || 'admins'}: ${issue?.message ?? 'invalid'}.`, 400, 'INVALID_INPUT');
  }
  const change = parsed.data;
  const { user, admins: current } = await requireAdmin(ctx, token);
  const { defaultBranch } = await ensureCanWrite(ctx, token, ['contents', 'pulls']);
  const next = applyAdminChange(current, change, ctx.config.primary);
  // What the open proposal held, before the reset replaces it: said, not lost silently.
  const open = await findOpenPull(ctx, token, ADMIN_UPDATE_BRANCH, defaultBranch);
  const pending = open ? await readAdminList(ctx, token, ADMIN_UPDATE_BRANCH).catch(() => undefined) : undefined;
  const unchanged = async (): Promise<UpdateAdminsResponse> => {
    if (open) {
      // GitHub closes a pull request whose head is reset to its base; closed here too, should it not.
      await resetBranch(ctx, token, ADMIN_UPDATE_BRANCH, await headSha(ctx, token, defaultBranch));
      if (await findOpenPull(ctx, token, ADMIN_UPDATE_BRANCH, defaultBranch)) await closePull(ctx, token, open.number);
    }
    return { admins: current, published: current, pullRequestUrl: '', message: adminListUnchangedMessage(defaultBranch, current, change, open?.url ?? null, pending) };
  };
  if (sameAdminList(next, current)) return unchanged();

  await resetBranch(ctx, token, ADMIN_UPDATE_BRANCH, await headSha(ctx, token, defaultBranch));
  const path = ctx.config.files.adminList;
  const message = `Update admin list (by ${actorName(user)})`;
  const saved = await writeWithRetries(ctx, token, { path, branch: ADMIN_UPDATE_BRANCH, message }, () => ({ text: adminListFileText(next), merged: false }), STALE_SHA_ATTEMPTS);
  // The default branch changed since it was read and now holds this very text: nothing to propose.
  if (saved.unchanged) return unchanged();
  const pull = await ensurePull(ctx, token, {
    head: ADMIN_UPDATE_BRANCH, base: defaultBranch,
    title: 'Update leaderboard admin list',
    body: `Proposed from the leaderboard admin panel by @${user.login}. Merge to apply the new ${path}.`,
  });
  return { admins: next, published: current, pullRequestUrl: pull.url, message: adminListSavedMessage(current, next, pull.url, pending, change) };
}
