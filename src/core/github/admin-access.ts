import { hasInnerSpace, ONE_ENTRY_MESSAGE, type PrimaryAdmins } from '../../shared/admin-api.js';
import { isPrimaryAdmin, same } from '../../shared/admin-rules.js';
import { LeaderboardError } from '../errors.js';

// The pure rules live in src/shared (the published page's GitHub back end uses them too).
export { deniedMessage, isAuthorized, isPrimaryAdmin } from '../../shared/admin-rules.js';

/**
 * The list with `entry` added (trimmed). Refuses an empty entry ('Please enter an email address
 * or GitHub username') and one that is already an admin, primary or listed, compared
 * case-insensitively ('This email/username is already an admin'); both INVALID_INPUT.
 */
export function addAdmin(list: readonly string[], entry: string, primary: PrimaryAdmins): string[] {
  const value = entry.trim();
  if (value === '') throw new LeaderboardError('INVALID_INPUT', 'Please enter an email address or GitHub username', undefined, { status: 400 });
  if (hasInnerSpace(value)) throw new LeaderboardError('INVALID_INPUT', ONE_ENTRY_MESSAGE, undefined, { status: 400 });
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
