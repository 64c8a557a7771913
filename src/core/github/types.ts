import type { GitHubUser } from '../../shared/admin-api.js';
import { ADMIN_UPDATE_BRANCH } from '../../shared/admin-rules.js';

/** Where admin data lives on GitHub: the repository and the API it is reached through. */
export interface GitHubTarget {
  /** `owner/name`. */
  repo: string;
  /** REST base URL, e.g. https://api.github.com or https://ghe.example.com/api/v3. */
  apiUrl: string;
}

/** Name of the branch admin-list changes are proposed from. */
export const UPDATE_BRANCH = ADMIN_UPDATE_BRANCH;
/** Path of the admin list in the repository. */
export const ADMIN_LIST_PATH = 'admin-list.json';

/**
 * What the server and the CLI need from GitHub, behind one seam so tests of the server can use a
 * fake and everything else the real thing (against a local emulator in tests). Every method
 * takes the caller's token and never keeps, logs or echoes it. Errors are LeaderboardErrors:
 * INVALID_TOKEN ('Invalid GitHub token') when GitHub refuses the token, GITHUB_ERROR with the
 * HTTP status otherwise (a network failure is status 500).
 */
export interface AdminGateway {
  /** The authenticated user: login, and the primary email (else the first; null when none). */
  verifyToken(token: string): Promise<GitHubUser>;
  /** admins of admin-list.json on the default branch; [] when the file is missing. */
  readAdminList(token: string): Promise<string[]>;
  /**
   * Force-resets `leaderboard-updates` to the default branch head, writes admin-list.json
   * ({admins, instructions}) there with a commit naming `actor`, and opens (or reuses) a pull
   * request to the default branch. Resolves to the pull request's html URL, and to the list the
   * open pull request proposed before (`pending`, absent when none was open), which the reset replaced.
   */
  saveAdminList(token: string, admins: string[], actor: GitHubUser): Promise<{ pullRequestUrl: string; pending?: string[] }>;
  /**
   * For a change that leaves the list as on the default branch: nothing is committed and no pull
   * request opened. A pull request still open from `leaderboard-updates` would propose what the
   * change undid, so its branch is reset to the default branch's head and it is closed. Resolves
   * to the default branch's name, the closed pull request's URL (null when none was open) and
   * what it proposed (`pending`).
   */
  withdrawAdminProposal(token: string): Promise<{ defaultBranch: string; closedPullRequestUrl: string | null; pending?: string[] }>;
}
