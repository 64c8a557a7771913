import { createHash } from 'node:crypto';
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
  /** Its author's login (null: a deleted account); undefined when read by a version that did not keep it. */
  author?: string | null | undefined;
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
export const issueSchema = z.object({ number: z.number(), title: z.string(), url: z.string(), createdAt: z.string(), login: z.string() });
const streamSchema = z.object({ highWater: z.string().nullable(), resume: z.object({ cursor: z.string(), boundary: z.string(), newest: z.string() }).nullable(), from: z.string().nullable().optional() });
const eventSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('pull'), number: z.number(), updatedAt: z.string(), author: z.string().nullable().optional(), reviews: z.array(reviewSchema) }),
  z.object({ t: z.literal('issue'), number: z.number(), issue: issueSchema.nullable() }),
  z.object({ t: z.literal('email'), email: z.string(), login: z.string().nullable() }),
  z.object({ t: z.literal('profile'), login: z.string(), name: z.string().nullable() }),
  z.object({ t: z.literal('stream'), stream: z.enum(['pulls', 'issues']), state: streamSchema }),
  // head: the digest of the pull request and issue lines when the sync finished (see `headSource`).
  z.object({ t: z.literal('synced'), at: z.string(), head: z.string().optional() }),
  // What the log was read from: another repository or API starts an empty log.
  z.object({ t: z.literal('source'), repository: z.string(), api: z.string(), reads: z.number().optional() }),
]);
export type CacheEvent = z.infer<typeof eventSchema>;

const PULL_KEYS = ['t', 'number', 'updatedAt', 'author', 'reviews'] as const;
/** A pull request line written before its author was kept. */
const OLD_PULL_KEYS = ['t', 'number', 'updatedAt', 'reviews'] as const;
const REVIEW_KEYS = ['pr', 'title', 'url', 'state', 'submittedAt', 'login'] as const;
const REVIEW_STATES: ReadonlySet<unknown> = new Set(reviewSchema.shape.state.options);

/** Whether `o` has exactly these own keys, in this order (as the schema's parse would give them). */
export function keysAre(o: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in o) if (k !== keys[i++]) return false;
  return i === keys.length;
}

/** Whether `r` is a counting review exactly as the schema would give it back (same keys, in order). */
function isReviewAsParsed(r: unknown): r is ReviewRecord {
  if (typeof r !== 'object' || r === null || !keysAre(r, REVIEW_KEYS)) return false;
  const x = r as Record<string, unknown>;
  return typeof x['pr'] === 'number' && typeof x['title'] === 'string' && typeof x['url'] === 'string' && REVIEW_STATES.has(x['state'])
    && typeof x['submittedAt'] === 'string' && typeof x['login'] === 'string';
}

/**
 * A pull request line the schema would give back unchanged, taken as JSON.parse made it; null
 * for anything else (which the schema then parses). Nearly every line of the log is a pull
 * request, and the schema's parse copies every object: it took ~40 % of loading the reviews
 * bench's 20,000 pull requests, and made as much garbage again.
 */
function pullAsParsed(v: unknown): CacheEvent | null {
  if (typeof v !== 'object' || v === null || !(keysAre(v, PULL_KEYS) || keysAre(v, OLD_PULL_KEYS))) return null;
  const e = v as Record<string, unknown>;
  if (e['t'] !== 'pull' || typeof e['number'] !== 'number' || typeof e['updatedAt'] !== 'string' || !Array.isArray(e['reviews'])) return null;
  if ('author' in e && e['author'] !== null && typeof e['author'] !== 'string') return null;
  return (e['reviews'] as unknown[]).every(isReviewAsParsed) ? (v as CacheEvent) : null;
}

/**
 * Bumped when what the sync keeps of GitHub's answers changes: a log read by an earlier version
 * is read again, whole, once. 2: review apps (Bot accounts without a `[bot]` login) left out, and
 * issues read in every state (one reopened since drops out).
 */
