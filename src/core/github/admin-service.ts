import type { GitHubUser, PrimaryAdmins } from '../../shared/admin-api.js';
import { droppedChanges, type DroppedChanges } from '../../shared/admin-rules.js';
import { LeaderboardError } from '../errors.js';
import { addAdmin, deniedMessage, isAuthorized, removeAdmin } from './admin-access.js';
import type { AdminGateway } from './types.js';

/** The admins as seen by one signed-in user. */
export interface AdminListView {
  user: GitHubUser;
  /** Whether `user` may change the list. */
  authorized: boolean;
  admins: string[];
  primary: PrimaryAdmins;
}

/** Verifies `token` and reads the admin list of the default branch (any valid token may read it). */
export async function listAdmins(gateway: AdminGateway, token: string, primary: PrimaryAdmins): Promise<AdminListView> {
  const user = await gateway.verifyToken(token);
  const admins = await gateway.readAdminList(token);
  return { user, admins, primary, authorized: isAuthorized(user, primary, admins) };
}

export type AdminChange = { add: string } | { remove: string };

/**
 * Adds or removes one admin on behalf of the owner of `token`, who must be an admin (else
 * FORBIDDEN with the spec's 'Access Denied: ...' message, status 403). The change is checked
 * (see `addAdmin`/`removeAdmin`) against the list of the default branch, then proposed by
 * `saveAdminList`: resolves to the new list and the pull request's URL.
 */
export async function changeAdmins(gateway: AdminGateway, token: string, primary: PrimaryAdmins, change: AdminChange): Promise<{ user: GitHubUser; admins: string[]; pullRequestUrl: string; dropped: DroppedChanges }> {
  const view = await listAdmins(gateway, token, primary);
  if (!view.authorized) {
    throw new LeaderboardError('FORBIDDEN', deniedMessage(view.user, primary), 'Ask a primary admin to add you to the admin list.', { status: 403 });
  }
  const admins = 'add' in change ? addAdmin(view.admins, change.add, primary) : removeAdmin(view.admins, change.remove, primary);
  const { pullRequestUrl, pending } = await gateway.saveAdminList(token, admins, view.user);
  return { user: view.user, admins, pullRequestUrl, dropped: droppedChanges(view.admins, pending, admins, 'add' in change ? { add: [change.add], remove: [] } : { add: [], remove: [change.remove] }) };
}
