import { setTimeout } from 'node:timers/promises';
import { LeaderboardError } from '../../errors.js';
import type { GitHubClient } from '../client.js';
import type { ActivityCache, CacheEvent, StreamState } from './cache.js';
import { limitUsedUp, toSyncError } from './faults.js';
import { toIssueRecord, toReviewRecord, type PullInfo, type RawIssue, type RawReview } from './filter.js';
import { commitAuthorsQuery, EMAILS_PER_QUERY, ISSUES_QUERY, PULLS_AND_ISSUES_QUERY, PULLS_QUERY, REVIEWS_QUERY } from './queries.js';

/** What the progress line shows. */
export interface SyncProgress {
  pulls: number;
  requests: number;
  /** Requests left in GitHub's rate limit, as the last answer said. */
  remaining: number | null;
}

export interface SyncOptions {
  client: GitHubClient;
  apiUrl: string;
  /** `owner/name`. */
  repository: string;
  cache: ActivityCache;
  /** The analysis window's start (ISO): the first sync reads back to here. */
  windowStart: string;
  /** Read issues too (only when issue reports earn points). */
  issues: boolean;
  /**
   * One commit per author email (emails lowercased); emails already answered are not asked again.
   * A promise when git is still being read: the pull requests are read meanwhile.
   */
  commitsByEmail: ReadonlyMap<string, string> | Promise<ReadonlyMap<string, string>>;
  /** The pull requests and issues were read a moment ago (the refresh's fast path): ask about the emails only. */
  emailsOnly?: boolean;
  onProgress?: (p: SyncProgress) => void;
  /** A wait for GitHub's GraphQL rate limit begins (seconds), as the client reports its own waits. */
  onRateLimitWait?: (seconds: number) => void;
  /** The longest wait for the rate limit (default 60 s); a longer one fails the sync, which resumes next time. */
  maxRateLimitWaitSeconds?: number;
  /** Called once the pull requests and issues are read (and before waiting for the commits): they change no more in this sync. */
  onStreamsRead?: () => void;
  signal?: AbortSignal;
  now?: () => Date;
}

export interface SyncResult extends SyncProgress {
  /** Whether anything new was read (the board must be rebuilt). */
  changed: boolean;
}

interface Page<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: T[];
}
interface RawPull extends PullInfo {
  updatedAt: string;
  reviews: Page<RawReview>;
}
interface Answer {
  rateLimit?: { remaining: number; resetAt: string } | null;
  repository: Record<string, unknown> | null;
}

/**
 * Reads what changed on GitHub since the last sync into `cache`: pull requests with their
 * counting reviews (newest update first, stopping at the first one updated before the high-water
 * mark, or the window's start on a first sync), closed issues when asked, and the account behind
 * each new author email. Every page is in the cache before the next is asked for, so a sync cut
 * off (network, rate limit, abort) resumes where it stopped. A sync with nothing new is one request.
 */