const READS = 2;

/** Bumped when `activityHead` changes what it makes of the same lines, or the head is written another way (old activity files are then made again). */
const HEAD_FORMAT = 5;

/** Lines parsed between two turns of the event loop (about 5 ms of work). */
const LINES_PER_TURN = 1_000;

/** The number of a pull request line as `record` and `compact` write it (anything else is parsed at load). */
const PULL_LINE = /^\{"t":"pull","number":(\d+),/;
/** Its `updatedAt`, which follows. */
const PULL_UPDATED_AT = /^\{"t":"pull","number":\d+,"updatedAt":"([^"\\]*)"/;

/** Everything read from GitHub for one repository. */
export class ActivityCache {
  /**
   * Each pull request's latest line in the log, as written. Parsed only when `pulls` is asked for:
   * a refresh whose activity file was made from these very lines reads that file instead (see
   * `headSource`), and parsing 20,000 lines was most of loading the reviews bench's cache.
   */
  private readonly pullLines = new Map<number, string>();
  /** See `releasePullLines`. */
  private released = false;
  private parsedPulls: Map<number, CachedPull> | null = null;
  /** Each issue's latest line, as written: with the pull request lines, what the activity head is made of. */
  private readonly issueLines = new Map<number, string>();
  /** See `linesDigest`; null: to be worked out. */
  private digest: string | null = null;
  /** Closed-as-completed issues by a person; null marks one read that does not count. */
  readonly issues = new Map<number, IssueRecord | null>();
  readonly emailLogins = new Map<string, string | null>();
  readonly profiles = new Map<string, string | null>();
  readonly streams: Record<'pulls' | 'issues', StreamState> = { pulls: { highWater: null, resume: null }, issues: { highWater: null, resume: null } };
  /** When the last sync finished, null if none did. */
  syncedAt: string | null = null;
  /** Lines the log holds beyond the state's own (appended since it was last rewritten whole). */
  appended = 0;
  /** The repository and API URL it was read from; null in a log written before it was kept. */
  source: { repository: string; api: string; reads?: number } | null = null;

  private constructor(readonly file: string) {}

  /** Reads the log (missing file: empty cache); a damaged line is dropped and the log rewritten. */
  static async load(file: string): Promise<ActivityCache> {
    const cache = new ActivityCache(file);
    const text = await readTextIfExists(file);
    if (text === null) return cache;
    let damaged = text.length > 0 && !text.endsWith('\n');
    const lines = text.split('\n');
    // A SIGKILL can only cut the last line short: it is parsed now, to be dropped if it was.
    const last = damaged ? lines.length - 1 : lines.length;
    let count = 0;
    for (let i = 0; i < lines.length; i++) {
      // The cache is read while git lists and reads the history: parsing tens of thousands of
      // lines in one go held git's output (and so the start of its readers) for ~150 ms.
      if (i % LINES_PER_TURN === LINES_PER_TURN - 1) await nextTurn();
      const line = lines[i] as string;
      if (!line) continue;
      count++;
      const number = i < last ? PULL_LINE.exec(line)?.[1] : undefined;
      if (number !== undefined) {
        cache.setLine(cache.pullLines, Number(number), line);
        continue;
      }
      let event: CacheEvent;
      try {
        const json: unknown = JSON.parse(line);
        event = pullAsParsed(json) ?? eventSchema.parse(json);
      } catch {
        damaged = true;
        continue;
      }
      cache.apply(event, line);
    }
    // Lines the state no longer needs (superseded, or a sync's time): see `appended`.
    const kept = cache.pullLines.size + cache.issueLines.size + cache.emailLogins.size + cache.profiles.size + 4;
    cache.appended = Math.max(0, count - kept);
    if (damaged) await cache.compact();
    return cache;
  }

