import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { HEURISTIC_AI_SOURCE } from '../../shared/ai-part.js';
import type { ScoredCommit } from '../types.js';
import { describeIssues, readTextIfExists, withPath, writePiecesAtomic } from './files.js';

/**
 * Version 2 is one JSON document laid out one commit per line (so it is read and written a line
 * at a time, never as one string: a million commits are ~500 MB of text, past what a JavaScript
 * string holds). Version 1 was the same document on one line; it is still read (whole), and the
 * next save writes version 2.
 */
const CACHE_VERSION = 2;

// Objects, not rows: fields can be added (a record that gains one stays readable by older code).
const scoredCommitSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{40,64}$/),
  author: z.string(),
  email: z.string(),
  date: z.string(),
  subject: z.string(),
  breaking: z.boolean(),
  stats: z.object({ files: z.number(), insertions: z.number(), deletions: z.number(), excluded_files: z.number(), excluded_lines: z.number() }),
  scores: z.object({ loc: z.number(), files: z.number(), keyword: z.number(), ai: z.number(), ai_source: z.string(), ai_reason: z.string().optional(), ai_fallback: z.string().optional() }),
  total: z.number(),
  // What the credit rules need (core/credit), cached so a change of setting reads no git.
  co_authors: z.array(z.object({ name: z.string(), email: z.string() })).optional(),
  reverts: z.array(z.string()).optional(),
});

const cacheFileSchema = z.object({
  version: z.union([z.literal(1), z.literal(CACHE_VERSION)]),
  /** Fingerprint of the scoring settings the scores were computed with. */
  fingerprint: z.string(),
  commits: z.array(scoredCommitSchema),
});

/** Scored commits by full hash, valid for one scoring fingerprint. */
export interface ScoreCache {
  fingerprint: string;
  commits: Map<string, ScoredCommit>;
}

/** What reading the cache found, so a refresh can say why it rescored. */
export type CacheLoad =
  | { kind: 'ok'; cache: ScoreCache }
  | { kind: 'missing' | 'corrupt'; cache: ScoreCache; reason?: string }
  /** `found`: the fingerprint the cache was written with (a refresh tells some changes by it). */
  | { kind: 'stale'; cache: ScoreCache; found: string };

const headerLine = (fingerprint: string) => `{"version":${CACHE_VERSION},"fingerprint":${JSON.stringify(fingerprint)},"commits":[`;
const FOOTER = ']}';
const HEADER_PREFIX = `{"version":${CACHE_VERSION},"fingerprint":`;

// A copy that holds only its own characters: V8 keeps a substring as a view of the string it was
// cut from (a subject keeps the whole message of its commit) and a template result as a tree.
const flat = (s: string): string => (s.length < 13 ? s : Buffer.from(s, 'utf8').toString('utf8'));

/**
 * Repeated strings (names, emails, the AI source, the local estimate's reasons) kept once, each
 * as a flat copy: JSON.parse makes a new string per line, and 200,000 commits of 2,000 authors
 * would otherwise hold 200,000 copies of each.
 */
export function interner(): (s: string) => string {
  const seen = new Map<string, string>();
  return (s) => {
    const found = seen.get(s);
    if (found !== undefined) return found;
    const own = flat(s);
    seen.set(own, own);
    return own;
  };
}

function compactCommit(c: z.infer<typeof scoredCommitSchema>, intern: (s: string) => string): ScoredCommit {
  c.author = intern(c.author);
  c.email = intern(c.email);
  c.scores.ai_source = intern(c.scores.ai_source);
  if (c.scores.ai_reason !== undefined && c.scores.ai_source === HEURISTIC_AI_SOURCE) c.scores.ai_reason = intern(c.scores.ai_reason);
  return c;
}

/**
 * A freshly scored commit made as small in memory as one read from the cache: repeated strings
 * interned, the others copied flat. Held for every commit of the window until the files are written.
 */
export function compactScored(c: ScoredCommit, intern: (s: string) => string): ScoredCommit {
  // The hash is cut from git's header token, which it would keep alive (96 bytes instead of 56).
  c.hash = flat(c.hash);
  c.author = intern(c.author);
  c.email = intern(c.email);
  c.subject = flat(c.subject);
  c.date = flat(c.date);
  c.scores.ai_source = intern(c.scores.ai_source);
  // The local estimate's reasons repeat (17,875 distinct among 200,000 commits): kept once each.
  if (c.scores.ai_reason !== undefined) c.scores.ai_reason = c.scores.ai_source === HEURISTIC_AI_SOURCE ? intern(c.scores.ai_reason) : flat(c.scores.ai_reason);
  return c;
}

class CorruptCache extends Error {}

