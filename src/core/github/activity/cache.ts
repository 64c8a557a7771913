import { open } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import type { IssueRecord, ReviewRecord } from '../../activity.js';
import { readTextIfExists, writeFileAtomic } from '../../store/files.js';

/**
 * The activity cache of one GitHub repository: an append-only log, one JSON event a line, each
 * append fsynced. A SIGKILL can only cut the last line short; loading drops such a line and
 * rewrites the log atomically before anything is appended again. A finished sync compacts it.
 */

/** A pull request as the board needs it: its counting reviews, already filtered. */
export interface CachedPull {
  number: number;
  updatedAt: string;
  reviews: ReviewRecord[];
}

/** Where a cut-off sync of one stream (pulls, issues) resumes. */
export interface ResumePoint {
  cursor: string;
  /** The sync stops at the first item updated before this instant. */
  boundary: string;
  /** The newest `updatedAt` this sync saw: the next high-water mark. */
  newest: string;
}

export interface StreamState {
  highWater: string | null;
  resume: ResumePoint | null;
  /** How far back the stream has been read ('' = all time): a wider window reads again down to its start. */
  from?: string | null | undefined;
}

const reviewSchema = z.object({ pr: z.number(), title: z.string(), url: z.string(), state: z.enum(['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED']), submittedAt: z.string(), login: z.string() });
const issueSchema = z.object({ number: z.number(), title: z.string(), url: z.string(), createdAt: z.string(), login: z.string() });
const streamSchema = z.object({ highWater: z.string().nullable(), resume: z.object({ cursor: z.string(), boundary: z.string(), newest: z.string() }).nullable(), from: z.string().nullable().optional() });
const eventSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('pull'), number: z.number(), updatedAt: z.string(), reviews: z.array(reviewSchema) }),
  z.object({ t: z.literal('issue'), number: z.number(), issue: issueSchema.nullable() }),
  z.object({ t: z.literal('email'), email: z.string(), login: z.string().nullable() }),
  z.object({ t: z.literal('profile'), login: z.string(), name: z.string().nullable() }),
  z.object({ t: z.literal('stream'), stream: z.enum(['pulls', 'issues']), state: streamSchema }),
  z.object({ t: z.literal('synced'), at: z.string() }),
]);
export type CacheEvent = z.infer<typeof eventSchema>;

const PULL_KEYS = ['t', 'number', 'updatedAt', 'reviews'] as const;
const REVIEW_KEYS = ['pr', 'title', 'url', 'state', 'submittedAt', 'login'] as const;
const REVIEW_STATES: ReadonlySet<unknown> = new Set(reviewSchema.shape.state.options);

/** Whether `o` has exactly these own keys, in this order (as the schema's parse would give them). */
function keysAre(o: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in o) if (k !== keys[i++]) return false;
  return i === keys.length;
}

/**
 * A pull request line the schema would give back unchanged, taken as JSON.parse made it; null
 * for anything else (which the schema then parses). Nearly every line of the log is a pull
 * request, and the schema's parse copies every object: it took ~40 % of loading the reviews
 * bench's 20,000 pull requests, and made as much garbage again.
 */
function pullAsParsed(v: unknown): CacheEvent | null {
  if (typeof v !== 'object' || v === null || !keysAre(v, PULL_KEYS)) return null;
  const e = v as Record<string, unknown>;
  if (e['t'] !== 'pull' || typeof e['number'] !== 'number' || typeof e['updatedAt'] !== 'string' || !Array.isArray(e['reviews'])) return null;
  for (const r of e['reviews'] as unknown[]) {
    if (typeof r !== 'object' || r === null || !keysAre(r, REVIEW_KEYS)) return null;
    const x = r as Record<string, unknown>;
    if (typeof x['pr'] !== 'number' || typeof x['title'] !== 'string' || typeof x['url'] !== 'string' || !REVIEW_STATES.has(x['state'])
      || typeof x['submittedAt'] !== 'string' || typeof x['login'] !== 'string') return null;
  }
  return v as CacheEvent;
}

/** Lines parsed between two turns of the event loop (about 5 ms of work). */
const LINES_PER_TURN = 1_000;

/** Everything read from GitHub for one repository. */
export class ActivityCache {
  readonly pulls = new Map<number, CachedPull>();
  /** Closed-as-completed issues by a person; null marks one read that does not count. */
  readonly issues = new Map<number, IssueRecord | null>();
  readonly emailLogins = new Map<string, string | null>();
  readonly profiles = new Map<string, string | null>();
  readonly streams: Record<'pulls' | 'issues', StreamState> = { pulls: { highWater: null, resume: null }, issues: { highWater: null, resume: null } };
  /** When the last sync finished, null if none did. */
  syncedAt: string | null = null;

  private constructor(readonly file: string) {}

  /** Reads the log (missing file: empty cache); a damaged line is dropped and the log rewritten. */
  static async load(file: string): Promise<ActivityCache> {
    const cache = new ActivityCache(file);
    const text = await readTextIfExists(file);
    if (text === null) return cache;
    let damaged = text.length > 0 && !text.endsWith('\n');
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      // The cache is read while git lists and reads the history: parsing tens of thousands of
      // lines in one go held git's output (and so the start of its readers) for ~150 ms.
      if (i % LINES_PER_TURN === LINES_PER_TURN - 1) await nextTurn();
      const line = lines[i] as string;
      if (!line) continue;
      let event: CacheEvent;
      try {
        const json: unknown = JSON.parse(line);
        event = pullAsParsed(json) ?? eventSchema.parse(json);
      } catch {
        damaged = true;
        continue;
      }
      cache.apply(event);
    }
    if (damaged) await cache.compact();
    return cache;
  }

  /** Applies events in memory and appends them to the log, fsynced, in one write. */
  async record(events: CacheEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const e of events) this.apply(e);
    const handle = await open(this.file, 'a');
    try {
      await handle.write(events.map((e) => `${JSON.stringify(e)}\n`).join(''));
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Rewrites the log as the smallest set of events giving the same state (atomically). */
  async compact(): Promise<void> {
    const lines: string[] = [];
    const push = (e: CacheEvent) => lines.push(`${JSON.stringify(e)}\n`);
    for (const p of this.pulls.values()) push({ t: 'pull', ...p });
    for (const [number, issue] of this.issues) push({ t: 'issue', number, issue });
    for (const [email, login] of this.emailLogins) push({ t: 'email', email, login });
    for (const [login, name] of this.profiles) push({ t: 'profile', login, name });
    push({ t: 'stream', stream: 'pulls', state: this.streams.pulls });
    push({ t: 'stream', stream: 'issues', state: this.streams.issues });
    if (this.syncedAt) push({ t: 'synced', at: this.syncedAt });
    await writeFileAtomic(this.file, lines.join(''));
  }

  private apply(e: CacheEvent): void {
    if (e.t === 'pull') this.pulls.set(e.number, { number: e.number, updatedAt: e.updatedAt, reviews: e.reviews });
    else if (e.t === 'issue') this.issues.set(e.number, e.issue);
    else if (e.t === 'email') this.emailLogins.set(e.email, e.login);
    else if (e.t === 'profile') this.profiles.set(e.login, e.name);
    else if (e.t === 'stream') this.streams[e.stream] = e.state;
    else this.syncedAt = e.at;
  }
}

