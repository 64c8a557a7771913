import type { SiteAdminConfig } from '../../../../src/shared/site-admin.js';
import type { AdminBackend } from '../backend.js';
import { session } from './access.js';
import { admins, saveAdmins } from './admins.js';
import type { Context } from './context.js';
import { exportManualContributions, manualContributions, saveManualContributions } from './contributions.js';
import { aiOverrides, removeAiOverride, setAiOverride } from './overrides.js';
import { pullAndRefresh } from './refresh.js';
import { createRequester } from './rest.js';

export interface GitHubBackendOptions {
  /** The fetch to use (default: the global one, bound). */
  fetch?: typeof fetch;
  /** How often a workflow run is polled, ms (default 5000). */
  pollMs?: number;
}

/**
 * The admin panel's back end on a published site: GitHub's REST API at `config.apiUrl`, straight
 * from the browser, for the repository `config.repository`. Every change is a commit: the admin
 * list on `leaderboard-updates`, the board's own files on `leaderboard-contributions` (or the
 * default branch with adminChanges 'commit'), each proposed by one pull request.
 */
export function createGitHubBackend(config: SiteAdminConfig, options: GitHubBackendOptions = {}): AdminBackend {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const ctx: Context = {
    config,
    request: createRequester(config.apiUrl, config.repository, fetchImpl),
    pollMs: options.pollMs ?? 5000,
    cache: new Map(),
  };
  return {
    kind: 'github',
    session: (token) => session(ctx, token),
    manualContributions: (token) => manualContributions(ctx, token),
    saveManualContributions: (token, next, read, change) => saveManualContributions(ctx, token, next, read, change),
    exportManualContributions: (token) => exportManualContributions(ctx, token),
    pullAndRefresh: (token, onProgress, signal) => pullAndRefresh(ctx, token, onProgress, signal),
    admins: (token) => admins(ctx, token),
    saveAdmins: (token, change) => saveAdmins(ctx, token, change),
    aiOverrides: (token) => aiOverrides(ctx, token),
    setAiOverride: (token, commit, body) => setAiOverride(ctx, token, commit, body),
    removeAiOverride: (token, commit) => removeAiOverride(ctx, token, commit),
  };
}
