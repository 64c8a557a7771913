import path from 'node:path';
import { NO_REPO_REASON, type ActivityStatus, type PartActivity } from '../../activity.js';
import { combineActivityStatus, syncFailedError } from '../../merge/activity-status.js';
import type { LeaderboardConfig } from '../../config.js';
import { isBot } from '../../bots.js';
import { hostFromUrl, slugFromUrl } from '../../git/repo.js';
import { LeaderboardError } from '../../errors.js';
import { withoutCredentials } from '../../repos/sources.js';
import { withoutSecret } from '../../../shared/github-token.js';
import { noreplyLogin } from '../../identity/identities.js';
import { DEFAULT_GITHUB_API_URL, ghTokenMayGo, gitHostOfApi, onGitHubOf, plainHttpRefusal, resolveApiUrl, tokenMayGo } from '../target.js';
import { ActivityCache } from './cache.js';
import { boardOrderOf } from '../../board/activity-buckets.js';
import { readBytesIfExists, writeFileAtomic } from '../../store/files.js';
import { activityHead, activityHeadText, activityOf, activityTailText, answersOf, ACTIVITY_CACHE_FILE, PART_ACTIVITY_FILE, readPartActivity, storedHead, storedHeadLength, type ActivityHead } from './part-activity.js';
import type { SyncProgress } from './sync.js';
import { findGitHubToken, runGhAuthToken, type GhRunner, type TokenSource } from './token.js';

/** Said on the page and in the data when no activity is read. */
export const NO_TOKEN_REASON = 'Reviews are not counted: no GitHub token was found. Set GITHUB_TOKEN (or GH_TOKEN), or sign in with `gh auth login`, and refresh.';
export const ACTIVITY_OFF_REASON = 'Reviews are not counted: github.activity is false in leaderboard.config.json. Set it to true and give a GitHub token (GITHUB_TOKEN) to count them.';
export { NO_REPO_REASON };

/** What the login look-up needs of a commit. */
type ActivityCommit = { hash: string; email: string; author: string; date: string };

/** One repository of the board, as the activity step sees it. */
export interface ActivityPartInput {
  name: string;
  /** Its folder in the data directory (beside its score cache). */
  dir: string;
  /** Its remote URL (origin or configured), null when none. */
  url: string | null;
  /**
   * Its commits in the window (to ask GitHub which account made them); absent when git was not
   * read. A promise while git is being read: the pull requests are read meanwhile.
   */
  commits?: readonly ActivityCommit[] | Promise<readonly ActivityCommit[]>;
}

export interface ActivityStepOptions {
  config: LeaderboardConfig;
  /** Environment: GITHUB_TOKEN / GH_TOKEN, GITHUB_API_URL. Absent: no token is looked for. */
  env?: Record<string, string | undefined>;
  /** `gh auth token` (tests replace it). */
  gh?: GhRunner;
  dataDir: string;
  parts: ActivityPartInput[];
  /** A board of one repository: `github.repo` names its GitHub repository. */
  single: boolean;
  windowStart: Date | null;
  /** The activity head is parsed once it settles (the refresh's git readers run by then); at once when absent. */
  headAfter?: Promise<void>;
  /** See SyncOptions.emailsOnly. */
  emailsOnly?: boolean;
  /**
   * The fast path's read failed a moment ago (a bad token, a used-up rate limit, GitHub down):
   * nothing is asked again; the board gets what the caches hold, with this status.
   */
  failed?: Extract<ActivityStatus, { state: 'failed' }>;
  /**
   * Only whether anything changed (the refresh's fast path, which builds nothing when nothing
   * did): the activity is not made, and its file is left for the refresh that follows a change.
   */
  probe?: boolean;
  onProgress?: (p: SyncProgress & { repository: string; waitSeconds?: number }) => void;
  signal?: AbortSignal;
  now?: Date;
}

