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
}

/**
 * The non-merge commits reachable from HEAD, newest author date first (ties keep git's
 * traversal order, which is deterministic for a given history), only those authored at or
 * after `since` when given. A repository with no commits gives [].
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
export async function listHistory(repo: string, opts: { since?: Date }): Promise<ListedHistory> {
  let stdout: string;
  try {
    ({ stdout } = await runGit(repo, ['rev-list', '--no-merges', '--format=%at', 'HEAD', '--']));
  } catch (err) {
    if (err instanceof LeaderboardError && err.code === 'GIT_FAILED' && (await headCommit(repo)) === null) return { commits: [], span: null };
    throw err;
  }
  const minSeconds = opts.since ? Math.ceil(opts.since.getTime() / 1000) : -Infinity;
  const found: CommitRef[] = [];
  let newest = -Infinity;
  let oldest = Infinity;
  // Lines come in pairs: `commit <hash>` then `<author seconds>`.
  let pos = 0;
  while (pos < stdout.length) {
    const hashEnd = stdout.indexOf('\n', pos);
    const dateEnd = stdout.indexOf('\n', hashEnd + 1);
    if (hashEnd < 0 || dateEnd < 0) break;
    const seconds = Number(stdout.slice(hashEnd + 1, dateEnd));
    if (seconds > newest) newest = seconds;
    if (seconds < oldest) oldest = seconds;
    if (seconds >= minSeconds) found.push({ hash: stdout.slice(pos + 7, hashEnd), seconds });
    pos = dateEnd + 1;
  }
  // Array#sort is stable, so equal dates keep git's order.
  found.sort((a, b) => b.seconds - a.seconds);
  const iso = isoConverter();
  return { commits: found, span: Number.isFinite(newest) ? { newest: iso(newest), oldest: iso(oldest) } : null };
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
 * The smallest chunk of a split read. Each git process first rebuilds the trees and blobs its
 * commits' diffs start from (about 0.2 s in a 350 MB pack, a third of a 1,000-commit chunk), so
 * only the last chunks, which even out the readers' finish, are this small.
 */
export const MIN_TAIL_CHUNK = 1_500;
/**
 * Each chunk is the commits left divided by this times the readers: big chunks first (few git
 * processes: 50 fixed chunks of 4,000 cost 10 of a 200,000-commit refresh's 95 git CPU seconds in
 * start-ups), ever smaller ones at the end, so that the readers finish together whatever each
 * commit costs (the newest commits of a big history cost twice the oldest: bigger trees).
 */
const GUIDE = 2;
/**
 * The largest chunk: git keeps every commit it was given parsed until it exits, which took a
 * 50,000-commit chunk's git to 340 MB (285 MB with 8,000).
 */
export const MAX_CHUNK = 16_000;

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
type Gate = () => Promise<void> | undefined;

async function readChunk(repo: string, hashes: readonly string[], onCommit: (c: RawCommit) => void, signal: AbortSignal, gate: Gate | undefined): Promise<void> {
  const expected = new Set(hashes);
  const parser = new LogParser((c) => {
    expected.delete(c.hash);
    onCommit(c);
  });
  const splitter = nulSplitter((t) => parser.token(t));
  await runGit(repo, LOG_ARGS, {
    input: `${hashes.join('\n')}\n`,
    signal,
    onStdout: (chunk) => {
      splitter.write(chunk);
      return gate?.();
    },
  });
  splitter.end();
  parser.end();
  const [missing] = expected;
  if (missing !== undefined) throw new LeaderboardError('GIT_FAILED', `git log did not return commit ${missing}`);
}

/**
 * The size of the next chunk a reader takes, `left` commits not yet given to any reader and
 * `outstanding` given to the others and not yet read: guided self-scheduling, the commits left
 * divided by {@link GUIDE} x `workers`, at least `minChunk` and at most `maxChunk`, so the big
 * first chunks keep the git processes few. Where that would be below `minChunk` (the tail), the
 * reader takes its even share of all the work still to do, so that the readers finish together
 * (fixed tail chunks of `minChunk` ended a 20,000-commit read with one reader alone on a last
 * chunk of 245 commits for ~100 ms, the other done), and a remainder below {@link MIN_CHUNK} is
 * not worth another git: it goes with this chunk.
 */
export function nextChunkSize(left: number, outstanding: number, workers: number, minChunk = MIN_TAIL_CHUNK, maxChunk = MAX_CHUNK): number {
  if (left <= 0) return 0;
  if (workers <= 1) return Math.min(left, maxChunk);
  const guided = Math.ceil(left / (GUIDE * workers));
  if (guided >= minChunk) return Math.min(left, maxChunk, guided);
  const share = Math.max(MIN_CHUNK, Math.ceil((left + outstanding) / workers));
  return left - share < MIN_CHUNK ? Math.min(left, maxChunk) : Math.min(share, maxChunk);
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
 * Reads the full commits for `hashes` (full hashes, duplicates read once) and hands each to
 * `onCommit` as it is parsed, keeping none. The hashes are split into disjoint chunks (see
 * {@link nextChunkSize}), each read by ONE streaming
 * `git log --no-walk=unsorted --stdin -z --numstat -M` process, with at most `concurrency` at a
 * time. Renames are resolved into `path` + `oldPath` (a pure rename counts 0 lines); binary files
 * count 0 lines with `binary: true`. Rejects with GIT_FAILED when git leaves a commit out.
 */
export async function streamCommits(repo: string, hashes: readonly string[], opts: StreamCommitsOptions): Promise<void> {
  const unique = [...new Set(checkedHashes(hashes))];
  if (unique.length === 0) return;
  // An explicit concurrency is honoured as given; the default avoids tiny chunks.
  const explicit = opts.concurrency !== undefined;
  const workers = explicit
    ? Math.max(1, Math.min(Math.floor(opts.concurrency ?? 1), unique.length))
    : Math.max(1, Math.min(availableParallelism(), 4, Math.floor(unique.length / MIN_CHUNK)));
  const minChunk = explicit ? 1 : MIN_TAIL_CHUNK;
  const abort = new AbortController();
  let offset = 0;
  // The chunks being read: their commits not yet parsed.
  const reading = new Set<{ left: number }>();
  const take = (): { hashes: string[]; progress: { left: number } } | undefined => {
    let outstanding = 0;
    for (const r of reading) outstanding += r.left;
    const size = nextChunkSize(unique.length - offset, outstanding, workers, minChunk);
    if (size === 0) return undefined;
    offset += size;
    return { hashes: unique.slice(offset - size, offset), progress: { left: size } };
  };
  const work = async (): Promise<void> => {
    for (;;) {
      // A small chunk's output can arrive whole, with git gone before the gate closed its pipe:
      // the next git waits for the gate too.
      for (let wait = opts.gate?.(); wait && !abort.signal.aborted; wait = opts.gate?.()) await wait;
      const chunk = abort.signal.aborted ? undefined : take();
      if (chunk === undefined) return;
      const { hashes, progress } = chunk;
      reading.add(progress);
      try {
        await readChunk(repo, hashes, (c) => {
          progress.left--;
          opts.onCommit(c);
        }, abort.signal, opts.gate);
      } finally {
        reading.delete(progress);
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, () => work().catch((err: unknown) => {
    abort.abort();
    throw err;
  })));
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
