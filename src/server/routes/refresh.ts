import { Router } from 'express';
import type { PullAndRefreshResponse } from '../../shared/admin-api.js';
import type { Auth } from '../auth.js';
import { sendError } from '../http-errors.js';

/**
 * POST /api/pull-and-refresh, for admins: fast-forwards the repository from its upstream and
 * refreshes. One at a time: a call while a pull runs joins it (same response). A failed pull or
 * refresh is a 200 with `success: false` and the error, as the spec's response carries it.
 * Without a runner (the server was started with --no-refresh) it answers 503.
 */
export function refreshRoutes(pullAndRefresh: (() => Promise<PullAndRefreshResponse>) | undefined, auth: Auth): Router {
  const router = Router();
  router.post('/pull-and-refresh', auth.requireAdmin, async (_req, res) => {
    if (!pullAndRefresh) {
      return sendError(res, 503, 'NO_REFRESH', 'This server does not refresh (it was started with --no-refresh); restart it without --no-refresh to pull and refresh, or run `leaderboard refresh --pull` with the same --data-dir in a shell.');
    }
    const body: PullAndRefreshResponse = await pullAndRefresh();
    res.json(body);
  });
  return router;
}
