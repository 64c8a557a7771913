import { Router } from 'express';
import type { SessionResponse } from '../../shared/admin-api.js';
import { sessionOf, type AdminDeps, type Auth } from '../auth.js';

/**
 * GET /api/session: who the token belongs to and whether they are an admin. 200 for any token
 * GitHub accepts (the page shows who was denied); 401 without one or with one GitHub refuses.
 * `refreshes` is false when the server has no pull-and-refresh (`serve --no-refresh`), so the
 * panel can say so before anyone presses Pull & Refresh.
 */
export function sessionRoutes(admin: AdminDeps, auth: Auth, refreshes: boolean): Router {
  const router = Router();
  router.get('/session', auth.authenticate, (_req, res) => {
    const { user, authorized, message } = sessionOf(res);
    const body: SessionResponse = { user, authorized, ...(message ? { message } : {}), repository: admin.target.repo, refreshes };
    res.json(body);
  });
  return router;
}
