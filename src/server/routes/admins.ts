import express, { Router } from 'express';
import { z } from 'zod';
import { adminListSavedMessage, nextAdminList, same } from '../../shared/admin-rules.js';
import { hasInnerSpace, ONE_ENTRY_MESSAGE, updateAdminsRequestSchema, type AdminsResponse, type UpdateAdminsResponse } from '../../shared/admin-api.js';
import { LeaderboardError } from '../../core/errors.js';
import { sessionOf, type AdminDeps, type Auth } from '../auth.js';
import { parseBody } from '../http-errors.js';

// Unknown top-level fields are refused (400 naming them), as for the manual contributions.
const updateRequestSchema = z.strictObject(updateAdminsRequestSchema.shape);

export { nextAdminList };

/**
 * The admin list in the repository, for admins:
 * - GET /api/admins: {admins, primary} (admins: admin-list.json on the default branch).
 * - PUT /api/admins {admins}: proposes the whole list in a pull request from
 *   `leaderboard-updates` and answers {admins, pullRequestUrl, message}. Primary admins are
 *   kept whatever is sent. A list equal to the current one changes nothing on GitHub and answers
 *   an empty pullRequestUrl.
 */
export function adminRoutes(admin: AdminDeps, auth: Auth, bodyLimit: string): Router {
  const router = Router();

  router.get('/admins', auth.requireAdmin, async (_req, res) => {
    const admins = await admin.gateway.readAdminList(sessionOf(res).token);
    const body: AdminsResponse = { admins, primary: admin.primary };
    res.json(body);
  });

  router.put('/admins', auth.requireAdmin, express.json({ limit: bodyLimit }), async (req, res) => {
    const { admins: requested } = parseBody(updateRequestSchema, req.body);
    const { token, user } = sessionOf(res);
    const current = await admin.gateway.readAdminList(token);
    // New entries only: one already in admin-list.json (edited by hand) must not block every save.
    const odd = requested.find((e) => hasInnerSpace(e) && !current.some((c) => same(c, e)));
    if (odd !== undefined) throw new LeaderboardError('INVALID_INPUT', `${ONE_ENTRY_MESSAGE}: ${JSON.stringify(odd)}.`);
    const admins = nextAdminList(current, requested, admin.primary);
    // Saved even when it matches the default branch: an earlier change may still be pending on
    // the update branch (say, an admin added then removed again), and its pull request must now
    // propose exactly this list.
    const { pullRequestUrl, pending } = await admin.gateway.saveAdminList(token, admins, user);
    const body: UpdateAdminsResponse = { admins, pullRequestUrl, message: adminListSavedMessage(current, admins, pullRequestUrl, pending) };
    res.json(body);
  });

  return router;
}
