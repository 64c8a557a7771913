import express, { Router } from 'express';
import { readOverrides } from '../../core/ai/override-file.js';
import { describeEffect, removeAiOverride, setAiOverride } from '../../core/ai/overrides.js';
import type { LeaderboardConfig } from '../../core/config.js';
import { LeaderboardError } from '../../core/errors.js';
import type { RepoSource } from '../../core/repos/sources.js';
import { dataDirPaths } from '../../core/store/data-dir.js';
import {
  setAiOverrideRequestSchema, type AiOverridesResponse, type MessageResponse, type SetAiOverrideResponse,
} from '../../shared/admin-api.js';
import { sessionOf, type Auth } from '../auth.js';
import { serialQueue } from '../serial.js';
import { parseBody } from '../http-errors.js';

export interface AiOverrideRouteDeps {
  repo: string;
  dataDir: string;
  config: LeaderboardConfig;
  /** The board's repositories, where a commit is looked up (see setAiOverride). */
  sources?: RepoSource[] | null;
  /** Largest JSON body accepted (express.json syntax). */
  bodyLimit: string;
}

const HASH = /^[0-9a-f]{4,64}$/i;

/** The `:commit` of the path, checked: a 400 naming it when it cannot be a hash. */
function commitParam(value: unknown): string {
  const commit = typeof value === 'string' ? value.trim() : '';
  if (!HASH.test(commit)) {
    throw new LeaderboardError('INVALID_INPUT', `"${commit.slice(0, 80)}" is not a commit hash: give at least 4 hex digits, as shown on the page.`);
  }
  return commit.toLowerCase();
}

/**
 * Admins' overrides of one commit's AI score (the AI part, 0-25 of the 100 points), for admins:
 * - GET /api/ai-overrides: {overrides}, newest first.
 * - PUT /api/ai-overrides/:commit {score, note}: sets (or replaces) the override of the commit
 *   (a full or short hash), by the signed-in admin, and rebuilds the leaderboards from the cache;
 *   answers {message, override}. 400 naming the field, 404 for a commit the repository lacks.
 * - DELETE /api/ai-overrides/:commit: removes it and rebuilds; {message}, or 404 when there is none.
 */
export function aiOverrideRoutes(deps: AiOverrideRouteDeps, auth: Auth): Router {
  const router = Router();
  const paths = dataDirPaths(deps.dataDir);
  // Read at each request: serve's config may have been read again since (see AppDeps.live).
  const ctx = { repo: deps.repo, dataDir: deps.dataDir, get config() { return deps.config; }, get sources() { return deps.sources ?? null; } };
  const serialized = serialQueue();

  router.get('/ai-overrides', auth.requireAdmin, async (_req, res) => {
    // A broken file is the server's data, not the request's (a 500, as GET /api/manual answers).
    const body: AiOverridesResponse = { overrides: await readOverrides(paths.overrides, 'INVALID_DATA_FILE') };
    res.json(body);
  });

  router.put('/ai-overrides/:commit', auth.requireAdmin, express.json({ limit: deps.bodyLimit }), async (req, res) => {
    const commit = commitParam(req.params.commit);
    const { score, note } = parseBody(setAiOverrideRequestSchema, req.body);
    const { user } = sessionOf(res);
    const by = user.login || user.email || 'admin';
    const { override, effect } = await serialized(() => setAiOverride(ctx, { commit, score, note, by }));
    const body: SetAiOverrideResponse = {
      message: `Set the AI score of commit ${override.hash.slice(0, 8)} to ${override.score}; ${describeEffect(effect)}.`,
      override,
    };
    res.json(body);
  });

  router.delete('/ai-overrides/:commit', auth.requireAdmin, async (req, res) => {
    const commit = commitParam(req.params.commit);
    const removed = await serialized(() => removeAiOverride(ctx, commit));
    if (!removed) throw new LeaderboardError('NOT_FOUND', `Commit ${commit} has no AI score override.`);
    const body: MessageResponse = {
      message: `Removed the AI score override of commit ${removed.hash.slice(0, 8)}; ${describeEffect(removed.effect)}.`,
    };
    res.json(body);
  });

  return router;
}
