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

/**
 * An email or login as compared: trimmed, lowercased, and without the `@` a login is often written
 * with (`@octocat`, as `identities` takes it). GitHub's logins never start with one, nor do emails:
 * an admin listed as `@carol` was refused when carol signed in.
 */
const key = (entry: string) => entry.trim().replace(/^@/, '').toLowerCase();

/** Whether two emails or logins are the same (see key); never for an empty one. */
export const same = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && key(a) !== '' && key(a) === key(b);

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

const has = (list: readonly string[], entry: string) => list.some((e) => key(e) === key(entry));

/**
 * One admin's change of the list, as the panel sends it: entries to add and entries to remove. It
 * is re-applied to the list as it stands on the default branch when saved, so a change someone
 * else made meanwhile (an admin added by a merged pull request) is kept, not reverted.
 */
export interface AdminListChange {
  add: readonly string[];
  remove: readonly string[];
}

/**
 * `current` with `change` re-applied: its entries (trimmed, duplicates dropped case-insensitively,
 * first spelling kept) less those `remove` names, then the `add` entries not listed yet. Primary
 * admins are never removed, and never written to the list (they are admins already).
 */
export function applyAdminChange(current: readonly string[], change: AdminListChange, primary: PrimaryAdmins): string[] {
  const removed = new Set(change.remove.filter((e) => !isPrimaryAdmin(e, primary)).map(key));
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (entry: string) => {
    const k = key(entry);
    if (k && !seen.has(k) && !removed.has(k)) {
      seen.add(k);
      out.push(entry.trim());
    }
  };
  current.forEach(add);
  change.add.filter((e) => !isPrimaryAdmin(e, primary)).forEach(add);
  return out;
}

/** Whether two lists name the same admins (case-insensitive, in any order, duplicates aside). */
export function sameAdminList(a: readonly string[], b: readonly string[]): boolean {
  const ka = new Set(a.map(key).filter(Boolean));
  const kb = new Set(b.map(key).filter(Boolean));
  return ka.size === kb.size && [...ka].every((k) => kb.has(k));
}

/** Changes a proposal not merged yet held that a new one does not: entries it added, and entries it removed. */
export interface DroppedChanges {
  added: string[];
  removed: string[];
}

/**
 * What a save drops of the proposal it replaces: each proposal starts from the default branch's
 * list (`current`; `leaderboard-updates` is reset to it), so one not merged yet (`pending`, the
 * list its open pull request proposed) is lost unless proposed again. An entry the saving admin's
 * own `change` names is not dropped but decided again (undoing one's own addition is no loss).
 */
export function droppedChanges(current: readonly string[], pending: readonly string[] | undefined, next: readonly string[], change?: AdminListChange): DroppedChanges {
  if (!pending) return { added: [], removed: [] };
  const decided = (entry: string) => !!change && (has(change.add, entry) || has(change.remove, entry));
  return {
    added: pending.filter((e) => !has(current, e) && !has(next, e) && !decided(e)),
    removed: current.filter((e) => !has(pending, e) && has(next, e) && !decided(e)),
  };
}

/** `added dave; removed bob`, or '' when nothing is. */
const changeText = (added: readonly string[], removed: readonly string[]): string =>
  [added.length ? `added ${added.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : ''].filter(Boolean).join('; ');

/**
 * The banner message of a saved admin list, e.g. 'Admin list change proposed (added a@x.org;
 * removed bob): merge URL to apply it.', and what it replaced of a proposal not merged yet.
 */
export function adminListSavedMessage(current: readonly string[], next: readonly string[], pullRequestUrl: string, pending?: readonly string[], change?: AdminListChange): string {
  const added = next.filter((e) => !has(current, e));
  const removed = current.filter((e) => !has(next, e));
  const saved = `Admin list change proposed (${changeText(added, removed)}): merge ${pullRequestUrl} to apply it.`;
  const dropped = droppedChanges(current, pending, next, change);
  const lost = changeText(dropped.added, dropped.removed);
  return lost ? `${saved} It replaces the change proposed before and not merged yet (${lost}): propose that again to keep it.` : saved;
}

/**
 * The banner message of a change that leaves the list as it is on `branch` (the default branch),
 * so nothing is proposed: 'No change to propose: the admin list on main already lists zed and
 * leaves out yves.' `closedUrl`: the pull request that proposed a change not merged yet, closed
 * because this change replaces it; `pending`: what it proposed, to name what the admin undid not.
 */
export function adminListUnchangedMessage(branch: string, current: readonly string[], change: AdminListChange, closedUrl: string | null, pending?: readonly string[]): string {
  const listed = change.add.filter((e) => has(current, e));
  const left = change.remove.filter((e) => !has(current, e));
  const facts = [listed.length ? `lists ${listed.join(', ')}` : '', left.length ? `leaves out ${left.join(', ')}` : ''].filter(Boolean).join(' and ');
  const said = `No change to propose: the admin list on ${branch} ${facts ? `already ${facts}` : 'is already the one shown'}.`;
  if (!closedUrl) return said;
  const dropped = droppedChanges(current, pending, current, change);
  const lost = changeText(dropped.added, dropped.removed);
  const closed = `${said} Pull request ${closedUrl}, which proposed a change not merged yet, is closed.`;
  return lost ? `${closed} It also proposed (${lost}): propose that again to keep it.` : closed;
}
