import express, { Router } from 'express';
import { z } from 'zod';
import { isPrimaryAdmin } from '../../core/github/admin-access.js';
import { updateAdminsRequestSchema, type AdminsResponse, type PrimaryAdmins, type UpdateAdminsResponse } from '../../shared/admin-api.js';
import { sessionOf, type AdminDeps, type Auth } from '../auth.js';
import { parseBody } from '../http-errors.js';

// Unknown top-level fields are refused (400 naming them), as for the manual contributions.
const updateRequestSchema = z.strictObject(updateAdminsRequestSchema.shape);

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

/** The changes between two lists in words, e.g. 'added a@x.org; removed bob'. */
function describeChange(current: readonly string[], next: readonly string[]): { added: string[]; removed: string[] } {
  const before = new Set(current.map(key));
  const after = new Set(next.map(key));
  return {
    added: next.filter((e) => !before.has(key(e))),
    removed: current.filter((e) => !after.has(key(e))),
  };
}

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
    const admins = nextAdminList(current, requested, admin.primary);
    const { added, removed } = describeChange(current, admins);
    // Saved even when it matches the default branch: an earlier change may still be pending on
    // the update branch (say, an admin added then removed again), and its pull request must now
    // propose exactly this list.
    const { pullRequestUrl } = await admin.gateway.saveAdminList(token, admins, user);
    const change = [
      added.length ? `added ${added.join(', ')}` : '',
      removed.length ? `removed ${removed.join(', ')}` : '',
    ].filter(Boolean).join('; ');
    const body: UpdateAdminsResponse = {
      admins,
      pullRequestUrl,
      message: change
        ? `Admin list change proposed (${change}): merge ${pullRequestUrl} to apply it.`
        : `The admin list is the same as on the default branch; ${pullRequestUrl} now proposes no change.`,
    };
    res.json(body);
  });

  return router;
}
