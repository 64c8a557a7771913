// A board with reviews gives the page, through the index and its chunks, what the whole file gives.
import { describe, expect, it } from 'vitest';
import type { ReviewState } from '../../src/core/activity.js';
import type { NamedReview } from '../../src/core/board/activity-buckets.js';
import { dataFilePieces } from '../../src/core/board/board-files.js';
import { buildLeaderboardData } from '../../src/core/leaderboards.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { parseLeaderboardData, PERIOD_TYPES } from '../../src/shared/data-file.js';
import { boardFromData, boardFromIndex } from '../../web/src/lib/board.js';
import { splitInMemory } from './split-board.js';

const STATES: ReviewState[] = ['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED'];

function history(): { commits: ScoredCommit[]; reviews: NamedReview[] } {
  let seed = 11;
  const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const start = Date.parse('2024-01-01T00:00:00Z');
  const commits: ScoredCommit[] = [];
  const reviews: NamedReview[] = [];
  for (let i = 0; i < 3000; i++) {
    const a = Math.floor(150 * rnd() ** 2);
    commits.push({
      hash: (i + 1).toString(16).padStart(40, 'b'), author: `Person ${a}`, email: `p${a}@example.com`,
      date: new Date(start + Math.floor(rnd() * 300 * 86_400) * 1000).toISOString(), subject: `feat: ${i}`, breaking: false,
      stats: { files: 2, insertions: 10, deletions: 1, excluded_files: 0, excluded_lines: 0 },
      scores: { loc: 8, files: 10, keyword: 25, ai: i % 20, ai_source: 'heuristic' }, total: 43 + (i % 20),
    });
  }
  for (let i = 0; i < 6000; i++) {
    const a = Math.floor(200 * rnd() ** 2);
    const pr = 1 + Math.floor(rnd() * 800);
    reviews.push({
      pr, title: `Change "${pr}" ü`, url: `https://github.com/acme/app/pull/${pr}`, state: STATES[Math.floor(rnd() * 3)] as ReviewState,
      submittedAt: new Date(start + Math.floor(rnd() * 300 * 86_400) * 1000).toISOString(), login: `p${a}`, name: `Person ${a}`, repo: 'acme/app',
    });
  }
  return { commits, reviews };
}

describe('index and chunks of a board with reviews', () => {
  it('carry each entry\'s review numbers and listed reviews, as parseLeaderboardData reads them', async () => {
    const { commits, reviews } = history();
    const data = buildLeaderboardData(commits, { contributors: {} }, {
      now: new Date('2025-06-01T00:00:00Z'), analysisPeriodDays: 400, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: { tool: 'test' },
      activity: { reviews, issues: [], points: { approved: 15, changesRequested: 15, commented: 5, issueCompleted: 0 }, status: { state: 'ok', syncedAt: '2025-06-01T00:00:00Z' }, windowStart: null },
    });
    const text = [...dataFilePieces(data)].join('');
    expect(text).toBe(`${JSON.stringify(data)}\n`);
    const full = parseLeaderboardData(JSON.parse(text));
    const { chunks, index } = splitInMemory(data);
    const board = boardFromIndex(index, async (id) => chunks.get(id));
    const reference = boardFromData(full);
    for (const type of PERIOD_TYPES) {
      for (const hidden of [new Set<string>(), new Set(['Person 0', 'Person 3'])]) {
        const series = board.series(type, hidden);
        expect(series).toEqual(reference.series(type, hidden));
        expect(series.reviews?.length).toBe(series.labels.length);
      }
    }
    let listed = 0;
    let reviewsOnly = 0;
    for (const type of PERIOD_TYPES) {
      for (const [label, entries] of Object.entries(full.leaderboards[type])) {
        const commitsOf = board.commitLoader(type, label);
        const reviewsOf = board.reviewLoader(type, label);
        if (!commitsOf || !reviewsOf) throw new Error('an index board loads commits and reviews');
        const got = await Promise.all(board.entries(type, label).map(async (e) => {
          const rs = await reviewsOf(e.name);
          return { ...e, commits: await commitsOf(e.name), ...(rs.length > 0 ? { reviews: rs } : {}) };
        }));
        expect(got).toEqual(entries);
        for (const e of entries) {
          listed += e.reviews?.length ?? 0;
          if (e.total_commits === 0 && (e.review_count ?? 0) > 0) reviewsOnly++;
        }
      }
    }
    expect(listed).toBeGreaterThan(5000);
    expect(reviewsOnly).toBeGreaterThan(10);
  });

  it('fills a big period\'s chunks by bytes: five listed reviews weigh one listed commit', () => {
    // One week: 300 reviewers listing 10 reviews each (3,000 reviews, as many bytes as 600 commits).
    const day = Date.parse('2024-03-04T10:00:00Z');
    const reviews: NamedReview[] = [];
    for (let p = 0; p < 300; p++) {
      for (let k = 0; k < 10; k++) {
        const pr = p * 10 + k + 1;
        reviews.push({ pr, title: `Change ${pr}`, url: `https://github.com/acme/app/pull/${pr}`, state: 'APPROVED', submittedAt: new Date(day + pr * 1000).toISOString().replace('.000Z', 'Z'), login: `r${p}`, name: `Reviewer ${p}`, repo: 'acme/app' });
      }
    }
    const data = buildLeaderboardData([], { contributors: {} }, {
      now: new Date('2024-06-01T00:00:00Z'), analysisPeriodDays: 400, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: { tool: 'test' },
      activity: { reviews, issues: [], points: { approved: 15, changesRequested: 15, commented: 5, issueCompleted: 0 }, status: { state: 'ok', syncedAt: '2024-06-01T00:00:00Z' }, windowStart: null },
    });
    const { chunks, index } = splitInMemory(data);
    const week = index.periods.weekly.find((p) => p.label === '2024-W10');
    expect([week?.per, week?.chunks.length]).toEqual([300, 1]);
    const chunk = chunks.get(week?.chunks[0] ?? '') as { review_pull: number[] };
    expect(chunk.review_pull).toHaveLength(3000);
  });
});
