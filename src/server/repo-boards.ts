import path from 'node:path';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { sendError } from './http-errors.js';
import { boardIndexGuard, chunkFileHandler, dataFileHandler } from './data-files.js';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

type Handler = (req: Request, res: Response, next: NextFunction) => unknown;

/**
 * Each repository's own board of an organisation board (`leaderboard-repos/<name>/`, see
 * core/board/assemble.ts), served as the whole board's files are: the data file, its index
 * (only while it belongs to the data file) and its chunks. Handlers are made once per name.
 */
export function repoBoardRoutes(dir: string): Router {
  const router = Router();
  const made = new Map<string, { data: Handler; index: Handler[]; chunk: Handler }>();
  const handlersOf = (name: string) => {
    let h = made.get(name);
    if (!h) {
      const base = path.join(dir, name);
      const data = path.join(base, 'leaderboard-data.json');
      const index = path.join(base, 'leaderboard-index.json');
      h = { data: dataFileHandler(data), index: [boardIndexGuard(index, data), dataFileHandler(index)], chunk: chunkFileHandler(path.join(base, 'leaderboard-chunks')) };
      made.set(name, h);
      // Names come from requests: keep only a bounded number of them.
      if (made.size > 256) made.delete(made.keys().next().value as string);
    }
    return h;
  };
  const named = (req: Request, res: Response): string | null => {
    const name = String(req.params.repo);
    if (NAME.test(name)) return name;
    sendError(res, 404, 'NOT_FOUND', 'No such repository board.');
    return null;
  };
  router.get('/:repo/leaderboard-data.json', (req, res, next) => {
    const name = named(req, res);
    if (name) void handlersOf(name).data(req, res, next);
  });
  router.get('/:repo/leaderboard-index.json', (req, res, next) => {
    const name = named(req, res);
    if (!name) return;
    const [guard, serve] = handlersOf(name).index as [Handler, Handler];
    void guard(req, res, (err?: unknown) => (err ? next(err) : void serve(req, res, next)));
  });
  router.get('/:repo/leaderboard-chunks/:name', (req, res, next) => {
    const name = named(req, res);
    if (name) void handlersOf(name).chunk(req, res, next);
  });
  return router;
}