  /** Pull requests by number, with their counting reviews (a pull request line that does not parse is dropped). */
  get pulls(): ReadonlyMap<number, CachedPull> {
    if (this.parsedPulls) return this.parsedPulls;
    if (this.released) throw new Error('The activity cache let go of its pull requests: load it again to read them.');
    const pulls = new Map<number, CachedPull>();
    for (const [number, line] of this.pullLines) {
      let event: CacheEvent | null = null;
      try {
        const json: unknown = JSON.parse(line);
        event = pullAsParsed(json) ?? eventSchema.parse(json);
      } catch {
        // Left for the log's next rewrite to drop.
      }
      if (event?.t === 'pull' && event.number === number) pulls.set(number, { number, updatedAt: event.updatedAt, author: event.author, reviews: event.reviews });
      else this.pullLines.delete(number);
    }
    return (this.parsedPulls = pulls);
  }

  /**
   * What the activity head of `repository` from `from` (ISO, '' = all time) is made of, as a
   * digest: the same digest, the same head. A refresh stores it in the activity file, so the next
   * one, when a sync read nothing that changes it, reads the file rather than making it again.
   */
  headSource(repository: string, from: string): string {
    return createHash('sha1').update(`${HEAD_FORMAT}\n${repository}\n${from}\n${this.linesDigest()}`).digest('hex');
  }

  /**
   * The digest of the pull request and issue lines. Each finished sync stores it in the log, so it
   * is hashed again (~50 ms for 20,000 pull requests) only after a line changed.
   */
  linesDigest(): string {
    if (this.digest !== null) return this.digest;
    if (this.released) throw new Error('The activity cache let go of its pull requests: load it again to hash them.');
    const hash = createHash('sha1');
    for (const line of this.pullLines.values()) hash.update(line).update('\n');
    hash.update('\n');
    for (const line of this.issueLines.values()) hash.update(line).update('\n');
    return (this.digest = hash.digest('hex'));
  }

  /**
   * Lets go of the pull request lines (~11 MB for 20,000 pull requests) once the activity head is
   * taken from the stored file: the board is built without them. Recording a pull request or
   * compacting reads them from the log again.
   */
  releasePullLines(): void {
    if (this.parsedPulls) return;
    this.linesDigest();
    this.pullLines.clear();
    this.released = true;
  }

  private async restorePullLines(): Promise<void> {
    if (!this.released) return;
    const fresh = await ActivityCache.load(this.file);
    for (const [number, line] of fresh.pullLines) this.pullLines.set(number, line);
    this.released = false;
  }

  /** Keeps a pull request's or issue's latest line; a different line makes the digest unknown. */
  private setLine(lines: Map<number, string>, number: number, line: string): void {
    if (lines.get(number) === line) return;
    lines.set(number, line);
    this.digest = null;
  }

  /**
   * The `updatedAt` of a pull request as last read, from its line (not parsed whole); undefined
   * when it was never read or the lines were let go of.
   */
  pullUpdatedAt(number: number): string | undefined {
    const line = this.pullLines.get(number);
    return line === undefined ? undefined : PULL_UPDATED_AT.exec(line)?.[1];
  }

  /** Whether applying `e` would change nothing (the log would only grow). */
  private changesNothing(e: CacheEvent, line: string): boolean {
    switch (e.t) {
      case 'pull': return this.pullLines.get(e.number) === line;
      case 'issue': return this.issueLines.get(e.number) === line;
      case 'email': return this.emailLogins.has(e.email) && this.emailLogins.get(e.email) === e.login;
      case 'profile': return this.profiles.has(e.login) && this.profiles.get(e.login) === e.name;
      case 'stream': return JSON.stringify(this.streams[e.stream]) === JSON.stringify(e.state);
      case 'source': return this.source?.repository === e.repository && this.source.api === e.api && this.source.reads === e.reads;
      default: return false;
    }
  }

