import type { LeaderboardConfig } from './config.js';
import { attachCreditLinks } from './credit/index.js';
import { createExcluder } from './exclusions.js';
import { streamCommits } from './git/history.js';
import type { Contact } from './git/mailmap.js';
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
  /** Commits scored at a time. Default: all of them up to 40,000 commits, else {@link READ_BATCH}. */
  batch?: number;
}

/**
 * Reads `hashes` from git and scores them, with their credit links, in batches of
 * {@link READ_BATCH} commits, each scored and let go as soon as it is complete: the raw commits
 * (every changed file's path and counts) of a 200,000-commit history held at once took over a
 * gigabyte. The git readers (see streamCommits) run without a break while batches are scored
 * (formerly each batch was read by its own processes, and a reader that finished its part early
 * waited for the other's); they pause only when a second complete batch waits behind the one
 * being scored (a slow AI provider), so at most about two batches are held.
 */
export async function readAndScore(opts: ReadAndScoreOptions): Promise<void> {
  const intern = interner();
  // Co-authors' mailmap answers, kept for the batches after the one that asked.
  const contacts = new Map<string, Contact>();
  const batch = Math.max(1, opts.batch ?? (opts.hashes.length <= ONE_BATCH_UP_TO ? opts.hashes.length : READ_BATCH));
  let pending: RawCommit[] = [];
  // Batches handed to scoring and not yet done, oldest first, with their sizes.
  const queue: { size: number; done: Promise<void> }[] = [];
  let queued = 0;
  let scoring: Promise<void> = Promise.resolve();
  // The first batch that failed to score. The gate gives it from then on, which stops the readers:
  // the batches after it fail at once and leave the queue, so a full queue would never hold them.
  let failed: Promise<void> | undefined;
  const score = async (raws: RawCommit[]): Promise<void> => {
    // In a shallow clone git diffs a boundary commit against an empty tree, crediting it with
    // every file in the repository; its real change is unknown, so it is scored as changing none.
    for (const raw of raws) if (opts.shallow.has(raw.hash)) raw.files = [];
    const excluder = await createExcluder(opts.repo, opts.exclusions, raws.flatMap((r) => r.files.map((f) => f.path)), { bare: Boolean(opts.bare) });
    await scoreAll(raws, excluder, opts.scorer, opts.into, intern);
    await attachCreditLinks(opts.repo, raws, opts.into, contacts);
    collectGarbage(opts.leanFor ?? opts.hashes.length);
  };
  const flush = (): void => {
    const raws = pending;
    pending = [];
    // One batch at a time, in the order they filled (a failure stops the ones after it).
    scoring = scoring.then(() => score(raws));
    const entry = { size: raws.length, done: scoring };
    queue.push(entry);
    queued += entry.size;
    const finished = (): void => {
      queue.splice(queue.indexOf(entry), 1);
      queued -= entry.size;
    };
    scoring.then(finished, () => {
      finished();
      failed ??= entry.done;
    });
  };
  // Observed at once: a failure is reported by the read (through the gate) or by the await below.
  const gate = (): Promise<void> | undefined => failed ?? (queued > batch ? queue[0]?.done : undefined);
  try {
    await streamCommits(opts.repo, opts.hashes, {
      ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
      gate,
      onCommit: (raw) => {
        opts.onRead?.();
        pending.push(raw);
        if (pending.length >= batch) flush();
      },
    });
  } catch (err) {
    // Nothing may still be scoring when the read has failed.
    await scoring.catch(() => undefined);
    throw err;
  }
  if (pending.length > 0) flush();
  await scoring;
}

/** Scores every commit of a batch, each kept compact (see compactScored). */
async function scoreAll(raws: RawCommit[], excluder: Excluder, ai: AiScorer, into: Map<string, ScoredCommit>, intern: (s: string) => string): Promise<void> {
  await Promise.all(raws.map(async (raw) => {
    const scored = compactScored(await scoreCommit(raw, excluder, ai), intern);
    // Keyed by the scored commit's own flat hash: git's, a slice of its header token, kept that
    // token too (~90 bytes a commit, 18 MB of a 200,000-commit refresh's peak).
    into.set(scored.hash, scored);
  }));
}
