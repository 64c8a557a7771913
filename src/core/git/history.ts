import { availableParallelism } from 'node:os';
import { LeaderboardError } from '../errors.js';
import type { FileChange, RawCommit } from '../types.js';
import { headCommit } from './repo.js';
import { runGit } from './run-git.js';

/** A commit as listed, before it is read. */
export interface CommitRef {
  /** Full hash. */
  hash: string;
  /**
   * Author date, seconds since the epoch: a refresh holds every commit's ref while it scores, and
   * an ISO string for each (unused) was ~8 MB of a 200,000-commit refresh's peak.
   */
  seconds: number;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * A converter equal to `new Date(seconds * 1000).toISOString()` for whole seconds, about 10x
 * faster: it formats each day and each time of day once (listing 20,000 commits spent most of its
 * JS time in Date). A date is the day's string joined to the time's, both shared: V8 keeps that as
 * one 32-byte pair, where the template it replaces left about 200 bytes of string pieces per
 * commit (40 MB of a 200,000-commit listing, held through the whole refresh).
 */
function isoConverter(): (seconds: number) => string {
  const dayPrefixes = new Map<number, string>();
  const times: (string | undefined)[] = [];
  return (seconds) => {
    const day = Math.floor(seconds / 86400);
    let prefix = dayPrefixes.get(day);
    if (prefix === undefined) {
      const iso = new Date(day * 86_400_000).toISOString();
      prefix = iso.slice(0, iso.indexOf('T') + 1);
      dayPrefixes.set(day, prefix);
    }
    const rest = seconds - day * 86400;
    let time = times[rest];
    if (time === undefined) {
      time = `${pad2(Math.floor(rest / 3600))}:${pad2(Math.floor((rest % 3600) / 60))}:${pad2(rest % 60)}.000Z`;
      // Flat: the template's pieces would otherwise stay reachable from every date that uses it.
      time = Buffer.from(time, 'latin1').toString('latin1');
      times[rest] = time;
    }
    return prefix + time;
  };
}

/** Author dates of the newest and oldest non-merge commits of the whole history (ISO 8601 UTC). */
export interface HistorySpan {
  newest: string;
  oldest: string;
}

/** What {@link listHistory} finds. */
export interface ListedHistory {
  /** The commits in the window, newest author date first. */
  commits: CommitRef[];
  /** The whole history's span, whatever the window; null when there are no commits. */
  span: HistorySpan | null;
  /** Commits left out for an author date git cannot give (see {@link listHistory}); absent when none. */
  undated?: number;
  /** Commits left out for an author date after `until` (see {@link listHistory}); absent when none. */
  future?: number;
}

/** 9999-12-31T23:59:59Z: the last second a period label (four-digit years) can name. */
const LAST_SECOND = 253_402_300_799;

/**
 * The non-merge commits reachable from HEAD, newest author date first (ties keep git's
 * traversal order, which is deterministic for a given history), only those authored at or
 * after `since` and not after `until` when given. A repository with no commits gives [].
 * One `git rev-list` process; `--since` is not used because it filters (and stops the walk)
 * by committer date.
 */
export async function listCommits(repo: string, opts: { since?: Date }): Promise<CommitRef[]> {
  return (await listHistory(repo, opts)).commits;
}

/**
 * {@link listCommits} plus the span of the whole history, read from the same walk at no extra
 * cost: an empty window can then say how old the newest commit is.
 */
export async function listHistory(repo: string, opts: { since?: Date; until?: Date }): Promise<ListedHistory> {
  let stdout: string;
  try {
    ({ stdout } = await runGit(repo, ['rev-list', '--no-merges', '--format=%at', 'HEAD', '--']));
  } catch (err) {
    if (err instanceof LeaderboardError && err.code === 'GIT_FAILED' && (await headCommit(repo)) === null) return { commits: [], span: null };
    throw err;
  }
  const minSeconds = opts.since ? Math.ceil(opts.since.getTime() / 1000) : -Infinity;
  const maxSeconds = opts.until ? Math.floor(opts.until.getTime() / 1000) : Infinity;
  const found: CommitRef[] = [];
  let newest = -Infinity;
  let oldest = Infinity;
  let undated = 0;
  let future = 0;
  // `commit <hash>`, then `<author seconds>`; a commit whose author date git cannot give (a
  // malformed or negative one, which git fsck calls broken but git log reads) has no date line at
  // all. Read as pairs, every date after it was shifted, and the board was written empty.
  let pos = 0;
  while (pos < stdout.length) {
    const hashEnd = stdout.indexOf('\n', pos);
    if (hashEnd < 0) break;
    const hash = stdout.slice(pos + 7, hashEnd);
    pos = hashEnd + 1;
    let seconds = NaN;
    if (!stdout.startsWith('commit ', pos)) {
      const dateEnd = stdout.indexOf('\n', pos);
      const line = stdout.slice(pos, dateEnd < 0 ? stdout.length : dateEnd);
      pos = dateEnd < 0 ? stdout.length : dateEnd + 1;
      if (/^\d+$/.test(line)) seconds = Number(line);
    }
    // Left out, and counted for the refresh to say so: no period can hold it (nor a four-digit year past 9999).
    if (!(seconds <= LAST_SECOND)) {
      undated++;
      continue;
    }
    // A clock set wrong (2099): counted, its period would be the board's latest and open first.
    if (seconds > maxSeconds) {
      future++;
      continue;
    }
    if (seconds > newest) newest = seconds;
    if (seconds < oldest) oldest = seconds;
    if (seconds >= minSeconds) found.push({ hash, seconds });
  }
  // Array#sort is stable, so equal dates keep git's order.
  found.sort((a, b) => b.seconds - a.seconds);
  const iso = isoConverter();
  return { commits: found, span: Number.isFinite(newest) ? { newest: iso(newest), oldest: iso(oldest) } : null, ...(undated > 0 ? { undated } : {}), ...(future > 0 ? { future } : {}) };
}

// One header per commit: marker + hash, name, email, author seconds, raw message; each ends in NUL.
// Seconds rather than %aI so both functions convert dates the same way (and no Date.parse).
const FORMAT = '--format=%x01%H%x00%aN%x00%aE%x00%at%x00%B%x00';
const LOG_ARGS = [
  'log', '--no-walk=unsorted', '--stdin', '-z', '--numstat', '-M', '--use-mailmap',
  '--no-color', '--no-ext-diff', '--no-textconv', '--encoding=UTF-8', FORMAT,
];
const HEADER_FIELDS = 5;
const FULL_HASH = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
// Below this many commits per process, starting another git costs more than it saves.
const MIN_CHUNK = 200;
/**
 * The fewest commits left in a chunk for an idle reader to start a second git on it, from its
 * other end. Each git process first rebuilds the trees and blobs its commits' diffs start from
 * (~0.27 s of CPU in a 350 MB pack, what reading ~1,100 of its commits costs): only more than
 * that left is worth sharing.
 */
export const MIN_SHARED_TAIL = 1_500;
/**
 * The largest chunk: git keeps every commit it was given parsed until it exits, which took a
 * 50,000-commit chunk's git to 340 MB (285 MB with 8,000), and the oldest 14,300 commits of a
 * 200,000-commit year (mostly files added) to 297 MB with the pinned config (see run-git.ts),
 * where 11,000 took 282 MB.
 */
export const MAX_CHUNK = 12_000;

function protocolError(what: string): LeaderboardError {
  return new LeaderboardError('GIT_FAILED', `Unexpected output from git log: ${what}`);
}

function toCommit(fields: string[], iso: (seconds: number) => string): RawCommit {
  const [marker = '', authorName = '', authorEmail = '', date = '', message = ''] = fields;
  const seconds = Number(date);
  if (date === '' || !Number.isInteger(seconds)) throw protocolError(`bad author date '${date}'`);
  const newline = message.indexOf('\n');
  const subject = newline < 0 ? message : message.slice(0, newline);
  const rest = newline < 0 ? '' : message.slice(newline + 1);
  const body = rest.replace(/^(?:[ \t\r]*\n)+/, '').trimEnd();
  const commit: RawCommit = { hash: marker.slice(1), authorName, authorEmail, authorDate: iso(seconds), subject: subject.trimEnd(), body, files: [] };
  // Lines right under the subject belong to git's title paragraph, which never holds trailers.
  if (body !== '' && !/^[ \t\r]*\n/.test(rest)) commit.titleContinues = true;
  return commit;
}

/**
 * Turns the NUL-separated tokens of `git log -z --numstat` with {@link FORMAT} into commits.
 * Numstat tokens are `<ins>\t<del>\t<path>`, or `<ins>\t<del>\t` followed by the old and new
 * paths as two tokens for a rename; a token starting with the marker opens the next commit.
 */
class LogParser {
  private header: string[] = [];
  private commit: RawCommit | null = null;
  private rename: { insertions: number; deletions: number; binary: boolean; oldPath?: string } | null = null;

