import { z } from 'zod';
import { primaryAdminsSchema } from './admin-api.js';

/**
 * A published site administered through GitHub: `leaderboard build` writes this next to the page
 * as `leaderboard-admin.json` (and marks the page with the `leaderboard-admin` meta), and the admin
 * panel, once opened, reads it to talk to the GitHub REST API directly from the browser.
 */

/** Name of the file a published site keeps it in. */
export const SITE_ADMIN_FILE = 'leaderboard-admin.json';

export { SITE_ADMIN_META } from './page-csp.js';

/** Branch the published page's changes to the board's own files are committed on. */
export const CONTRIBUTIONS_BRANCH = 'leaderboard-contributions';

/** How the published page saves changes to the board's own files. */
export const adminChangesSchema = z.enum(['pull-request', 'commit']);
export type AdminChanges = z.infer<typeof adminChangesSchema>;

export const siteAdminConfigSchema = z.object({
  /** `owner/name` of the repository the board is built from. */
  repository: z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'must look like owner/name'),
  /** REST API base URL without a final slash, e.g. https://api.github.com or https://HOST/api/v3. */
  apiUrl: z.url(),
  /** The primary admins of the config: always admins, never removable. */
  primary: primaryAdminsSchema,
  /** The workflow file Pull & Refresh dispatches, e.g. `leaderboard.yml`. */
  workflow: z.string().min(1),
  /** Paths in the repository, from its root, of the files the panel edits. */
  files: z.object({
    manual: z.string().min(1),
    overrides: z.string().min(1),
    adminList: z.string().min(1),
  }),
  /**
   * `pull-request` (default): changes are commits on `leaderboard-contributions`, proposed by one
   * pull request; `commit`: committed to the default branch directly (falling back to the pull
   * request when the branch is protected).
   */
  adminChanges: adminChangesSchema.default('pull-request'),
  /**
   * The board's other repositories on the same GitHub (`owner/name`), on a board of several: an AI
   * override's commit is looked up in them when `repository` has none. Absent: `repository` alone.
   */
  boardRepositories: z.array(z.string().regex(/^[\w.-]+\/[\w.-]+$/)).optional(),
});
export type SiteAdminConfig = z.infer<typeof siteAdminConfigSchema>;
