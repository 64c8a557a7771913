import { adminListFileSchema, type GitHubUser } from '../../../../src/shared/admin-api.js';
import { deniedMessage, isAuthorized } from '../../../../src/shared/admin-rules.js';
import { AdminApiError } from '../api.js';
import type { SessionRead } from '../backend.js';
import { perToken, type Context } from './context.js';
import { parseRepoJson, readFile } from './repo-files.js';
import { GitHubApiError, hasStatus } from './rest.js';

interface User {
  login: string;
  email: string | null;
}

interface Email {
  email: string;
  primary: boolean;
}

/** The token's account, and whether its email addresses could not be read (and what kind of token could not). */
interface Account {
  user: GitHubUser;
  /** Null: read. Else the token's kind ('classic' lists its scopes in X-OAuth-Scopes; 'fine-grained' does not). */
  emailsUnread: 'classic' | 'fine-grained' | null;
}

function account(ctx: Context, token: string): Promise<Account> {
  return perToken(ctx, token, 'user', async () => {
    const res = await ctx.request<User>(token, 'GET /user');
    const user = res.data;
    let email = user.email ?? null;
    try {
      const { data: emails } = await ctx.request<Email[]>(token, 'GET /user/emails', { query: { per_page: 100 } });
      email = (emails.find((e) => e.primary) ?? emails[0])?.email ?? email;
    } catch (err) {
      // 403/404: the token lacks the user:email scope (or the Email addresses permission).
      if (!hasStatus(err, 403, 404)) throw err;
      return { user: { login: user.login, email }, emailsUnread: res.header('X-OAuth-Scopes') !== null ? 'classic' : 'fine-grained' };
    }
    return { user: { login: user.login, email }, emailsUnread: null };
  });
}

/** The token's account: login and primary email (else the first; without the user:email scope, the public one). */
export async function whoAmI(ctx: Context, token: string): Promise<GitHubUser> {
  return (await account(ctx, token)).user;
}

/**
 * Why a denied account may be an admin after all: the token could not read its email addresses,
 * so one listed by a private email is not recognised. Null when they were read.
 */
function emailsHint(emailsUnread: Account['emailsUnread']): string | null {
  if (emailsUnread === null) return null;
  const lacks = emailsUnread === 'classic'
    ? 'This token lacks the user:email scope'
    : 'This token lacks the account permission "Email addresses: Read"';
  const fix = emailsUnread === 'classic'
    ? 'create a classic token with the user:email scope (and repo)'
    : 'give the fine-grained token "Email addresses: Read" under Account permissions';
  return `${lacks}, so GitHub did not show the page your private email addresses. If you are an admin by a private email, ${fix} and sign in with it.`;
}

/** The admins of admin-list.json on the default branch; [] when it does not exist. */
export async function readAdminList(ctx: Context, token: string, ref?: string): Promise<string[]> {
  const path = ctx.config.files.adminList;
  const file = await readFile(ctx, token, path, ref);
  if (!file) return [];
  return parseRepoJson(file.text, adminListFileSchema, path, ref ?? 'the default branch').data.admins;
}

/**
 * GET /api/session's answer, from GitHub; a denial says, in `hint`, when the token could not read
 * the account's private emails. GitHub not reached: the error says what to check.
 */
export async function session(ctx: Context, token: string): Promise<SessionRead> {
  try {
    const { user, emailsUnread } = await account(ctx, token);
    const admins = await readAdminList(ctx, token);
    const authorized = isAuthorized(user, ctx.config.primary, admins);
    if (authorized) return { user, authorized, repository: ctx.config.repository };
    const hint = emailsHint(emailsUnread);
    return { user, authorized, message: deniedMessage(user, ctx.config.primary), ...(hint ? { hint } : {}), repository: ctx.config.repository };
  } catch (err) {
    if (!(err instanceof GitHubApiError && err.status === 0)) throw err;
    throw new GitHubApiError(err.message, 0, err.githubMessage, null, networkHint(ctx.config.apiUrl));
  }
}

/** How to fix GitHub not reached at sign-in: the connection, something blocking the API's host, or the API the site was built for. */
function networkHint(apiUrl: string): string {
  let host = apiUrl;
  try {
    host = new URL(apiUrl).host;
  } catch {
    // not a URL: name it as configured
  }
  return `Check your internet connection, and that no browser extension (an ad or privacy blocker), firewall or proxy blocks ${host}. ` +
    `If ${apiUrl} is not your GitHub's API, build the site again with the right one: the build takes GITHUB_API_URL (which GitHub Actions sets), else \`github.apiUrl\` of leaderboard.config.json.`;
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
