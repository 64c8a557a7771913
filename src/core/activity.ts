import type { ReviewColumns } from './board/review-columns.js';

/**
 * Activity read from GitHub (code review, issue reports) as the board receives it: plain
 * records per repository, the way scored commits are. The board builder does not know where a
 * record came from; `src/core/github/activity/` reads and caches them.
 */

/** A review state that can count (PENDING and DISMISSED reviews never reach the board). */
export type ReviewState = 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED';

/**
 * One submitted review of a pull request of the repository. Only reviews that can count reach
 * the board: by someone other than the pull request's author, not by a bot login (`...[bot]`),
 * in a counting state, and a COMMENTED review only when it has a body or at least one comment.
 */
export interface ReviewRecord {
  /** Pull request number. */
  pr: number;
  /** Pull request title. */
  title: string;
  /** The pull request's page on GitHub. */
  url: string;
  state: ReviewState;
  /** When it was submitted, ISO 8601 in UTC; it belongs to the periods of this instant. */
  submittedAt: string;
  /** The reviewer's GitHub login, as GitHub spells it. */
  login: string;
  /**
   * The pull request author's login, when known (not for pull requests read before it was kept):
   * a review by another account of the same person (linked by identities) does not count.
   */
  prAuthor?: string;
}

/** An issue opened by a person and later closed as completed (`stateReason: COMPLETED`). */
export interface IssueRecord {
  number: number;
  title: string;
  url: string;
  /** When it was opened, ISO 8601 in UTC; it belongs to the periods of this instant. */
  createdAt: string;
  /** The author's GitHub login. */
  login: string;
}

/** What one repository's GitHub activity brings to the board (stored with its part). */
export interface PartActivity {
  /** The GitHub repository read, `owner/name`. */
  repository: string;
  /** As records (a merge's activity file), or as columns in the board's order (a refresh's, see board/review-columns.ts). */
  reviews: ReviewRecord[] | ReviewColumns;
  issues: IssueRecord[];
  /**
   * GitHub's answer for commit author emails (lowercased): the login of the account that made one
   * of that email's commits, or null when GitHub links the email to no account.
   */
  emailLogins: Record<string, string | null>;
  /** Profile names of the logins above and of reviewers/issue authors: null when the account has none. */
  profiles: Record<string, string | null>;
}

/** Whether the board's activity data is current, and why not. */
export type ActivityStatus =
  /** Not read: no token, `github.activity: false`, or no repository on GitHub. `reason` is a sentence for people. */
  | { state: 'off'; reason: string }
  | { state: 'ok'; syncedAt: string }
  /** The last sync failed; the last good data (synced at `syncedAt`, null if never) is kept. */
  | { state: 'failed'; error: string; syncedAt: string | null };

/** Why nothing is read although a GitHub token was found: no repository of the board is on GitHub. */
export const NO_REPO_REASON = 'Reviews are not counted: no repository of this board is on GitHub (set github.repo or an origin remote on GitHub).';

/**
 * Whether last-update.json and the board's metadata.activity record this status: always, but
 * off only when a token was found and no repository is on GitHub (the user who set a token is told
 * why nothing counts, not to set one). Without a token, or with `github.activity: false`, both
 * stay exactly the commits-only ones.
 */
export function recordsStatus(status: ActivityStatus | undefined): status is ActivityStatus {
  return status !== undefined && (status.state !== 'off' || status.reason === NO_REPO_REASON);
}
