import express, { Router } from 'express';
import { z } from 'zod';
import { adminListSavedMessage, adminListUnchangedMessage, applyAdminChange, sameAdminList } from '../../shared/admin-rules.js';
import { hasInnerSpace, ONE_ENTRY_MESSAGE, updateAdminsRequestSchema, type AdminsResponse, type UpdateAdminsResponse } from '../../shared/admin-api.js';
import { LeaderboardError } from '../../core/errors.js';
import { sessionOf, type AdminDeps, type Auth } from '../auth.js';
import { parseBody } from '../http-errors.js';

// Unknown top-level fields are refused (400 naming them), as for the manual contributions.
const updateRequestSchema = z.strictObject(updateAdminsRequestSchema.shape);

/**
 * The admin list in the repository, for admins:
 * - GET /api/admins: {admins, primary} (admins: admin-list.json on the default branch).
 * - PUT /api/admins {add, remove}: re-applies this admin's change to the list on the default
 *   branch as it stands now (an admin added meanwhile is kept), proposes the result in a pull
 *   request from `leaderboard-updates` and answers {admins, published, pullRequestUrl, message}.
 *   Primary admins are kept whatever is sent. A change that leaves the list as on the default
 *   branch proposes nothing (no commit, no pull request; one still open from an earlier change is
 *   closed, since it would propose what was undone) and answers an empty pullRequestUrl.
 */
export function adminRoutes(admin: AdminDeps, auth: Auth, bodyLimit: string): Router {
  const router = Router();

  router.get('/admins', auth.requireAdmin, async (_req, res) => {
    const admins = await admin.gateway.readAdminList(sessionOf(res).token);
    const body: AdminsResponse = { admins, primary: admin.primary };
    res.json(body);
  });

  router.put('/admins', auth.requireAdmin, express.json({ limit: bodyLimit }), async (req, res) => {
    // A page from before the server took one admin's change sends the whole list: said so, with what to do.
    if (typeof req.body === 'object' && req.body !== null && 'admins' in req.body && !('add' in req.body) && !('remove' in req.body)) {
      throw new LeaderboardError('INVALID_INPUT', 'This page is older than the server: it sent the whole admin list ("admins"), which would remove admins added since it was loaded. Reload the page and make your change again.');
    }
    const change = parseBody(updateRequestSchema, req.body);
    if (change.add.length === 0 && change.remove.length === 0) throw new LeaderboardError('INVALID_INPUT', 'The change names no admin: send "add" or "remove" with at least one entry.');
    const { token, user } = sessionOf(res);
    const current = await admin.gateway.readAdminList(token);
    const odd = change.add.find((e) => hasInnerSpace(e));
    if (odd !== undefined) throw new LeaderboardError('INVALID_INPUT', `${ONE_ENTRY_MESSAGE}: ${JSON.stringify(odd)}.`);
    const admins = applyAdminChange(current, change, admin.primary);
    let body: UpdateAdminsResponse;
    if (sameAdminList(admins, current)) {
      const { defaultBranch, closedPullRequestUrl, pending } = await admin.gateway.withdrawAdminProposal(token);
      body = { admins: current, published: current, pullRequestUrl: '', message: adminListUnchangedMessage(defaultBranch, current, change, closedPullRequestUrl, pending) };
    } else {
      const { pullRequestUrl, pending } = await admin.gateway.saveAdminList(token, admins, user);
      body = { admins, published: current, pullRequestUrl, message: adminListSavedMessage(current, admins, pullRequestUrl, pending, change) };
    }
    res.json(body);
  });

  return router;
}