  private readonly iso = isoConverter();

  constructor(private readonly emit: (c: RawCommit) => void) {}

  token(token: string): void {
    if (this.commit === null) {
      if (this.header.length === 0 && token.charCodeAt(0) !== 1) throw protocolError('missing commit header');
      this.header.push(token);
      if (this.header.length === HEADER_FIELDS) {
        this.commit = toCommit(this.header, this.iso);
        this.header = [];
      }
    } else if (this.rename !== null) {
      if (this.rename.oldPath === undefined) {
        this.rename.oldPath = token;
      } else {
        const { insertions, deletions, binary, oldPath } = this.rename;
        this.commit.files.push({ path: token, oldPath, insertions, deletions, binary });
        this.rename = null;
      }
    } else if (token.charCodeAt(0) === 1) {
      this.emit(this.commit);
      this.commit = null;
      this.header.push(token);
    } else if (token !== '') {
      this.numstat(this.commit, token.charCodeAt(0) === 10 ? token.slice(1) : token);
    }
  }

  private numstat(commit: RawCommit, token: string): void {
    const tab1 = token.indexOf('\t');
    const tab2 = token.indexOf('\t', tab1 + 1);
    if (tab1 < 0 || tab2 < 0) throw protocolError(`bad numstat entry '${token.slice(0, 80)}'`);
    const ins = token.slice(0, tab1);
    const del = token.slice(tab1 + 1, tab2);
    const binary = ins === '-' && del === '-';
    const change: FileChange = { path: token.slice(tab2 + 1), insertions: binary ? 0 : Number(ins), deletions: binary ? 0 : Number(del), binary };
    if (Number.isNaN(change.insertions) || Number.isNaN(change.deletions)) throw protocolError(`bad numstat counts '${ins}\t${del}'`);
    if (change.path === '') this.rename = change;
    else commit.files.push(change);
  }

