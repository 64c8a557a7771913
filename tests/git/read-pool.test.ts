import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeuristicAiScorer } from '../../src/core/ai/heuristic.js';
import { defaultConfig } from '../../src/core/config.js';
import { MAX_CHUNK, MIN_TAIL_CHUNK, nextChunkSize, streamCommits } from '../../src/core/git/history.js';
import { readAndScore } from '../../src/core/score-batches.js';
import type { AiScore, AiScoreInput, AiScorer, ScoredCommit } from '../../src/core/types.js';
import { createTestRepo, type TestRepo } from '../support/git-repo.js';

/**
 * The chunks `count` commits are read in by `workers` readers, each commit costing a reader `perCommit`
 * and each chunk `startup` more, a reader taking the next chunk when its last one is done (as
 * streamCommits does): the sizes in the order taken, and when each reader finished.
 */
function simulate(count: number, workers: number, perCommit = 1, startup = 0): { sizes: number[]; finished: number[] } {
  const readers = Array.from({ length: workers }, () => ({ free: 0, left: 0, size: 0, startedAt: 0 }));
  const sizes: number[] = [];
  for (let offset = 0; ;) {
    const reader = readers.reduce((a, b) => (b.free < a.free ? b : a));
    const now = reader.free;
    // What the others have still to read now (startup first, then their commits at perCommit each).
    const outstanding = readers.filter((r) => r !== reader).reduce((n, r) => n + Math.min(r.size, Math.max(0, Math.ceil((r.free - Math.max(now, r.startedAt + startup)) / perCommit))), 0);
    const size = nextChunkSize(count - offset, outstanding, workers);
    if (size === 0) break;
    sizes.push(size);
    offset += size;
    Object.assign(reader, { startedAt: now, size, free: now + startup + size * perCommit });
  }
  return { sizes, finished: readers.map((r) => r.free) };
}

describe('nextChunkSize (guided: big chunks first, then even shares so the readers finish together)', () => {
  it.each([
    [200_000, 2],
    [60_000, 2],
    [1_000_000, 2],
    [45_000, 4],
    [20_000, 2],
    [3_001, 2],
  ])('%i commits over %i readers: every commit once, within the bounds, the readers ending within a tail chunk of each other', (count, workers) => {
    const { sizes, finished } = simulate(count, workers, 1, 100);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(count);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_CHUNK);
    // No git started for a handful of commits (fewer than 200).
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(Math.min(count, 200));
    // With fixed tail chunks of 1,500 the readers could end up to a whole one apart.
    expect(Math.max(...finished) - Math.min(...finished)).toBeLessThan(MIN_TAIL_CHUNK / 2);
  });

  it('keeps the git processes few on a big history', () => {
    const { sizes } = simulate(200_000, 2, 1, 100);
    // 50 processes of 4,000 commits before: each start-up costs git about 0.2 s.
    expect(sizes.length).toBeLessThan(30);
    expect(sizes[0]).toBe(MAX_CHUNK);
  });

  it('gives the idle reader its even share of what is left and outstanding, and a small remainder with it', () => {
    // 20,000 commits in 2: the guided sizes, then the tail.
    expect(nextChunkSize(20_000, 0, 2)).toBe(5_000);
    expect(nextChunkSize(4_000, 0, 2)).toBe(2_000);
    // The other reader has 200 commits left: this one takes half of 3,245 + 200.
    expect(nextChunkSize(3_245, 200, 2)).toBe(1_723);
    // The other is busy for longer than all that is left: this reader takes it all.
    expect(nextChunkSize(245, 1_400, 2)).toBe(245);
    // Half would leave fewer than 200 commits for another git: taken with it.
    expect(nextChunkSize(1_700, 1_400, 2)).toBe(1_700);
    expect(nextChunkSize(12_000, 0, 1)).toBe(12_000);
    expect(nextChunkSize(0, 10, 2)).toBe(0);
    // An explicit minimum of 1 (tests): guided all the way.
    expect(nextChunkSize(12, 0, 2, 1)).toBe(3);
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
      hashes.push(await repo.commit({ files, message: `${i % 2 ? 'fix' : 'feat'}: change ${i}\n\nCo-authored-by: Pair ${i % 3} <pair${i % 3}@example.com>\n` }));
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
