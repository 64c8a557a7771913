import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type ErrorRequestHandler, type Express, type Response } from 'express';
import type { Health } from '../shared/api.js';
import { dataDirPaths } from '../core/store/data-dir.js';
import { LeaderboardError } from '../core/errors.js';

/** The prebuilt page: dist/web, two levels above both src/server and dist/server. */
export const DEFAULT_WEB_ROOT = path.resolve(fileURLToPath(import.meta.url), '../../../dist/web');

export interface AppDeps {
  dataDir: string;
  version: string;
  /** Directory of the built page. Default: dist/web. */
  webRoot?: string;
}

/**
 * The HTTP app: the built page, the data and status files, and /api. No listen, so tests
 * drive it on port 0.
 */
export function createApp(deps: AppDeps): Express {
  const paths = dataDirPaths(deps.dataDir);
  const webRoot = deps.webRoot ?? DEFAULT_WEB_ROOT;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');

  app.get('/api/health', (_req, res) => {
    const body: Health = { ok: true, version: deps.version, dataFile: existsSync(paths.data) };
    res.json(body);
  });
  app.use('/api', (_req, res) => sendError(res, 404, 'NOT_FOUND', 'No such API endpoint.'));

  // The data files change on every refresh: always revalidate (ETag makes that cheap).
  const dataFile = (file: string) => (_req: express.Request, res: Response, next: express.NextFunction) => {
    res.sendFile(file, { headers: { 'Cache-Control': 'no-cache' }, dotfiles: 'allow' }, (err) => {
      if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') sendError(res, 404, 'NOT_FOUND', `${path.basename(file)} does not exist yet.`);
      else if (err) next(err);
    });
  };
  app.get('/leaderboard-data.json', dataFile(paths.data));
  app.get('/last-update.json', dataFile(paths.status));

  app.use(express.static(webRoot, { index: 'index.html', maxAge: 0, dotfiles: 'ignore' }));
  app.use((_req, res) => sendError(res, 404, 'NOT_FOUND', 'Not found.'));
  app.use(errorHandler);
  return app;
}

/** Sends the error envelope `{ error: { code, message } }`. */
export function sendError(res: Response, status: number, code: string, message: string): void {
  if (res.headersSent) return;
  res.status(status).json({ error: { code, message } });
}

const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  if (err instanceof LeaderboardError) return sendError(res, err.code === 'NOT_FOUND' ? 404 : 400, err.code, err.message);
  const status = typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
  if (status < 500) return sendError(res, status, 'BAD_REQUEST', (err as Error).message);
  sendError(res, 500, 'INTERNAL', 'Internal server error.');
};
