import type { GitHubUser, PrimaryAdmins } from '../../shared/admin-api.js';
import { LeaderboardError } from '../errors.js';

const same = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether `entry` names a primary admin (email or login, case-insensitive). */
export function isPrimaryAdmin(entry: string, primary: PrimaryAdmins): boolean {
  return same(entry, primary.email) || same(entry, primary.login);
}

/**
 * Whether `user` is an admin: their email or login (case-insensitive) is a primary admin or is in
 * the admin list.
 */
export function isAuthorized(user: GitHubUser, primary: PrimaryAdmins, adminList: readonly string[]): boolean {
  const names = [user.email, user.login];
  return names.some((n) => same(n, primary.email) || same(n, primary.login) || adminList.some((a) => same(n, a)));
}

/** The spec's denial: 'Access Denied: {email or login} is not authorized. Contact {email} for access.' */
export function deniedMessage(user: GitHubUser, primary: PrimaryAdmins): string {
  // With no primary admin configured there is nobody to name: point at the repository's maintainers.
  const contact = primary.email ?? primary.login ?? "the repository's maintainers";
  return `Access Denied: ${user.email ?? user.login} is not authorized. Contact ${contact} for access.`;
}

/**
 * The list with `entry` added (trimmed). Refuses an empty entry ('Please enter an email address
 * or GitHub username') and one that is already an admin, primary or listed, compared
 * case-insensitively ('This email/username is already an admin'); both INVALID_INPUT.
 */
export function addAdmin(list: readonly string[], entry: string, primary: PrimaryAdmins): string[] {
  const value = entry.trim();
  if (value === '') throw new LeaderboardError('INVALID_INPUT', 'Please enter an email address or GitHub username', undefined, { status: 400 });
  if (isPrimaryAdmin(value, primary) || list.some((a) => same(a, value))) {
    throw new LeaderboardError('INVALID_INPUT', 'This email/username is already an admin', undefined, { status: 400 });
  }
  return [...list, value];
}

/**
 * The list without `entry` (case-insensitive). Primary admins cannot be removed
 * ('Primary admins cannot be removed', INVALID_INPUT); an entry not in the list is NOT_FOUND.
 */
export function removeAdmin(list: readonly string[], entry: string, primary: PrimaryAdmins): string[] {
  const value = entry.trim();
  if (isPrimaryAdmin(value, primary)) throw new LeaderboardError('INVALID_INPUT', 'Primary admins cannot be removed', undefined, { status: 400 });
  const kept = list.filter((a) => !same(a, value));
  if (kept.length === list.length) {
    throw new LeaderboardError('NOT_FOUND', `${value} is not in the admin list`, undefined, { status: 404 });
  }
  return kept;
}

/** The primary admins of the configuration, in the shape of the shared schema. */
export function primaryAdminsOf(config: { primaryAdmins: { email?: string; login?: string } }): PrimaryAdmins {
  return { email: config.primaryAdmins.email ?? null, login: config.primaryAdmins.login ?? null };
}
