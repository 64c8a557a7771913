import { adminListFileSchema, type GitHubUser, type SessionResponse } from '../../../../src/shared/admin-api.js';
import { deniedMessage, isAuthorized } from '../../../../src/shared/admin-rules.js';
import { AdminApiError } from '../api.js';
import { perToken, type Context } from './context.js';
import { parseRepoJson, readFile } from './repo-files.js';
import { hasStatus } from './rest.js';

interface User {
  login: string;
  email: string | null;
}

interface Email {
  email: string;
  primary: boolean;
}

/** The token's account: login and primary email (else the first; without the user:email scope, the public one). */
export function whoAmI(ctx: Context, token: string): Promise<GitHubUser> {
  return perToken(ctx, token, 'user', async () => {
    const { data: user } = await ctx.request<User>(token, 'GET /user');
    let email = user.email ?? null;
    try {
      const { data: emails } = await ctx.request<Email[]>(token, 'GET /user/emails', { query: { per_page: 100 } });
      email = (emails.find((e) => e.primary) ?? emails[0])?.email ?? email;
    } catch (err) {
      // 403/404: the token lacks the user:email scope (or the Email addresses permission).
      if (!hasStatus(err, 403, 404)) throw err;
    }
    return { login: user.login, email };
  });
}

/** The admins of admin-list.json on the default branch; [] when it does not exist. */
export async function readAdminList(ctx: Context, token: string, ref?: string): Promise<string[]> {
  const path = ctx.config.files.adminList;
  const file = await readFile(ctx, token, path, ref);
  if (!file) return [];
  return parseRepoJson(file.text, adminListFileSchema, path, ref ?? 'the default branch').data.admins;
}

/** GET /api/session's answer, from GitHub. */
export async function session(ctx: Context, token: string): Promise<SessionResponse> {
  const user = await whoAmI(ctx, token);
  const admins = await readAdminList(ctx, token);
  const authorized = isAuthorized(user, ctx.config.primary, admins);
  return { user, authorized, ...(authorized ? {} : { message: deniedMessage(user, ctx.config.primary) }), repository: ctx.config.repository };
}

/** The token's account when it is an admin; else a 403 with the spec's 'Access Denied: ...'. */
export async function requireAdmin(ctx: Context, token: string): Promise<{ user: GitHubUser; admins: string[] }> {
  const user = await whoAmI(ctx, token);
  const admins = await readAdminList(ctx, token);
  if (!isAuthorized(user, ctx.config.primary, admins)) throw new AdminApiError(deniedMessage(user, ctx.config.primary), 403, 'FORBIDDEN');
  return { user, admins };
}

/** Who a commit message and an override name: the login, else the email. */
export const actorName = (user: GitHubUser): string => user.login || user.email || 'admin';