  /** Applies events in memory and appends those that change something to the log, fsynced, in one write. */
  async record(all: CacheEvent[]): Promise<void> {
    if (all.length === 0) return;
    // A new line makes the digest unknown, and hashing it again needs the pull request lines.
    if (all.some((e) => e.t === 'pull' || e.t === 'issue')) await this.restorePullLines();
    const lines: string[] = [];
    for (const e of all) {
      const line = JSON.stringify(e);
      if (this.changesNothing(e, line)) continue;
      this.apply(e, line);
      lines.push(line);
    }
    if (lines.length === 0) return;
    const handle = await open(this.file, 'a');
    try {
      // writeFile writes it all, however many writes that takes (one write may be short).
      await handle.writeFile(`${lines.join('\n')}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    this.appended += lines.length;
  }

  /** Whether it is the log of `repository` at `api`, read by this version's rules (see READS). */
  isFrom(repository: string, api: string): boolean {
    return this.source?.repository === repository && this.source.api === api && this.source.reads === READS;
  }

  /**
   * Makes it the log of `repository` at `api`: a log read from another repository or API (a fork
   * before upstream, another GitHub Enterprise host), or by a version that kept other reviews
   * (see READS), is emptied, whose high-water mark would otherwise stop the new first sync at once.
   */
  async readFrom(repository: string, api: string): Promise<void> {
    if (this.isFrom(repository, api)) return;
    if (this.source || this.pullLines.size > 0 || this.issueLines.size > 0) {
      this.pullLines.clear();
      this.parsedPulls = null;
      this.released = false;
      this.issueLines.clear();
      this.issues.clear();
      this.emailLogins.clear();
      this.profiles.clear();
      this.streams.pulls = { highWater: null, resume: null };
      this.streams.issues = { highWater: null, resume: null };
      this.syncedAt = null;
      this.digest = null;
      this.source = { repository, api, reads: READS };
      await this.compact();
      return;
    }
    await this.record([{ t: 'source', repository, api, reads: READS }]);
  }

  /** Rewrites the log as the smallest set of events giving the same state (atomically). */
  async compact(): Promise<void> {
    await this.restorePullLines();
    const lines: string[] = [];
    const push = (e: CacheEvent) => lines.push(`${JSON.stringify(e)}\n`);
    if (this.source) push({ t: 'source', ...this.source });
    for (const line of this.pullLines.values()) lines.push(`${line}\n`);
    for (const line of this.issueLines.values()) lines.push(`${line}\n`);
    for (const [email, login] of this.emailLogins) push({ t: 'email', email, login });
    for (const [login, name] of this.profiles) push({ t: 'profile', login, name });
    push({ t: 'stream', stream: 'pulls', state: this.streams.pulls });
    push({ t: 'stream', stream: 'issues', state: this.streams.issues });
    if (this.syncedAt) push({ t: 'synced', at: this.syncedAt, head: this.linesDigest() });
    await writeFileAtomic(this.file, lines.join(''));
    this.appended = 0;
  }

  /** `line`: the event as the log holds it. */
  private apply(e: CacheEvent, line: string): void {
    if (e.t === 'pull') {
      this.setLine(this.pullLines, e.number, line);
      this.parsedPulls?.set(e.number, { number: e.number, updatedAt: e.updatedAt, author: e.author, reviews: e.reviews });
    } else if (e.t === 'issue') {
      this.setLine(this.issueLines, e.number, line);
      this.issues.set(e.number, e.issue);
    } else if (e.t === 'email') {
      this.emailLogins.set(e.email, e.login);
    } else if (e.t === 'profile') {
      this.profiles.set(e.login, e.name);
    } else if (e.t === 'stream') {
      this.streams[e.stream] = e.state;
    } else if (e.t === 'source') {
      this.source = { repository: e.repository, api: e.api, ...(e.reads !== undefined ? { reads: e.reads } : {}) };
    } else {
      this.syncedAt = e.at;
      if (e.head !== undefined) this.digest = e.head;
    }
  }
}