/** Calls `onLine` with each line of `file` (without its newline), read in chunks. */
async function forEachLine(file: string, onLine: (line: string, n: number) => boolean | void): Promise<void> {
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  let carry: Buffer | null = null;
  let n = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let buf: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      let start = 0;
      for (let nl = buf.indexOf(10, start); nl >= 0; nl = buf.indexOf(10, start)) {
        if (onLine(buf.toString('utf8', start, nl), n++) === false) return;
        start = nl + 1;
      }
      buf = buf.subarray(start);
      carry = buf.length > 0 ? Buffer.from(buf) : null;
    }
    if (carry) onLine(carry.toString('utf8'), n);
  } catch (err) {
    throw withPath(err, file);
  } finally {
    stream.destroy();
  }
}

/** Reads the line layout of version 2; null when the file is not in it (version 1, or damage in the first line). */
async function readLines(file: string, fingerprint: string): Promise<{ fingerprint: string; commits: Map<string, ScoredCommit> } | null> {
  const intern = interner();
  const commits = new Map<string, ScoredCommit>();
  let fileFingerprint: string | null = null;
  let ended = false;
  let layout = true;
  await forEachLine(file, (line, n) => {
    if (n === 0) {
      if (!line.startsWith(HEADER_PREFIX) || !line.endsWith('"commits":[')) {
        layout = false;
        return false;
      }
      try {
        fileFingerprint = z.string().parse(JSON.parse(line.slice(HEADER_PREFIX.length, -',"commits":['.length)));
      } catch {
        layout = false;
        return false;
      }
      // Another fingerprint: stale whatever follows, so nothing more is parsed.
      return fileFingerprint === fingerprint;
    }
    if (ended) {
      if (line !== '') throw new CorruptCache(`text after the end (line ${n + 1})`);
      return;
    }
    if (line === FOOTER) {
      ended = true;
      return;
    }
    const text = line.endsWith(',') ? line.slice(0, -1) : line;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new CorruptCache(`line ${n + 1}: ${(err as Error).message}`);
    }
    const parsed = scoredCommitSchema.safeParse(json);
    if (!parsed.success) throw new CorruptCache(`commits.${n - 1}: ${describeIssues(parsed.error)}`);
    const commit = compactCommit(parsed.data, intern);
    commits.set(commit.hash, commit);
  });
  if (!layout) return null;
  if (fileFingerprint === null) throw new CorruptCache('empty file');
  if (fileFingerprint !== fingerprint) return { fingerprint: fileFingerprint, commits };
  if (!ended) throw new CorruptCache('truncated: no end of the commits list');
  return { fingerprint: fileFingerprint, commits };
}

/**
 * Loads the score cache. A cache for other scoring settings is 'stale' and a cache that does
 * not parse is 'corrupt': both come back empty, so their scores are never trusted.
 */
export async function loadScoreCache(file: string, fingerprint: string): Promise<CacheLoad> {
  const empty: ScoreCache = { fingerprint, commits: new Map() };
  let lines;
  try {
    lines = await readLines(file, fingerprint);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing', cache: empty };
    if (err instanceof CorruptCache) return { kind: 'corrupt', cache: empty, reason: err.message };
    throw err;
  }
  if (lines) {
    if (lines.fingerprint !== fingerprint) return { kind: 'stale', cache: empty, found: lines.fingerprint };
    return { kind: 'ok', cache: { fingerprint, commits: lines.commits } };
  }
  // Version 1 (one line) or hand-edited JSON: small enough to have been written as one string.
  const text = await readTextIfExists(file);
  if (text === null) return { kind: 'missing', cache: empty };
  let parsed;
  try {
    parsed = cacheFileSchema.safeParse(JSON.parse(text));
  } catch (err) {
    return { kind: 'corrupt', cache: empty, reason: (err as Error).message };
  }
  if (!parsed.success) return { kind: 'corrupt', cache: empty, reason: describeIssues(parsed.error) };
  if (parsed.data.fingerprint !== fingerprint) return { kind: 'stale', cache: empty, found: parsed.data.fingerprint };
  const intern = interner();
  return { kind: 'ok', cache: { fingerprint, commits: new Map(parsed.data.commits.map((c) => [c.hash, compactCommit(c, intern)])) } };
}

function* cacheLines(fingerprint: string, commits: readonly ScoredCommit[]): Generator<string> {
  yield `${headerLine(fingerprint)}\n`;
  const last = commits.length - 1;
  for (let i = 0; i <= last; i++) yield `${JSON.stringify(commits[i])}${i < last ? ',' : ''}\n`;
  yield `${FOOTER}\n`;
}

/**
 * Writes the cache atomically (temp file, fsync, rename), commits in the given order (newest
 * first) for stable bytes, one per line, streamed to the file.
 */
export async function saveScoreCache(file: string, fingerprint: string, commits: ScoredCommit[]): Promise<void> {
  await writePiecesAtomic(file, cacheLines(fingerprint, commits));
}
