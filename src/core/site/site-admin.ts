import path from 'node:path';
import { adminListFileSchema } from '../../shared/admin-api.js';
import { siteAdminConfigSchema, type SiteAdminConfig } from '../../shared/site-admin.js';
import type { LeaderboardConfig } from '../config.js';
import { primaryAdminsOf } from '../github/admin-access.js';
import { nonEmpty, originOnGitHub, resolveApiUrl } from '../github/target.js';
import { ADMIN_LIST_PATH } from '../github/types.js';
import { dataDirPaths } from '../store/data-dir.js';
import { readTextIfExists } from '../store/files.js';
import { githubRepoOf } from '../github/activity/refresh-step.js';
import { WORKFLOW_PATH } from '../workflow/github-actions.js';

export interface SiteAdminInputs {
  /** The board's repository (its root). */
  repo: string;
  dataDir: string;
  config: LeaderboardConfig;
  /** Environment: GITHUB_REPOSITORY (set by GitHub Actions) and GITHUB_API_URL are read. */
  env: Record<string, string | undefined>;
}

/** The site's admin settings, or why it has no Admin button. */
export type SiteAdminResult = { admin: SiteAdminConfig; reason?: undefined } | { admin: null; reason: string };

/**
 * What a published page needs to be administered through GitHub: the repository (`github.repo`,
 * else GITHUB_REPOSITORY, else the `origin` remote when it is on that GitHub), the API (as `serve` resolves it), the primary
 * admins, the workflow Pull & Refresh dispatches, and where the files it edits are in the
 * repository. None when `publish.admin` is off, no repository is known, or the data directory
 * is outside the repository (its files could not be committed there).
 */
export async function siteAdminConfig({ repo, dataDir, config, env }: SiteAdminInputs): Promise<SiteAdminResult> {
  if (!config.publish.admin) return { admin: null, reason: 'publish.admin is false in leaderboard.config.json' };
  const apiUrl = resolveApiUrl({ config, flags: {}, env });
  const configured = config.github.repo ?? nonEmpty(env['GITHUB_REPOSITORY']);
  const origin = configured ? null : await originOnGitHub(repo, apiUrl);
  if (origin?.elsewhere) {
    return { admin: null, reason: `${origin.elsewhere}, so admin through GitHub is off: set github.repo (owner/name) and github.apiUrl (https://HOST/api/v3 for GitHub Enterprise) in leaderboard.config.json to turn it on` };
  }
  const slug = configured ?? origin?.slug;
  if (!slug) return { admin: null, reason: 'no GitHub repository is known: set github.repo in leaderboard.config.json' };
  const paths = dataDirPaths(dataDir);
  const inRepo = (file: string): string | null => {
    const rel = path.relative(path.resolve(repo), file);
    return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep).join('/');
  };
  const manual = inRepo(paths.manual);
  const overrides = inRepo(paths.overrides);
  if (!manual || !overrides) return { admin: null, reason: `the data directory ${dataDir} is outside the repository, so its files cannot be committed there` };
  const others = await otherBoardRepositories(paths.index, apiUrl, slug);
  const parsed = siteAdminConfigSchema.safeParse({
    ...(others.length > 0 ? { boardRepositories: others } : {}),
    repository: slug,
    apiUrl,
    primary: primaryAdminsOf(config),
    workflow: path.posix.basename(WORKFLOW_PATH),
    files: { manual, overrides, adminList: ADMIN_LIST_PATH },
    adminChanges: config.publish.adminChanges,
  });
  if (!parsed.success) return { admin: null, reason: `the GitHub repository "${slug}" does not look like owner/name` };
  // The origin goes into the page's CSP and a <meta> attribute: a plain host and port only.
  if (!/^https?:\/\/[A-Za-z0-9.-]+(?::\d+)?$/.test(new URL(parsed.data.apiUrl).origin)) {
    return { admin: null, reason: `the GitHub API URL ${parsed.data.apiUrl} has a host that cannot go in the page's Content-Security-Policy` };
  }
  return { admin: parsed.data };
}

/**
 * Why nobody could use the published site's Admin button, with how to name an admin, or null when
 * someone can (or the site has none): the config names no primaryAdmins and admin-list.json of
 * the checkout (the default branch, on the runner) lists no admin.
 */
export async function nobodyCanSignIn(repo: string, config: LeaderboardConfig): Promise<string | null> {
  if (!config.publish.admin) return null;
  const primary = primaryAdminsOf(config);
  if (primary.email || primary.login) return null;
  const text = await readTextIfExists(path.join(repo, ADMIN_LIST_PATH)).catch(() => null);
  let listed: string;
  if (text === null) listed = `there is no ${ADMIN_LIST_PATH}`;
  else {
    let admins: string[] | null = null;
    try {
      admins = adminListFileSchema.parse(JSON.parse(text)).admins;
    } catch {
      admins = null;
    }
    if (admins && admins.length > 0) return null;
    listed = admins ? `${ADMIN_LIST_PATH} lists nobody` : `${ADMIN_LIST_PATH} is not a valid admin list`;
  }
  return `Nobody can sign in on the site's Admin button: leaderboard.config.json names no primaryAdmins and ${listed}. `
    + 'Name yourself in leaderboard.config.json, e.g. "primaryAdmins": { "login": "your-github-login" } (or "email"), and commit it; '
    + 'or leave the Admin button out with "publish": { "admin": false } (build --no-admin).';
}

/**
 * The GitHub repositories (`owner/name`) of the board's other repositories on the API's GitHub,
 * from the built board's metadata: the published page looks an AI override's commit up in them.
 */
async function otherBoardRepositories(indexFile: string, apiUrl: string, own: string): Promise<string[]> {
  const text = await readTextIfExists(indexFile).catch(() => null);
  let listed: unknown;
  try {
    listed = text ? (JSON.parse(text) as { metadata?: { repositories?: unknown } }).metadata?.repositories : undefined;
  } catch {
    return [];
  }
  if (!Array.isArray(listed)) return [];
  const slugs = listed.flatMap((r: unknown) => {
    const url = (r as { url?: unknown } | null)?.url;
    const slug = typeof url === 'string' ? githubRepoOf(url, apiUrl) : null;
    return slug && slug.toLowerCase() !== own.toLowerCase() ? [slug] : [];
  });
  return [...new Set(slugs)];
}