export interface ActivityStep {
  status: ActivityStatus;
  /** Part name -> its activity (null: none). Empty when off. */
  activity: Map<string, PartActivity | null>;
  /** Something new was read: a board otherwise up to date must be rebuilt. */
  changed: boolean;
  requests: number;
  /**
   * Something was read from GitHub before (or by a sync before it failed) and is kept: a failed
   * sync's warning says so only then (a first sync refused at once has nothing to keep).
   */
  kept: boolean;
  /** For the person refreshing, when a token was found but no repository is on GitHub: why, and how to fix it. */
  note?: string;
}

/** `owner/name` of a remote on GitHub (github.com, or the host of the configured API URL), else null. */
export function githubRepoOf(url: string, apiUrl: string): string | null {
  return onGitHubOf(hostFromUrl(url), apiUrl) ? slugFromUrl(url) : null;
}

/**
 * Reads each repository's GitHub activity into its cache and gives the board what it holds.
 * Never fails the refresh: a failed sync keeps the last good data and says why in the status.
 * Off (no request at all) without a token or with `github.activity: false`.
 */
export async function readBoardActivity(o: ActivityStepOptions): Promise<ActivityStep> {
  const off = (reason: string): ActivityStep => ({ status: { state: 'off', reason }, activity: new Map(), changed: false, requests: 0, kept: false });
  if (!o.config.github.activity) return off(ACTIVITY_OFF_REASON);
  // A malformed URL fails every sync (the cached activity still counts), not the refresh.
  let apiUrl = DEFAULT_GITHUB_API_URL;
  let urlError: unknown = null;
  try {
    apiUrl = resolveApiUrl({ config: o.config, flags: {}, env: o.env ?? {} });
  } catch (err) {
    urlError = err;
  }
  // gh's token for the API's host: its github.com token went to a GitHub Enterprise server.
  const found = o.env ? await findGitHubToken(o.env, o.gh ?? runGhAuthToken, gitHostOfApi(apiUrl)) : null;
  if (!found) return off(NO_TOKEN_REASON);
  // Octokit and its plugins are loaded only now: a refresh without a token, and every other
  // command, start without them (as the admin commands load the gateway).
  const [{ createGitHubClient }, { describeSyncFailure }, { syncActivity }] = await Promise.all([import('../client.js'), import('./faults.js'), import('./sync.js')]);
  // Never sent: a header cannot hold it, and the error said so with the whole token in it.
  if (found.problem) urlError = new LeaderboardError('INVALID_INPUT', found.problem);
  else if (found.source === 'gh' && !urlError && !ghTokenMayGo(apiUrl)) urlError = new LeaderboardError('INVALID_CONFIG', plainHttpRefusal(apiUrl));
  // The config file is the repository's, cloned from anyone: its API URL alone must not get the
  // token of the shell that refreshes it. gh's token is the named host's own.
  else if (found.source !== 'gh' && !urlError && !tokenMayGo(apiUrl, { config: o.config, env: o.env ?? {} })) {
    urlError = new LeaderboardError('INVALID_CONFIG', `leaderboard.config.json's github.apiUrl ${apiUrl} would get your ${found.source}. If you trust that server, set GITHUB_API_URL to it yourself (GitHub Actions sets it on GitHub Enterprise), or sign in to it with \`gh auth login --hostname ${gitHostOfApi(apiUrl)}\``);
  }
  const step: ActivityStep = { status: { state: 'ok', syncedAt: (o.now ?? new Date()).toISOString() }, activity: new Map(), changed: false, requests: 0, kept: false };
  // Each repository's failure, all said: on a board of several, each names its repository.
  const failures: Extract<ActivityStatus, { state: 'failed' }>[] = [];
  let read = 0;
  for (const part of o.parts) {
    const repository = o.single && o.config.github.repo ? o.config.github.repo : part.url ? githubRepoOf(part.url, apiUrl) : null;
    if (!repository) continue;
    read++;
    const named = o.single ? null : repository;
    const dir = path.join(o.dataDir, part.dir);
    const file = path.join(dir, PART_ACTIVITY_FILE);
    const cacheFile = path.join(dir, ACTIVITY_CACHE_FILE);
    let cache: ActivityCache;
    try {
      cache = await ActivityCache.load(cacheFile);
    } catch (err) {
      // A cache that cannot be read (a folder in its place, no permission, a full disk when a torn
      // last line is dropped) fails the reviews, not the refresh: the last good ones stay.
      failures.push({ state: 'failed', error: syncFailedError(`${cacheFile} could not be read (${(err as Error).message}). Move it away or delete it; the next refresh then reads GitHub again`, named), syncedAt: null });
      const stored = await readPartActivity(file);
      step.kept ||= stored !== null && stored.reviews.length + stored.issues.length > 0;
      if (!o.probe) step.activity.set(part.name, stored);
      continue;
    }
    let early: Promise<EarlyHead> | null = null;
    if (!o.failed) try {
      if (urlError) throw urlError;
      const onRateLimitWait = (s: number) => {
        o.onProgress?.({ repository, pulls: 0, requests: step.requests, remaining: null, waitSeconds: s });
      };
      const client = createGitHubClient(apiUrl, found.token, { writeSpacingMs: 0, onRateLimitWait });
      const result = await syncActivity({
        client, apiUrl, repository, cache, issues: o.config.github.points.issueCompleted > 0,
        windowStart: o.windowStart?.toISOString() ?? '', commitsByEmail: Promise.resolve(part.commits ?? []).then((commits) => emailsToAsk(commits, o.config)),
        signal: o.signal, emailsOnly: o.emailsOnly, onRateLimitWait,
        // Without waitSeconds: an answer came, so the wait shown (if any) is over.
        onProgress: (p) => o.onProgress?.({ ...p, repository }),
        onStreamsRead: () => {
          if (o.probe) return;
          early = earlyHead(cache, repository, o.windowStart, file, o.headAfter);
          early.catch(() => {});
        },
      });
      step.requests += result.requests;
      step.changed ||= result.changed;
    } catch (err) {
      // The last good data stays: what the cache held before, and what this sync read before failing.
      failures.push({ state: 'failed', error: withoutSecret(syncFailedError(describeSyncFailure(err, apiUrl, repository), named), found.token), syncedAt: cache.syncedAt });
    }
    // A finished sync, or a cut-off one's resume point: the cache holds what was read.
    const { pulls, issues } = cache.streams;
    step.kept ||= cache.syncedAt !== null || pulls.highWater !== null || pulls.resume !== null || issues.highWater !== null || issues.resume !== null;
    // A sync that could not switch the log to this repository (see syncActivity) keeps the last
    // good reviews: the other repository's, named as theirs.
    const held = cache.source && !cache.isFrom(repository, apiUrl) ? cache.source.repository : repository;
    if (o.probe) {
      step.changed ||= !(await storedIsCurrent(file, cache.headSource(held, o.windowStart?.toISOString() ?? ''), activityTailText(answersOf(cache))));
      continue;
    }
    const { head, source, bytes, headLength, storedTail } = await (early ?? earlyHead(cache, held, o.windowStart, file, o.headAfter));
    const activity = activityOf(cache, held, o.windowStart, head);
    const tail = Buffer.from(activityTailText(activity));
    if (!storedTail?.equals(tail)) {
      // Only the answers changed (new authors): the head is the stored file's, read again rather than encoded again.
      const headBytes = bytes ?? (await readBytesIfExists(file))?.subarray(0, headLength);
      await writeFileAtomic(file, Buffer.concat([headBytes?.length === headLength ? headBytes : Buffer.from(activityHeadText(head, source)), tail]));
      step.changed = true;
    }
    step.activity.set(part.name, activity);
  }
  if (read === 0) return { ...off(NO_REPO_REASON), note: noRepoNote(o.parts, apiUrl, found.source) };
  if (o.failed) step.status = o.failed;
  else if (failures.length > 0) step.status = combineActivityStatus(failures) as ActivityStatus;
  return step;
}

