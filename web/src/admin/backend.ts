import type {
  AdminsResponse, AiOverridesResponse, MessageResponse, SessionResponse, SetAiOverrideRequest, SetAiOverrideResponse, UpdateAdminsRequest, UpdateAdminsResponse,
} from '../../../src/shared/admin-api.js';
import type { ContributorsMap } from './contributions.js';

/**
 * The admin panel's one seam: the same panel talks to the local server's `/api` (`serve`) or to
 * GitHub directly (a published site). Every method takes the signed-in token and never keeps it;
 * every failure is an AdminApiError (api.ts) whose message is meant for the user, status 401 when
 * the token was refused (the panel then signs out) and 0 when nothing was reached.
 */
export interface AdminBackend {
  readonly kind: 'local' | 'github';
  /** Why admin is not set up where this back end talks to, for whoever runs it; null when it is (absent: always is). */
  adminOffReason?(): Promise<string | null>;
  /** Who the token belongs to and whether they are an admin. */
  session(token: string): Promise<SessionRead>;
  manualContributions(token: string): Promise<ContributionsRead>;
  /**
   * Saves `next`, the panel's edit of `read`. `change` says what changed in a few words (the
   * commit message names it and the admin). A local server refuses a stale save (409); GitHub
   * re-reads, re-applies the change and says so in `notice`.
   */
  saveManualContributions(token: string, next: ContributorsMap, read: ContributionsRead, change: string): Promise<ContributionsSaved>;
  /** The backup: the manual contributions file as it stands, checked, ready to download. */
  exportManualContributions(token: string): Promise<BackupFile>;
  /**
   * Updates the data and rebuilds the board, reporting progress as it goes (GitHub: a workflow
   * run, followed until it ends, for at most 30 minutes, or until `signal` aborts).
   */
  pullAndRefresh(token: string, onProgress: (progress: RefreshProgress) => void, signal?: AbortSignal): Promise<RefreshOutcome>;
  admins(token: string): Promise<AdminsResponse>;
  /** Proposes one admin's change, re-applied to the list on the default branch as it stands then. */
  saveAdmins(token: string, change: UpdateAdminsRequest): Promise<UpdateAdminsResponse>;
  aiOverrides(token: string): Promise<AiOverridesRead>;
  setAiOverride(token: string, commit: string, body: SetAiOverrideRequest): Promise<SetAiOverrideResponse & ChangeNotice>;
  removeAiOverride(token: string, commit: string): Promise<MessageResponse & ChangeNotice>;
}

/** The session, and for a denial, what the back end knows that may explain it (e.g. emails the token could not read). */
export interface SessionRead extends SessionResponse {
  /** Shown under the spec's Access Denied sentence. */
  hint?: string;
}

/** An open pull request that holds changes not yet published. */
export interface PendingPullRequest {
  number: number;
  url: string;
}

/** Where a GitHub save went, and anything the admin should know about it. */
export interface ChangeNotice {
  /** The pull request the change waits in (GitHub, unless committed to the default branch). */
  pullRequest?: PendingPullRequest | null;
  /** E.g. that someone else's change was kept, or that a protected branch forced a pull request. */
  notice?: string;
}

/** The manual contributions with what a save needs to detect (or merge) someone else's change. */
export interface ContributionsRead {
  contributors: ContributorsMap;
  /** The version read: the server's ETag, or the file's blob sha on GitHub (null: no file yet). */
  version: string | null;
  /** GitHub, while a pull request is open: the published (default branch) contributors and the pull request. */
  pending?: { pullRequest: PendingPullRequest; published: ContributorsMap } | null;
}

/** A save that went through: the contributors as saved (re-applied on top of someone else's when they changed meanwhile). */
export interface ContributionsSaved extends ChangeNotice, ContributionsRead {
  /** A sentence for the status banner. */
  message: string;
}

export interface BackupFile {
  blob: Blob;
  fileName: string;
  /** Where it was read from when that is not obvious, e.g. 'the pending pull request #4'. */
  source?: string;
}

/** The AI overrides (newest first) and, on GitHub while a pull request is open, the published ones. */
export interface AiOverridesRead extends AiOverridesResponse {
  pending?: { pullRequest: PendingPullRequest; published: AiOverridesResponse['overrides'] } | null;
}

/** How a refresh is going: a workflow run's status and its page (GitHub), or nothing more to say (local). */
export interface RefreshProgress {
  /** GitHub's run status: queued, in_progress, waiting, completed... */
  status: string;
  /** The run's page. */
  url: string | null;
}

/** How a refresh ended. */
export interface RefreshOutcome {
  success: boolean;
  /** Why it failed, for 'Failed to refresh: {error}'. */
  error?: string;
  /** How to fix that failure, when the back end knows. */
  hint?: string;
  /** The latest commit of the refreshed data, when known. */
  latestCommit?: string | null;
  /** The workflow run's page (GitHub). */
  url?: string | null;
}
