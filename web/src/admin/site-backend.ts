import { SITE_ADMIN_FILE, siteAdminConfigSchema } from '../../../src/shared/site-admin.js';
import type { AdminBackend } from './backend.js';

/**
 * A published site's back end: its admin settings (written by `leaderboard build` next to the
 * page) and the GitHub client, both loaded only when the admin modal opens.
 */
export async function loadSiteBackend(): Promise<AdminBackend> {
  let res: Response;
  try {
    res = await fetch(`./${SITE_ADMIN_FILE}`, { cache: 'no-store' });
  } catch {
    throw new Error(`The site's admin settings (${SITE_ADMIN_FILE}) could not be loaded (network error). Reload the page and try again.`);
  }
  if (!res.ok) {
    throw new Error(`The site's admin settings (${SITE_ADMIN_FILE}) are missing (HTTP ${res.status}). Build the site again with \`leaderboard build\`.`);
  }
  const parsed = siteAdminConfigSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) {
    throw new Error(`The site's admin settings (${SITE_ADMIN_FILE}) are not valid. Build the site again with \`leaderboard build\`.`);
  }
  const { createGitHubBackend } = await import('./github/index.js');
  return createGitHubBackend(parsed.data);
}