/**
 * Why a token found read nothing, naming the remotes seen and the GitHub looked for (with its API
 * URL when not github.com: an origin on github.com is not on a GitHub Enterprise server).
 */
function noRepoNote(parts: readonly ActivityPartInput[], apiUrl: string, source: TokenSource): string {
  const host = gitHostOfApi(apiUrl);
  const github = host === 'github.com' ? host : `${host} (the GitHub of ${apiUrl})`;
  const remote = (p: ActivityPartInput) => (p.url ? withoutCredentials(p.url) : 'no remote');
  const only = parts.length === 1 ? parts[0] : undefined;
  const seen = only ? (only.url ? `origin is ${remote(only)}` : 'the repository has no origin remote') : parts.map((p) => `${p.name}: ${remote(p)}`).join(', ');
  const fix = only ? `Set github.repo in leaderboard.config.json to its owner/name on ${host}, or an origin remote there` : `Give the repositories remotes on ${host}`;
  return `a GitHub token was found (${source === 'gh' ? 'gh auth token' : source}), but no repository of this board is on ${github}: ${seen}. Reviews are not counted. ${fix}, and refresh.`;
}

/**
 * A part's activity head, and how its file compares: the rest of the stored file when its head is
 * this one (the head's megabytes are not held meanwhile), else the head's bytes.
 */