export async function syncActivity(o: SyncOptions): Promise<SyncResult> {
  const [owner, name] = o.repository.split('/') as [string, string];
  const progress: SyncProgress = { pulls: 0, requests: 0, remaining: null };
  let changed = false;
  const ask = async (query: string, vars: Record<string, unknown> = {}): Promise<Record<string, unknown>> => {
    // Octokit derives the endpoint from the API URL: <apiUrl>/graphql, and for GitHub Enterprise
    // Server https://HOST/api/v3 -> https://HOST/api/graphql (tested against the emulator).
    const answer = await rateLimited(() => o.client.graphql<Answer>(query, { owner, name, ...vars, request: { signal: o.signal } }), o);
    progress.requests++;
    if (answer.rateLimit) progress.remaining = answer.rateLimit.remaining;
    o.onProgress?.({ ...progress });
    if (!answer.repository) throw toSyncError({ name: 'GraphqlResponseError', errors: [{ type: 'NOT_FOUND' }] }, o.apiUrl, o.repository);
    return answer.repository;
  };

  // With issues read too, the first pages of both come in one request (unless a stream resumes):
  // a sync with nothing new stays one request.
  let firstPulls: Page<RawPull> | null = null;
  let firstIssues: Page<RawIssue> | null = null;
  const readFirst = async () => {
    const repo = await ask(o.issues ? PULLS_AND_ISSUES_QUERY : PULLS_QUERY, { cursor: null });
    firstPulls = repo['pullRequests'] as Page<RawPull>;
    if (o.issues) firstIssues = repo['issues'] as Page<RawIssue>;
  };
  // A log of another repository or API (or an earlier version's) is emptied, but only once the
  // new one has answered: a typo in github.repo, or an API that cannot be reached, keeps the last
  // good reviews, as the warning then says. Its first pages are read before, from the top.
  if (!o.cache.isFrom(o.repository, o.apiUrl)) {
    if (o.emailsOnly) return { ...progress, changed };
    await readFirst();
    await o.cache.readFrom(o.repository, o.apiUrl);
  } else if (o.issues && !o.emailsOnly && !o.cache.streams.pulls.resume && !o.cache.streams.issues.resume) {
    await readFirst();
  }

  if (!o.emailsOnly) changed = (await readStream(o, 'pulls', async (cursor, boundary) => {
    const prefetched = cursor === null ? firstPulls : null;
    firstPulls = null;
    const page = prefetched ?? ((await ask(PULLS_QUERY, { cursor }))['pullRequests'] as Page<RawPull>);
    const events: CacheEvent[] = [];
    for (const pull of page.nodes) {
      // Past the boundary (not kept), or read before at this very update (the one at the high-water
      // mark is on every sync's first page): nothing to record, and no more pages of its reviews.
      if (pull.updatedAt < boundary || o.cache.pullUpdatedAt(pull.number) === pull.updatedAt) continue;
      const raws = [...pull.reviews.nodes];
      let more = pull.reviews.pageInfo;
      while (more.hasNextPage) {
        const repo = await ask(REVIEWS_QUERY, { number: pull.number, cursor: more.endCursor });
        const next = (repo['pullRequest'] as { reviews: Page<RawReview> }).reviews;
        raws.push(...next.nodes);
        more = next.pageInfo;
      }
      const reviews = raws.flatMap((r) => toReviewRecord(pull, r) ?? []);
      for (const r of raws) if (r.author?.name !== undefined) events.push({ t: 'profile', login: r.author.login, name: r.author.name });
      // Its author, so that a review from another account of the same person does not count (see assemble).
      events.push({ t: 'pull', number: pull.number, updatedAt: pull.updatedAt, author: pull.author?.login ?? null, reviews });
    }
    progress.pulls += page.nodes.length;
    // The line said the requests as each answer came, and now the pull requests that answer held.
    o.onProgress?.({ ...progress });
    return { page, events };
  })) || changed;

  if (o.issues && !o.emailsOnly) {
    changed = (await readStream(o, 'issues', async (cursor) => {
      const prefetched = cursor === null ? firstIssues : null;
      firstIssues = null;
      const page = prefetched ?? ((await ask(ISSUES_QUERY, { cursor }))['issues'] as Page<RawIssue>);
      const events: CacheEvent[] = [];
      for (const i of page.nodes) {
        const issue = toIssueRecord(i);
        events.push({ t: 'issue', number: i.number, issue });
        // Its author's profile name, as a reviewer's: an author linked to no committer is named by it.
        if (issue && i.author?.name !== undefined) events.push({ t: 'profile', login: issue.login, name: i.author.name });
      }
      return { page, events };
    })) || changed;
  }

  o.onStreamsRead?.();
  const unknown = [...(await o.commitsByEmail)].filter(([email]) => !o.cache.emailLogins.has(email));
  for (let i = 0; i < unknown.length; i += EMAILS_PER_QUERY) {
    const batch = unknown.slice(i, i + EMAILS_PER_QUERY);
    const repo = await ask(commitAuthorsQuery(batch.map(([, sha]) => sha)));
    const events: CacheEvent[] = [];
    batch.forEach(([email], k) => {
      const commit = repo[`c${k}`] as { author?: { user?: { login: string; name: string | null } | null } } | null | undefined;
      // GitHub does not have the commit (not pushed yet): asked again next time, not kept as "no account".
      if (!commit) return;
      const user = commit.author?.user;
      events.push({ t: 'email', email, login: user?.login ?? null });
      if (user) events.push({ t: 'profile', login: user.login, name: user.name ?? null });
    });
    await o.cache.record(events);
    if (events.length > 0) changed = true;
  }

  const syncedAt = (o.now?.() ?? new Date()).toISOString();
  await o.cache.record([{ t: 'synced', at: syncedAt, head: o.cache.linesDigest() }]);
  // A sync with nothing new appends its time: `serve` refreshing every 15 minutes would grow the
  // log for good without the rewrite now and then.
  if (changed || o.cache.appended > COMPACT_AFTER_LINES) await o.cache.compact();
  return { ...progress, changed };
}

