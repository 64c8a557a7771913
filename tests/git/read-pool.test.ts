import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeuristicAiScorer } from '../../src/core/ai/heuristic.js';
import { defaultConfig } from '../../src/core/config.js';
import { chunkSizes, MAX_CHUNK, MIN_TAIL_CHUNK, streamCommits } from '../../src/core/git/history.js';
import { readAndScore } from '../../src/core/score-batches.js';
import type { AiScore, AiScoreInput, AiScorer, ScoredCommit } from '../../src/core/types.js';
import { createTestRepo, type TestRepo } from '../support/git-repo.js';

describe('chunkSizes (guided: big chunks first, small ones to even out the finish)', () => {
  it.each([
    [200_000, 2],
    [60_000, 2],
    [1_000_000, 2],
    [45_000, 4],
    [3_001, 2],
  ])('%i commits over %i readers: every commit once, never growing, within the bounds', (count, workers) => {
    const sizes = chunkSizes(count, workers);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(count);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1] as number);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_CHUNK);
    // Only the very last chunk may be smaller than the tail size (what is left).
    for (const s of sizes.slice(0, -1)) expect(s).toBeGreaterThanOrEqual(MIN_TAIL_CHUNK);
  });

  it('keeps the git processes few on a big history and ends in small chunks', () => {
    const sizes = chunkSizes(200_000, 2);
    // 50 processes of 4,000 commits before: each start-up costs git about 0.2 s.
    expect(sizes.length).toBeLessThan(30);
    expect(sizes[0]).toBe(MAX_CHUNK);
    // The last chunks of the two readers are small, so neither waits long for the other.
    expect(sizes.slice(-2).every((s) => s <= MIN_TAIL_CHUNK)).toBe(true);
  });

  it('gives one reader one chunk up to the largest size, and nothing for no commits', () => {
    expect(chunkSizes(12_000, 1)).toEqual([12_000]);
    expect(chunkSizes(0, 2)).toEqual([]);
    expect(chunkSizes(12, 2, 1)).toEqual([3, 3, 2, 1, 1, 1, 1]);
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