interface EarlyHead {
  /** Its reviews as columns in the board's order (see board/review-columns.ts). */
  head: ActivityHead;
  source: string;
  bytes: Buffer | null;
  headLength: number;
  storedTail: Buffer | null;
}

/**
 * The part's activity head: the stored file's when it was made from the same cache lines and
 * window (nearly every refresh: a sync that read nothing new), else made from the cache; its
 * reviews as columns in the board's order. Done while git is read, so a refresh with reviews
 * waits only for the small rest.
 */
async function earlyHead(cache: ActivityCache, repository: string, windowStart: Date | null, file: string, after?: Promise<void>): Promise<EarlyHead> {
  await after;
  const source = cache.headSource(repository, windowStart?.toISOString() ?? '');
  const stored = await readBytesIfExists(file);
  const kept = stored && storedHead(stored, source);
  if (kept) {
    cache.releasePullLines();
    // Written in the board's order: checked, and sorted only when it is not (a file edited by hand).
    return { head: { ...kept.head, reviews: boardOrderOf(kept.head.reviews) }, source, bytes: null, headLength: kept.length, storedTail: Buffer.from(stored.subarray(kept.length)) };
  }
  const head = activityHead(cache, repository, windowStart);
  const bytes = Buffer.from(activityHeadText(head, source));
  return { head, source, bytes, headLength: bytes.length, storedTail: null };
}

/** Whether the stored activity file is the one this refresh would write: made from `source`, with these answers. */
async function storedIsCurrent(file: string, source: string, tail: string): Promise<boolean> {
  const stored = await readBytesIfExists(file);
  const length = stored ? storedHeadLength(stored, source) : -1;
  return length >= 0 && stored !== null && stored.subarray(length).equals(Buffer.from(tail));
}

/**
 * One commit per author email GitHub could link to an account (noreply addresses name their login;
 * bots are left out): its oldest in the window, the likeliest to be on GitHub already (the newest
 * is often not pushed yet, and GitHub's answer is kept for good).
 */
function emailsToAsk(commits: readonly ActivityCommit[], config: LeaderboardConfig): Map<string, string> {
  const oldest = new Map<string, ActivityCommit>();
  // Each author and email's lowercased email, or null when it is not asked about: worked out once
  // per pair (a history has a few hundred), not for each of its commits.
  const asked = new Map<string, Map<string, string | null>>();
  for (const c of commits) {
    let byEmail = asked.get(c.author);
    if (!byEmail) asked.set(c.author, (byEmail = new Map()));
    let email = byEmail.get(c.email);
    if (email === undefined) {
      const lower = c.email.toLowerCase();
      byEmail.set(c.email, (email = !lower || noreplyLogin(lower) !== null || isBot(c.author, c.email, config.bots) ? null : lower));
    }
    if (email === null) continue;
    const seen = oldest.get(email);
    if ((!seen || c.date < seen.date) && /^[0-9a-f]{40}$/.test(c.hash)) oldest.set(email, c);
  }
  return new Map([...oldest].map(([email, c]) => [email, c.hash]));
}