/** Lines appended since the log was last written whole, after which a sync rewrites it. */
const COMPACT_AFTER_LINES = 500;

type PageReader = (cursor: string | null, boundary: string) => Promise<{ page: Page<{ number: number; updatedAt: string }>; events: CacheEvent[] }>;

/** Pages one stream from its resume point (or the top) down to its boundary; true when anything new was read. */
async function readStream(o: SyncOptions, stream: 'pulls' | 'issues', read: PageReader): Promise<boolean> {
  const state: StreamState = o.cache.streams[stream];
  const resume = state.resume;
  // A first sync, or a window reaching further back than what was read: everything down to its start.
  const fullRead = state.highWater === null || state.from == null || o.windowStart < state.from;
  const boundary = resume?.boundary ?? (fullRead ? o.windowStart : (state.highWater as string));
  let newest = resume?.newest ?? null;
  let cursor = resume?.cursor ?? null;
  let changed = false;
  for (;;) {
    const { page, events } = await read(cursor, boundary);
    const nodes = page.nodes;
    // An item updated before the boundary was read by an earlier sync (or is out of the window): stop there.
    const cut = nodes.findIndex((n) => n.updatedAt < boundary);
    const kept = cut < 0 ? nodes : nodes.slice(0, cut);
    if (kept.some((n) => fullRead || state.highWater === null || n.updatedAt > state.highWater)) changed = true;
    newest ??= nodes[0]?.updatedAt ?? state.highWater;
    const keptNumbers = new Set(kept.map((n) => n.number));
    const pageEvents = events.filter((e) => (e.t !== 'pull' && e.t !== 'issue') || keptNumbers.has(e.number));
    const done = cut >= 0 || !page.pageInfo.hasNextPage || !page.pageInfo.endCursor;
    const next: StreamState = done
      ? { highWater: newest ?? state.highWater, resume: null, from: state.from == null || boundary < state.from ? boundary : state.from }
      : { highWater: state.highWater, resume: { cursor: page.pageInfo.endCursor!, boundary, newest: newest ?? boundary }, from: state.from ?? null };
    await o.cache.record([...pageEvents, { t: 'stream', stream, state: next }]);
    if (done) return changed;
    cursor = page.pageInfo.endCursor;
  }
}

/** What a GraphQL answer with errors carries (Octokit's GraphqlResponseError), or the throttling plugin's error for one. */
interface LimitedAnswer {
  name?: string;
  message?: string;
  errors?: { type?: string }[];
  headers?: Record<string, string | undefined>;
  response?: { headers?: Record<string, string | undefined> };
}

/**
 * `call`, waiting out GitHub's GraphQL rate limit when an answer says it is used up (HTTP 200 with
 * an error of type RATE_LIMITED, or RATE_LIMIT): until `x-ratelimit-reset`, twice at most, each
 * wait bounded. Octokit's throttling does this only at github.com's `/graphql`, not at a GitHub
 * Enterprise server's `/api/graphql`; when it gives up (a longer wait), its error is said the
 * same way, not as a network failure.
 */
async function rateLimited<T>(call: () => Promise<T>, o: Pick<SyncOptions, 'signal' | 'onRateLimitWait' | 'maxRateLimitWaitSeconds' | 'now'>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const e = err as LimitedAnswer;
      const fromPlugin = e?.message === 'GraphQL Rate Limit Exceeded' && e.response !== undefined;
      const limited = fromPlugin || (e?.name === 'GraphqlResponseError' && (e.errors ?? []).some((x) => x.type === 'RATE_LIMITED' || x.type === 'RATE_LIMIT'));
      if (!limited) throw err;
      const reset = Number((e.headers ?? e.response?.headers)?.['x-ratelimit-reset']);
      const now = (o.now?.() ?? new Date()).getTime();
      const wait = Number.isFinite(reset) && reset > 0 ? Math.max(1, Math.ceil(reset - now / 1000) + 1) : 60;
      // The plugin has waited what it would already.
      if (fromPlugin || attempt >= 2 || wait > (o.maxRateLimitWaitSeconds ?? 60)) {
        throw new LeaderboardError('GITHUB_ERROR', limitUsedUp("GitHub's GraphQL rate limit", reset), undefined, { status: 429 });
      }
      o.onRateLimitWait?.(wait);
      await setTimeout(wait * 1000, undefined, o.signal ? { signal: o.signal } : {});
    }
  }
}
