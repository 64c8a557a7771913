import type { GitHubUser, PrimaryAdmins } from './admin-api.js';

/**
 * Who is an admin, and what the admin list becomes: pure rules shared by the local server
 * (src/core/github) and the published page's GitHub back end (web/src/admin/github).
 */

/** Branch the admin list changes are proposed from (force-reset to the default branch before each save). */
export const ADMIN_UPDATE_BRANCH = 'leaderboard-updates';

/** The `instructions` written next to the admins in admin-list.json. */
export const ADMIN_LIST_INSTRUCTIONS =
  'Emails or GitHub usernames allowed to manage the leaderboard, besides the primary admins. ' +
  `Changes are proposed by pull requests from the ${ADMIN_UPDATE_BRANCH} branch.`;

/** The text of admin-list.json holding `admins` (2-space JSON and a final newline). */
export function adminListFileText(admins: readonly string[]): string {
  return `${JSON.stringify({ admins, instructions: ADMIN_LIST_INSTRUCTIONS }, null, 2)}\n`;
}

/** Whether two emails or logins are the same (trimmed, case-insensitive); never for an empty one. */
export const same = (a: string | null | undefined, b: string | null | undefined): boolean =>
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

const key = (entry: string) => entry.trim().toLowerCase();

/**
 * The list to save: `requested` without duplicates (case-insensitive, first spelling kept), plus
 * the primary admins of `current` that the request left out (they cannot be removed).
 */
export function nextAdminList(current: readonly string[], requested: readonly string[], primary: PrimaryAdmins): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (entry: string) => {
    const k = key(entry);
    if (k && !seen.has(k)) {
      seen.add(k);
      out.push(entry.trim());
    }
  };
  requested.forEach(add);
  current.filter((e) => isPrimaryAdmin(e, primary)).forEach(add);
  return out;
}

/**
 * The banner message of a saved admin list, e.g. 'Admin list change proposed (added a@x.org;
 * removed bob): merge URL to apply it.'
 */
/** Changes a proposal not merged yet held that a new one does not: entries it added, and entries it removed. */
export interface DroppedChanges {
  added: string[];
  removed: string[];
}

/**
 * What a save drops of the proposal it replaces: each proposal starts from the default branch's
 * list (`current`; `leaderboard-updates` is reset to it), so one not merged yet (`pending`, the
 * list the branch held) is lost unless proposed again.
 */
export function droppedChanges(current: readonly string[], pending: readonly string[] | undefined, next: readonly string[]): DroppedChanges {
  if (!pending) return { added: [], removed: [] };
  const has = (list: readonly string[], entry: string) => list.some((e) => key(e) === key(entry));
  return {
    added: pending.filter((e) => !has(current, e) && !has(next, e)),
    removed: current.filter((e) => !has(pending, e) && has(next, e)),
  };
}

/** `added dave; removed bob`, or '' when nothing is. */
const changeText = (added: readonly string[], removed: readonly string[]): string =>
  [added.length ? `added ${added.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : ''].filter(Boolean).join('; ');

export function adminListSavedMessage(current: readonly string[], next: readonly string[], pullRequestUrl: string, pending?: readonly string[]): string {
  const before = new Set(current.map(key));
  const after = new Set(next.map(key));
  const added = next.filter((e) => !before.has(key(e)));
  const removed = current.filter((e) => !after.has(key(e)));
  const change = changeText(added, removed);
  const saved = change
    ? `Admin list change proposed (${change}): merge ${pullRequestUrl} to apply it.`
    : `The admin list is the same as on the default branch; ${pullRequestUrl} now proposes no change.`;
  const dropped = droppedChanges(current, pending, next);
  const lost = changeText(dropped.added, dropped.removed);
  return lost ? `${saved} It replaces the change proposed before and not merged yet (${lost}): propose that again to keep it.` : saved;
}
