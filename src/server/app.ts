import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type Express } from 'express';
import type { Health } from '../shared/api.js';
import type { PullAndRefreshResponse } from '../shared/admin-api.js';
import { defaultConfig, type LeaderboardConfig } from '../core/config.js';
import { WEB_ROOT } from '../core/package-root.js';
import { dataDirPaths } from '../core/store/data-dir.js';
import type { RepoSource } from '../core/repos/sources.js';
import { createAuth, type AdminDeps, type AuthOptions } from './auth.js';
import { boardIndexGuard, chunkFileHandler, dataFileHandler } from './data-files.js';
import { repoBoardRoutes } from './repo-boards.js';
import { errorHandler, sendError } from './http-errors.js';
import { adminRoutes } from './routes/admins.js';
import { aiOverrideRoutes } from './routes/ai-overrides.js';
import { manualRoutes } from './routes/manual.js';
import { refreshRoutes } from './routes/refresh.js';
import { sessionRoutes } from './routes/session.js';
import { apiOriginGuard, hostGuard, securityHeaders, staticPathGuard } from './security.js';

export { sendError } from './http-errors.js';

export interface AppDeps {
  dataDir: string;
  version: string;
  /** Directory of the built page. Default: dist/web. */
  webRoot?: string;
  /** The repository, for the leaderboards rebuilt after a manual save. Default: the data dir's parent. */
  repo?: string;
  /** The configuration, for those rebuilds. Default: the defaults. */
  config?: LeaderboardConfig;
  /**
   * The configuration and repositories as last read (serve reads the config file again at each
   * refresh); when given, the admin routes' rebuilds take them from here, not `config` and `sources`.
   */
  live?: () => { config: LeaderboardConfig; sources: RepoSource[] | null };
  /** The board's repositories (where an AI override's commit is looked up); absent or null: the config's, else `repo`. */
  sources?: RepoSource[] | null;
  /**
   * The admin features (sign-in with a GitHub token, manual contributions, admin list, pull and
   * refresh). Without it those routes answer 503 NO_GITHUB_REPO saying what to configure.
   */
  admin?: AdminDeps;
  /**
   * Why admin changes cannot be saved here (a data directory this server cannot write): the admin
   * routes then answer 503 NO_GITHUB_REPO with it, as without `admin`. Default: none.
   */
  adminOff?: string;
  /**
   * POST /api/pull-and-refresh: pull and refresh, one at a time. Without it that route answers 503
   * and GET /api/session says `refreshes: false`.
   */
  pullAndRefresh?: () => Promise<PullAndRefreshResponse>;
  /** Verification cache settings (tests). */
  auth?: AuthOptions;
  /** Largest JSON body the API accepts. Default 1mb. */
  bodyLimit?: string;
  /**
   * The address the server listens on, for the Host check (DNS-rebinding protection).
   * Default 127.0.0.1: Host must then be 127.0.0.1, localhost or [::1] with the server's port.
   */
  host?: string;
  /** More host names accepted in the Host header, on any port (`serve --allowed-host`). Default none. */
  allowedHosts?: readonly string[];
}

/** The /api paths of the admin features. */
export const ADMIN_PATHS = ['/session', '/manual-contributions', '/update-manual-contributions', '/export-manual-contributions', '/pull-and-refresh', '/admins', '/ai-overrides', '/ai-overrides/:commit'];

/** Said by every admin route when no GitHub repository is configured. */
export const NO_GITHUB_REPO_MESSAGE = 'Admin features need a GitHub repository: set github.repo ("owner/name") in leaderboard.config.json, '
  + 'pass --github-repo owner/name to leaderboard serve, or add an "origin" remote on GitHub; and set primaryAdmins.email or primaryAdmins.login.';

/** The admin part of /api: its routes, or 503 NO_GITHUB_REPO for each when it is not configured. */
function adminApi(deps: AppDeps): Router {
  const router = Router();
  // Admin data and tokens are never cached by the browser or a proxy.
  router.use(ADMIN_PATHS, (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  if (!deps.admin || deps.adminOff !== undefined) {
    const message = deps.adminOff ?? NO_GITHUB_REPO_MESSAGE;
    router.all(ADMIN_PATHS, (_req, res) => sendError(res, 503, 'NO_GITHUB_REPO', message));
    return router;
  }
  const auth = createAuth(deps.admin, deps.auth);
  const bodyLimit = deps.bodyLimit ?? '1mb';
  // Getters, read at each request: a config read again since (deps.live) applies to the next save.
  const context = {
    dataDir: deps.dataDir,
    repo: deps.repo ?? path.dirname(path.resolve(deps.dataDir)),
    get config() { return deps.live?.().config ?? deps.config ?? defaultConfig(); },
    get sources() { return deps.live ? deps.live().sources : deps.sources ?? null; },
    bodyLimit,
  };
  router.use(sessionRoutes(deps.admin, auth, deps.pullAndRefresh !== undefined));
  router.use(manualRoutes(context, auth));
  router.use(aiOverrideRoutes(context, auth));
  router.use(adminRoutes(deps.admin, auth, bodyLimit));
  router.use(refreshRoutes(deps.pullAndRefresh, auth));
  return router;
}

/**
 * The HTTP app: the built page, the data and status files, and /api. No listen, so tests
 * drive it on port 0.
 */
export function createApp(deps: AppDeps): Express {
  const paths = dataDirPaths(deps.dataDir);
  const webRoot = deps.webRoot ?? WEB_ROOT;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  app.use(hostGuard({ host: deps.host ?? '127.0.0.1', allowedHosts: deps.allowedHosts ?? [] }));
  app.use(securityHeaders());
  app.use('/api', apiOriginGuard());

  app.get('/api/health', (_req, res) => {
    const body: Health = { ok: true, version: deps.version, dataFile: existsSync(paths.data) };
    res.json(body);
  });
  app.use('/api', adminApi(deps));
  app.use('/api', (_req, res) => sendError(res, 404, 'NOT_FOUND', 'No such API endpoint.'));

  app.get('/leaderboard-data.json', dataFileHandler(paths.data));
  app.get('/leaderboard-index.json', boardIndexGuard(paths.index, paths.data), dataFileHandler(paths.index));
  app.get('/leaderboard-chunks/:name', chunkFileHandler(paths.chunks));
  app.get('/last-update.json', dataFileHandler(paths.status, { missingIsEmpty: true }));
  app.use('/leaderboard-repos', repoBoardRoutes(paths.repoBoards));

  app.use(staticPathGuard);
  app.use(express.static(webRoot, { index: 'index.html', maxAge: 0, dotfiles: 'ignore' }));
  app.use((_req, res) => sendError(res, 404, 'NOT_FOUND', 'Not found.'));
  app.use(errorHandler);
  return app;
}
