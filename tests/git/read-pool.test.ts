import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeuristicAiScorer } from '../../src/core/ai/heuristic.js';
import { defaultConfig } from '../../src/core/config.js';
import { chunkSizes, MAX_CHUNK, readChunk, readPool, streamCommits, type Chunk, type ChunkReader } from '../../src/core/git/history.js';
import { runGit } from '../../src/core/git/run-git.js';
import { readAndScore } from '../../src/core/score-batches.js';
import type { AiScore, AiScoreInput, AiScorer, ScoredCommit } from '../../src/core/types.js';
import { createTestRepo, type TestRepo } from '../support/git-repo.js';
import { traceGit } from '../support/git-trace.js';

describe('chunkSizes (few git processes, a multiple of the readers, even)', () => {
  it.each([
    [200_000, 2, 18],
    [60_000, 2, 6],
    [20_000, 2, 2],
    [1_000_000, 2, 84],
    [45_000, 4, 4],
    [3_001, 2, 2],
    [12_000, 1, 1],
    [30_000, 1, 3],
  ])('%i commits over %i readers: %i chunks, every commit once, within MAX_CHUNK', (count, workers, chunks) => {
    const sizes = chunkSizes(count, workers);
    expect(sizes).toHaveLength(chunks);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(count);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_CHUNK);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('gives no empty chunk to spare readers', () => {
    expect(chunkSizes(3, 4)).toEqual([1, 1, 1]);
    expect(chunkSizes(0, 2)).toEqual([]);
  });
});

const tick = () => new Promise<void>((r) => setImmediate(r));

/**
 * A reader as readChunk is, without git: `cost(hash)` turns of the event loop per commit, each
 * commit handed on unless the chunk's other reader has it, both stopped where they meet.
 */
function fakeReader(cost: (hash: string) => number, seen: string[], starts: { fromEnd: boolean; first: string }[]): ChunkReader {
  return async (chunk: Chunk, fromEnd: boolean, signal: AbortSignal) => {
    starts.push({ fromEnd, first: chunk.hashes[fromEnd ? chunk.hi - 1 : chunk.lo] as string });
    const given = chunk.hashes.slice(chunk.lo, chunk.hi);
    if (fromEnd) given.reverse();
    for (const hash of given) {
      for (let t = cost(hash); t > 0; t--) await tick();
      if (signal.aborted) throw new Error('stopped');
      if (chunk.done.signal.aborted || chunk.lo >= chunk.hi) return;
      expect(hash).toBe(chunk.hashes[fromEnd ? chunk.hi - 1 : chunk.lo]);
      if (fromEnd) chunk.hi--;
      else chunk.lo++;
      seen.push(hash);
      if (chunk.lo >= chunk.hi) chunk.done.abort();
    }
  };
}

describe('readPool (the readers share the last chunk rather than wait)', () => {
  const hashes = Array.from({ length: 40 }, (_, i) => `h${i}`);

  it('starts a second reader on the end of the slower chunk; they stop where they meet, each commit once', async () => {
    const seen: string[] = [];
    const starts: { fromEnd: boolean; first: string }[] = [];
    // The first chunk (h0-h19) costs ten times the second.
    await readPool(hashes, 2, 2, fakeReader((h) => (Number(h.slice(1)) < 20 ? 10 : 1), seen, starts));
    expect([...seen].sort()).toEqual([...hashes].sort());
    expect(starts).toEqual([{ fromEnd: false, first: 'h0' }, { fromEnd: false, first: 'h20' }, { fromEnd: true, first: 'h19' }]);
    // The second reader took the first chunk's end while the first was still in it.
    expect(seen.indexOf('h19')).toBeLessThan(seen.indexOf('h10'));
  });

  it('does not start another reader for fewer commits left than minShared', async () => {
    const seen: string[] = [];
    const starts: { fromEnd: boolean; first: string }[] = [];
    await readPool(hashes, 2, 100, fakeReader((h) => (Number(h.slice(1)) < 20 ? 10 : 1), seen, starts));
    expect(seen).toHaveLength(hashes.length);
    expect(starts.every((s) => !s.fromEnd)).toBe(true);
  });

  it('rejects with a reader\'s error once the others have stopped', async () => {
    const seen: string[] = [];
    const stopped: boolean[] = [];
    const failing: ChunkReader = async (chunk, fromEnd, signal, fail) => {
      if (chunk.hashes[chunk.lo] === 'h20') {
        await tick();
        throw new Error('git broke');
      }
      try {
        await fakeReader(() => 5, seen, [])(chunk, fromEnd, signal, fail);
      } catch (err) {
        stopped.push(signal.aborted);
        throw err;
      }
    };
    await expect(readPool(hashes, 2, 2, failing)).rejects.toThrow('git broke');
    // Nothing is left running when the pool rejects.
    expect(stopped).toEqual([true]);
    expect(seen.length).toBeLessThan(20);
  });

  it('stops the other readers as soon as one reports its failure, before its git is gone', async () => {
    const seen: string[] = [];
    let failedAt = -1;
    const read: ChunkReader = async (chunk, fromEnd, signal, fail) => {
      if (chunk.hashes[chunk.lo] !== 'h20') return fakeReader(() => 1, seen, [])(chunk, fromEnd, signal, fail);
      for (let t = 0; t < 5; t++) await tick();
      // Its consumer failed: reported now, while its git takes a while to exit.
      const error = new Error('consumer broke');
      failedAt = seen.length;
      fail(error);
      for (let t = 0; t < 20; t++) await tick();
      throw error;
    };
    await expect(readPool(hashes, 2, 100, read)).rejects.toThrow('consumer broke');
    expect(failedAt).toBeGreaterThan(0);
    expect(seen.length).toBe(failedAt);
  });

  it('leaves no rejection of the gate unhandled when a reader fails as another ends its chunk', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let gone = false;
      const gate = () => (gone ? Promise.reject(new Error('consumer gone')) : undefined);
      const read: ChunkReader = async (chunk) => {
        if (chunk.lo === 0) {
          await tick();
          gone = true;
          throw new Error('reader failed');
        }
        // The other reader ends its chunk normally just after the failure, then asks the gate.
        await tick();
        await tick();
        chunk.lo = chunk.hi;
      };
      await expect(readPool(['a', 'b', 'c', 'd'], 2, 100, read, gate)).rejects.toThrow('reader failed');
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

/** The heuristic, held back until released: a scorer slower than git (an AI provider). */
class HeldScorer implements AiScorer {
  readonly id = 'heuristic';
  scored = 0;
  private readonly inner = new HeuristicAiScorer();
  private release: () => void = () => {};
  private readonly released = new Promise<void>((resolve) => { this.release = resolve; });
  async score(input: AiScoreInput): Promise<AiScore> {
    await this.released;
    this.scored++;
    return this.inner.score(input);
  }
  go(): void {
    this.release();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the read pool', () => {
  let repo: TestRepo;
  const hashes: string[] = [];
  beforeAll(async () => {
    repo = await createTestRepo();
    for (let i = 0; i < 24; i++) {
      const files: Record<string, string> = { [`src/f${i % 5}.ts`]: `v${i}\n`.repeat(i + 1) };
      if (i % 7 === 0) files['package-lock.json'] = `{"v":${i}}\n`;
      // A long body: git's output then comes in several pieces, so the gate can pause a reader within its chunk.
      const body = `${'Why it changed. '.repeat(1_000)}\n\n`;
      hashes.push(await repo.commit({ files, message: `${i % 2 ? 'fix' : 'feat'}: change ${i}\n\n${body}Co-authored-by: Pair ${i % 3} <pair${i % 3}@example.com>\n` }));
    }
    hashes.reverse();
  });
  afterAll(async () => {
    await repo.cleanup();
  });

  const scoreWith = async (scorer: AiScorer, batch: number, onRead?: () => void) => {
    const into = new Map<string, ScoredCommit>();
    await readAndScore({
      repo: repo.dir, hashes, exclusions: defaultConfig().exclusions, shallow: new Set(), scorer, into, concurrency: 2, batch,
      ...(onRead ? { onRead } : {}),
    });
    return hashes.map((h) => into.get(h));
  };

  it('scores the same whatever the batch size and the number of readers', async () => {
    const whole = await scoreWith(new HeuristicAiScorer(), hashes.length);
    expect(whole.every((c) => c !== undefined)).toBe(true);
    expect(await scoreWith(new HeuristicAiScorer(), 5)).toEqual(whole);
    expect(await scoreWith(new HeuristicAiScorer(), 1)).toEqual(whole);
    expect(whole.some((c) => c?.co_authors?.length)).toBe(true);
    expect(whole.some((c) => c?.stats.excluded_files)).toBe(true);
  });

  it("asks the mailmap about each co-author once, whatever the number of batches", async () => {
    const trace = traceGit();
    try {
      // Three co-authors over 24 batches of one commit: one git for each batch that meets a new one.
      await scoreWith(new HeuristicAiScorer(), 1);
      expect(trace.runs('check-mailmap')).toBe(3);
    } finally {
      trace.stop();
    }
  });

  it('stops reading git while the scorer is behind, and goes on when it catches up', async () => {
    const scorer = new HeldScorer();
    let read = 0;
    const done = scoreWith(scorer, 2, () => read++);
    // Wait until reading stalls (or everything was read, which is the failure this test is for).
    for (let last = -1, still = 0; still < 3 && read < hashes.length; await sleep(100)) {
      still = read === last ? still + 1 : 0;
      last = read;
    }
    expect(scorer.scored).toBe(0);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(hashes.length);
    scorer.go();
    const scored = await done;
    expect(read).toBe(hashes.length);
    expect(scored.every((c) => c !== undefined)).toBe(true);
  });

  it('rejects with the scorer\'s error, with nothing left running', async () => {
    const failing: AiScorer = { id: 'heuristic', score: () => { throw new Error('scorer broke'); } };
    await expect(scoreWith(failing, 3)).rejects.toThrow('scorer broke');
  });

  it('hands on no commit after its consumer fails, from either reader', async () => {
    let seen = 0;
    let after = 0;
    let failed = false;
    const read = streamCommits(repo.dir, hashes, {
      concurrency: 2,
      onCommit: () => {
        if (failed) after++;
        if (++seen === 3) {
          failed = true;
          throw new Error('consumer broke');
        }
      },
    });
    await expect(read).rejects.toThrow('consumer broke');
    expect(after).toBe(0);
  });

  const chunkOf = (list: string[]): Chunk => ({ hashes: list, lo: 0, hi: list.length, shared: false, done: new AbortController() });

  it('reads a chunk from its end with git, newest given last', async () => {
    const seen: string[] = [];
    await readChunk(repo.dir, chunkOf(hashes), true, (c) => seen.push(c.hash), new AbortController().signal, undefined);
    expect(seen).toEqual([...hashes].reverse());
  });

  it('two gits on one chunk, from both ends, give each commit once and both stop', async () => {
    const chunk = chunkOf(hashes);
    const seen: string[] = [];
    const never = new AbortController().signal;
    await Promise.all([
      readChunk(repo.dir, chunk, false, (c) => seen.push(c.hash), never, undefined),
      readChunk(repo.dir, chunk, true, (c) => seen.push(c.hash), never, undefined),
    ]);
    expect([...seen].sort()).toEqual([...hashes].sort());
    expect(chunk.done.signal.aborted).toBe(true);
  });

  it('two gits on one chunk: the one held back gives the first commits, the other the rest, each once', async () => {
    const chunk = chunkOf(hashes);
    const front: string[] = [];
    const back: string[] = [];
    const never = new AbortController().signal;
    // The reader from the start waits after its first piece of output until the other has taken three.
    let release: () => void = () => {};
    const three = new Promise<void>((r) => { release = r; });
    await Promise.all([
      readChunk(repo.dir, chunk, false, (c) => front.push(c.hash), never, () => (back.length < 3 ? three : undefined)),
      readChunk(repo.dir, chunk, true, (c) => {
        back.push(c.hash);
        if (back.length === 3) release();
      }, never, undefined),
    ]);
    expect(back.length).toBeGreaterThanOrEqual(3);
    expect([...front, ...back].sort()).toEqual([...hashes].sort());
    expect(front).toEqual(hashes.slice(0, front.length));
    expect(back).toEqual([...hashes].reverse().slice(0, back.length));
  });

  it('a reader\'s own failure is reported even when the other reader meets it as it stops', async () => {
    const chunk = chunkOf(hashes);
    const never = new AbortController().signal;
    const read = readChunk(repo.dir, chunk, false, () => {
      // The other reader reaching this one now, while this one's consumer fails.
      chunk.done.abort();
      throw new Error('scorer broke');
    }, never, undefined);
    await expect(read).rejects.toThrow('scorer broke');
  });

  it('stops the read when the gate rejects', async () => {
    let seen = 0;
    const read = streamCommits(repo.dir, hashes, {
      concurrency: 2,
      onCommit: () => seen++,
      gate: () => Promise.reject(new Error('consumer gone')),
    });
    await expect(read).rejects.toThrow('consumer gone');
    expect(seen).toBeLessThan(hashes.length);
  });
});

describe('a scoring failure while git is read', () => {
  let repo: TestRepo;
  let hashes: string[];
  beforeAll(async () => {
    repo = await createTestRepo();
    // 2,000 commits with 8 KB messages, made in one fast-import (a commit each would take seconds).
    const body = 'Why it changed. '.repeat(500);
    const parts: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      const message = `feat: change ${i}\n\n${body}\n`;
      const content = `v${i}\n`;
      parts.push(`commit refs/heads/main\ncommitter Test User <test@example.com> ${1_700_000_000 + i * 60} +0000\ndata ${Buffer.byteLength(message)}\n${message}M 644 inline src/f${i % 5}.ts\ndata ${content.length}\n${content}\n`);
    }
    await runGit(repo.dir, ['fast-import', '--quiet'], { input: parts.join('') });
    hashes = (await repo.git('rev-list', 'main')).split('\n');
  });
  afterAll(async () => {
    await repo.cleanup();
  });

  it('stops reading git, though no batch was waiting to be scored', async () => {
    // The first batch fails while the readers go on (nothing waits behind it yet). The batches
    // after it fail at once and leave the queue: only the failure itself can stop the readers.
    let read = 0;
    let readAtFailure = -1;
    const failing: AiScorer = {
      id: 'heuristic',
      score: () => {
        if (readAtFailure < 0) readAtFailure = read;
        return Promise.reject(new Error('scorer broke'));
      },
    };
    const into = new Map<string, ScoredCommit>();
    const done = readAndScore({ repo: repo.dir, hashes, exclusions: defaultConfig().exclusions, shallow: new Set(), scorer: failing, into, concurrency: 2, batch: 800, onRead: () => read++ });
    await expect(done).rejects.toThrow('scorer broke');
    expect(readAtFailure).toBeGreaterThanOrEqual(800);
    expect(read).toBeLessThan(hashes.length);
  });
});