  end(): void {
    if (this.header.length > 0 || this.rename !== null) throw protocolError('truncated output');
    if (this.commit) this.emit(this.commit);
    this.commit = null;
  }
}

/** Splits a byte stream on NUL and hands over each token decoded as UTF-8 (split bytes kept whole). */
function nulSplitter(onToken: (token: string) => void): { write: (chunk: Buffer) => void; end: () => void } {
  let carry: Buffer[] = [];
  return {
    write(chunk) {
      let start = 0;
      let nul = chunk.indexOf(0, start);
      while (nul >= 0) {
        if (carry.length > 0) {
          carry.push(chunk.subarray(start, nul));
          onToken(Buffer.concat(carry).toString('utf8'));
          carry = [];
        } else {
          onToken(chunk.toString('utf8', start, nul));
        }
        start = nul + 1;
        nul = chunk.indexOf(0, start);
      }
      if (start < chunk.length) carry.push(chunk.subarray(start));
    },
    end() {
      if (carry.length > 0) onToken(Buffer.concat(carry).toString('utf8'));
      carry = [];
    },
  };
}

/** A reader pauses until the promise settles: see {@link StreamCommitsOptions.gate}. */
export type Gate = () => Promise<void> | undefined;

/**
 * Reads what is left of `chunk` with one git process, from its start or (`fromEnd`) from its end,
 * handing on each commit the other reader of the chunk has not; stops both once nothing is left.
 */
export async function readChunk(
  repo: string, chunk: Chunk, fromEnd: boolean, onCommit: (c: RawCommit) => void, signal: AbortSignal, gate: Gate | undefined, fail?: (error: unknown) => void,
): Promise<void> {
  const given = chunk.hashes.slice(chunk.lo, chunk.hi);
  if (fromEnd) given.reverse();
  const parser = new LogParser((c) => {
    // Met: the other reader has read the rest. Stopped: nothing more is handed on.
    if (chunk.lo >= chunk.hi || signal.aborted) return;
    const at = fromEnd ? chunk.hi - 1 : chunk.lo;
    // --no-walk=unsorted gives the commits in the order they were given.
    if (c.hash !== chunk.hashes[at]) throw protocolError(`commit ${c.hash} where ${chunk.hashes[at] ?? 'none'} was expected (skipped or out of order)`);
    if (fromEnd) chunk.hi--;
    else chunk.lo++;
    onCommit(c);
    if (chunk.lo >= chunk.hi) chunk.done.abort();
  });
  const splitter = nulSplitter((t) => parser.token(t));
  // This reader's own failure (its parse, its consumer, its gate): never taken for the stop below,
  // even when the other reader meets it before its git is gone. Reported to the pool at once, so
  // the other readers stop now rather than once this git has exited.
  let failure: { error: unknown } | undefined;
  const mine = (error: unknown): unknown => {
    if (!failure) {
      failure = { error };
      fail?.(error);
    }
    return error;
  };
  try {
    await runGit(repo, LOG_ARGS, {
      input: `${given.join('\n')}\n`,
      signal: AbortSignal.any([signal, chunk.done.signal]),
      onStdout: (piece) => {
        try {
          splitter.write(piece);
        } catch (err) {
          throw mine(err);
        }
        return gate?.()?.catch((err: unknown) => {
          throw mine(err);
        });
      },
    });
  } catch (err) {
    if (failure) throw failure.error;
    // Stopped because the two readers met: what git had still to give, the other one gave.
    if (chunk.done.signal.aborted && !signal.aborted && isAbort(err)) return;
    throw err;
  }
  splitter.end();
  parser.end();
  if (chunk.lo < chunk.hi) throw new LeaderboardError('GIT_FAILED', `git log did not return commit ${chunk.hashes[fromEnd ? chunk.hi - 1 : chunk.lo] ?? ''}`);
}

/** Whether runGit failed because its signal aborted git (see spawnError's cause). */
const isAbort = (err: unknown): boolean => err instanceof Error && err.cause instanceof Error && err.cause.name === 'AbortError';

/**
 * The chunks `count` commits are read in by `workers` readers: as few as {@link MAX_CHUNK}
 * allows, a multiple of the readers, of even sizes (largest first). Each chunk is one git
 * process, and each process's start costs as much as reading ~1,100 commits: shrinking chunks
 * that evened out the readers' finish took 12 processes for 60,000 commits, where 6 do (a
 * 12,000-commit chunk read as one process took 2.9 s against 3.7 s as four). The readers' finish
 * is evened out instead by sharing the last chunks (see streamCommits).
 */
export function chunkSizes(count: number, workers: number, maxChunk = MAX_CHUNK): number[] {
  if (count <= 0) return [];
  const per = Math.max(1, Math.floor(workers));
  const chunks = Math.ceil(Math.ceil(count / maxChunk) / per) * per;
  const n = Math.min(count, chunks);
  const base = Math.floor(count / n);
  return Array.from({ length: n }, (_, i) => (i < count % n ? base + 1 : base));
}

/** Options of {@link streamCommits}. */
export interface StreamCommitsOptions {
  /** Parallel git processes. Default: CPUs, at most 4, and one process for fewer than 400 commits. */
  concurrency?: number;
  /** Sees each commit once as it is parsed, in no particular order; it is not kept. */
  onCommit: (c: RawCommit) => void;
  /**
   * Asked after each piece of git's output is parsed: a promise pauses that reader (git waits on
   * its full pipe) until it settles; a rejection stops the read with that error.
   */
  gate?: Gate;
}

function checkedHashes(hashes: readonly string[]): string[] {
  const wanted = hashes.map((h) => h.toLowerCase());
  const bad = wanted.find((h) => !FULL_HASH.test(h));
  if (bad !== undefined) throw new LeaderboardError('INVALID_INPUT', `Not a full commit hash: '${bad}'`);
  return wanted;
}

/**
 * One chunk of the hashes, read by one git process from its start and, once no chunk is left to
 * hand out, by a second from its end: `[lo, hi)` of `hashes` (all of them, shared by the chunks)
 * is what neither has read yet.
 */
export interface Chunk {
  hashes: readonly string[];
  lo: number;
  hi: number;
  shared: boolean;
  /** Stops both processes when they meet. */
  done: AbortController;
}

/**
 * Reads the full commits for `hashes` (full hashes, duplicates read once) and hands each to
 * `onCommit` as it is parsed, keeping none. The hashes are split into a few disjoint chunks (see
 * {@link chunkSizes}), each read by ONE streaming
 * `git log --no-walk=unsorted --stdin -z --numstat -M` process, with at most `concurrency` at a
 * time. A reader with no chunk left to take starts a second git on the chunk with the most left,
 * reading it from the end, and both stop where they meet: the readers finish together, whatever
 * each commit costs, without the many small chunks that took git's start-ups. Renames are
 * resolved into `path` + `oldPath` (a pure rename counts 0 lines); binary files count 0 lines
 * with `binary: true`. Rejects with GIT_FAILED when git leaves a commit out.
 */
export async function streamCommits(repo: string, hashes: readonly string[], opts: StreamCommitsOptions): Promise<void> {
  const unique = [...new Set(checkedHashes(hashes))];
  if (unique.length === 0) return;
  // An explicit concurrency is honoured as given; the default avoids tiny chunks.
  const explicit = opts.concurrency !== undefined;
  const workers = explicit
    ? Math.max(1, Math.min(Math.floor(opts.concurrency ?? 1), unique.length))
    : Math.max(1, Math.min(availableParallelism(), 4, Math.floor(unique.length / MIN_CHUNK)));
  await readPool(unique, workers, explicit ? 2 : MIN_SHARED_TAIL, (chunk, fromEnd, signal, fail) => readChunk(repo, chunk, fromEnd, opts.onCommit, signal, opts.gate, fail), opts.gate);
}

/**
 * Reads what is left of a chunk, from its start or its end, until done or `signal` aborts (see
 * readChunk); `fail` stops the whole read with that error at once.
 */
export type ChunkReader = (chunk: Chunk, fromEnd: boolean, signal: AbortSignal, fail: (error: unknown) => void) => Promise<void>;

/**
 * The readers of {@link streamCommits}: `workers` of them take the chunks of `hashes` (see
 * {@link chunkSizes}) in turn; one with none left to take shares the chunk with the most left (at
 * least `minShared`) with its reader, from the end. Rejects with the first reader's error once
 * every reader has stopped (none is left running).
 */
export async function readPool(hashes: readonly string[], workers: number, minShared: number, read: ChunkReader, gate?: Gate): Promise<void> {
  const abort = new AbortController();
  const sizes = chunkSizes(hashes.length, workers);
  let offset = 0;
  const open = new Set<Chunk>();
  const take = (): { chunk: Chunk; fromEnd: boolean } | undefined => {
    const size = sizes.shift();
    if (size !== undefined) {
      const chunk: Chunk = { hashes, lo: offset, hi: offset + size, shared: false, done: new AbortController() };
      offset += size;
      open.add(chunk);
      return { chunk, fromEnd: false };
    }
    let most: Chunk | undefined;
    for (const c of open) if (!c.shared && c.hi - c.lo >= minShared && (!most || c.hi - c.lo > most.hi - most.lo)) most = c;
    if (!most) return undefined;
    most.shared = true;
    return { chunk: most, fromEnd: true };
  };
  // The first failure, recorded before the others are stopped: their own abort errors come after.
  let failure: { error: unknown } | undefined;
  const fail = (error: unknown): void => {
    failure ??= { error };
    abort.abort();
  };
  const work = async (): Promise<void> => {
    for (;;) {
      // A small chunk's output can arrive whole, with git gone before the gate closed its pipe:
      // the next git waits for the gate too. Asked only while the read goes on: a promise asked
      // for and not awaited would be a rejection nobody handles.
      while (!abort.signal.aborted) {
        const wait = gate?.();
        if (!wait) break;
        await wait;
      }
      const next = abort.signal.aborted ? undefined : take();
      if (next === undefined) return;
      try {
        await read(next.chunk, next.fromEnd, abort.signal, fail);
      } finally {
        if (next.chunk.lo >= next.chunk.hi) open.delete(next.chunk);
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, () => work().catch(fail)));
  if (failure) throw failure.error;
}

/**
 * Reads the full commits for `hashes` (full hashes; the result is in the same order), as
 * {@link streamCommits} does, keeping them all: for a few commits (a big history is read with
 * streamCommits, a batch at a time). `onCommit` sees each commit once as it is parsed, in no
 * particular order.
 */
export async function readCommits(
  repo: string,
  hashes: string[],
  opts: { concurrency?: number; onCommit?: (c: RawCommit) => void } = {},
): Promise<RawCommit[]> {
  const wanted = checkedHashes(hashes);
  const byHash = new Map<string, RawCommit>();
  await streamCommits(repo, wanted, {
    ...(opts.concurrency !== undefined ? { concurrency: opts.concurrency } : {}),
    onCommit: (c) => {
      byHash.set(c.hash, c);
      opts.onCommit?.(c);
    },
  });
  return wanted.map((h) => {
    const commit = byHash.get(h);
    if (!commit) throw new LeaderboardError('GIT_FAILED', `git log did not return commit ${h}`);
    return commit;
  });
}
