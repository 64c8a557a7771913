import type { LeaderboardConfig } from './config.js';
import { attachCreditLinks } from './credit/index.js';
import { createExcluder } from './exclusions.js';
import { readCommits } from './git/history.js';
import { collectGarbage, LEAN_FROM_COMMITS } from './memory.js';
import { scoreCommit } from './scoring.js';
import { compactScored, interner } from './store/cache.js';
import type { AiScorer, Excluder, RawCommit, ScoredCommit } from './types.js';

/** Commits read from git and scored at a time, in a history of more than {@link ONE_BATCH_UP_TO}. */
const READ_BATCH = 8_000;
/** Up to this many commits are read at once: batches cost time (a 20,000-commit refresh took 9.3 s instead of 6.8) and save no memory that matters. */
const ONE_BATCH_UP_TO = LEAN_FROM_COMMITS;

/** What {@link readAndScore} needs. */
export interface ReadAndScoreOptions {
  repo: string;
  /** The repository is a bare mirror (see createExcluder). */
  bare?: boolean;
  /** Full hashes to read and score. */
  hashes: readonly string[];
  exclusions: LeaderboardConfig['exclusions'];
  /** Commits of the whole board, when it has other repositories: its size decides the lean mode. Default: `hashes.length`. */
  leanFor?: number;
  /** Boundary commits of a shallow clone: scored as changing no file. */
  shallow: ReadonlySet<string>;
  /** The AI part's scorer (an LLM scorer limits its own concurrency; the caller stops it). */
  scorer: AiScorer;
  /** Receives each scored commit, by hash. */
  into: Map<string, ScoredCommit>;
  /** Parallel git readers (see readCommits). */
  concurrency?: number;
  /** Called once per commit read from git. */
  onRead?: () => void;
}

/**
 * Reads `hashes` from git and scores them, with their credit links, in batches, each read,
 * scored and let go before the next: the raw commits (every changed file's path and counts) of
 * a 200,000-commit history held at once took over a gigabyte. git reads the next batch while
 * this one is scored, so both cores stay busy.
 */
export async function readAndScore(opts: ReadAndScoreOptions): Promise<void> {
  const intern = interner();
  const batch = opts.hashes.length <= ONE_BATCH_UP_TO ? opts.hashes.length : READ_BATCH;
  const read = (start: number): Promise<RawCommit[]> => {
    const reading = readCommits(opts.repo, opts.hashes.slice(start, start + batch), {
      ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
      ...(opts.onRead ? { onCommit: opts.onRead } : {}),
    });
    reading.catch(() => undefined); // awaited below; this only keeps a failure from going unhandled meanwhile
    return reading;
  };
  let next = read(0);
  for (let start = 0; start < opts.hashes.length; start += batch) {
    const raws = await next;
    if (start + batch < opts.hashes.length) next = read(start + batch);
    // In a shallow clone git diffs a boundary commit against an empty tree, crediting it with
    // every file in the repository; its real change is unknown, so it is scored as changing none.
    for (const raw of raws) if (opts.shallow.has(raw.hash)) raw.files = [];
    const excluder = await createExcluder(opts.repo, opts.exclusions, raws.flatMap((r) => r.files.map((f) => f.path)), { bare: Boolean(opts.bare) });
    await scoreAll(raws, excluder, opts.scorer, opts.into, intern);
    await attachCreditLinks(opts.repo, raws, opts.into);
    collectGarbage(opts.leanFor ?? opts.hashes.length);
  }
}

/** Scores every commit of a batch, each kept compact (see compactScored). */
async function scoreAll(raws: RawCommit[], excluder: Excluder, ai: AiScorer, into: Map<string, ScoredCommit>, intern: (s: string) => string): Promise<void> {
  await Promise.all(raws.map(async (raw) => {
    into.set(raw.hash, compactScored(await scoreCommit(raw, excluder, ai), intern));
  }));
}
