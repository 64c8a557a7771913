import express, { Router } from 'express';
import { z } from 'zod';
import type { LeaderboardConfig } from '../../core/config.js';
import { backupFileName, readManualBackup, readManualForApi, replaceManualContributions } from '../../core/manual-service.js';
import { updateManualContributionsRequestSchema, type ManualContributionsResponse, type MessageResponse } from '../../shared/admin-api.js';
import type { Auth } from '../auth.js';
import { serialQueue } from '../serial.js';
import { parseBody } from '../http-errors.js';

// Unknown top-level fields are refused (400 naming them), not dropped: a client sending
// `contributor` for `contributors` must hear about it rather than save an empty map.
const updateRequestSchema = z.strictObject(updateManualContributionsRequestSchema.shape);

export interface ManualRouteDeps {
  repo: string;
  dataDir: string;
  config: LeaderboardConfig;
  /** Largest JSON body accepted (express.json syntax). */
  bodyLimit: string;
}

/**
 * The manual contributions, for admins:
 * - GET /api/manual-contributions: {contributors}, with the version in `ETag`.
 * - POST /api/update-manual-contributions {contributors}: replaces them (409 STALE_VERSION when
 *   `If-Match` names an older version; accepted without `If-Match`), rebuilds the leaderboards
 *   from the cache and answers {message} with the new `ETag`.
 * - GET /api/export-manual-contributions: the file as a download named
 *   manual-contributions-backup-YYYY-MM-DD.json.
 */
export function manualRoutes(deps: ManualRouteDeps, auth: Auth): Router {
  const router = Router();
  const serialized = serialQueue();

  router.get('/manual-contributions', auth.requireAdmin, async (_req, res) => {
    const { contributors, etag } = await readManualForApi(deps.dataDir);
    const body: ManualContributionsResponse = { contributors };
    res.set('ETag', etag).json(body);
  });

  router.post('/update-manual-contributions', auth.requireAdmin, express.json({ limit: deps.bodyLimit }), async (req, res) => {
    const { contributors } = parseBody(updateRequestSchema, req.body);
    const ifMatch = req.get('if-match');
    const result = await serialized(() => replaceManualContributions(deps, contributors, ifMatch));
    const count = `${result.contributors} contributor${result.contributors === 1 ? '' : 's'}`;
    const body: MessageResponse = {
      message: result.error
        ? `Saved the manual contributions of ${count}, but the leaderboards could not be rebuilt (${result.error}); they are rebuilt by the next refresh.`
        : result.rebuilt
          ? `Saved the manual contributions of ${count}; the leaderboards are updated.`
          : `Saved the manual contributions of ${count}; they appear in the leaderboards after the next refresh.`,
    };
    res.set('ETag', result.etag).json(body);
  });

  router.get('/export-manual-contributions', auth.requireAdmin, async (_req, res) => {
    const { text, etag } = await readManualBackup(deps.dataDir);
    res.set({
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${backupFileName()}"`,
      ETag: etag,
    }).send(text);
  });

  return router;
}
