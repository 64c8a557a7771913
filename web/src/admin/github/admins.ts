import { updateAdminsRequestSchema, type AdminsResponse, type UpdateAdminsResponse } from '../../../../src/shared/admin-api.js';
import { ADMIN_UPDATE_BRANCH, adminListFileText, adminListSavedMessage, nextAdminList } from '../../../../src/shared/admin-rules.js';
import { AdminApiError } from '../api.js';
import { actorName, readAdminList, requireAdmin } from './access.js';
import { ensurePull, headSha, resetBranch } from './branches.js';
import type { Context } from './context.js';
import { readFile, writeWithRetries } from './repo-files.js';
import { ensureCanWrite } from './scopes.js';

/** How often a write is tried again after its sha went stale. */
const STALE_SHA_ATTEMPTS = 3;

/** GET /api/admins, from GitHub: admin-list.json of the default branch and the primary admins (admins only). */
export async function admins(ctx: Context, token: string): Promise<AdminsResponse> {
  const { admins: list } = await requireAdmin(ctx, token);
  return { admins: list, primary: ctx.config.primary };
}

/**
 * PUT /api/admins, as `serve` does it: `leaderboard-updates` force-reset to the default branch's
 * head, admin-list.json committed there naming the admin, a pull request opened or reused.
 */
export async function saveAdmins(ctx: Context, token: string, requested: readonly string[]): Promise<UpdateAdminsResponse> {
  const parsed = updateAdminsRequestSchema.safeParse({ admins: requested });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdminApiError(`Invalid request body: ${issue?.path.join('.') || 'admins'}: ${issue?.message ?? 'invalid'}.`, 400, 'INVALID_INPUT');
  }
  const { user, admins: current } = await requireAdmin(ctx, token);
  const { defaultBranch } = await ensureCanWrite(ctx, token, ['contents', 'pulls']);
  const next = nextAdminList(current, parsed.data.admins, ctx.config.primary);
  // What the proposal not merged yet held, before the reset replaces it: said, not lost silently.
  const proposed = await readFile(ctx, token, ctx.config.files.adminList, ADMIN_UPDATE_BRANCH).catch(() => null);
  const pending = proposed ? await readAdminList(ctx, token, ADMIN_UPDATE_BRANCH).catch(() => undefined) : undefined;
  await resetBranch(ctx, token, ADMIN_UPDATE_BRANCH, await headSha(ctx, token, defaultBranch));
  const path = ctx.config.files.adminList;
  const message = `Update admin list (by ${actorName(user)})`;
  await writeWithRetries(ctx, token, { path, branch: ADMIN_UPDATE_BRANCH, message }, () => ({ text: adminListFileText(next), merged: false }), STALE_SHA_ATTEMPTS);
  const pull = await ensurePull(ctx, token, {
    head: ADMIN_UPDATE_BRANCH, base: defaultBranch,
    title: 'Update leaderboard admin list',
    body: `Proposed from the leaderboard admin panel by @${user.login}. Merge to apply the new ${path}.`,
  });
  return { admins: next, pullRequestUrl: pull.url, message: adminListSavedMessage(current, next, pull.url, pending) };
}
