// The page's index + chunks give exactly what parseLeaderboardData gives on the whole data file.
import { readFileSync } from 'node:fs';
import type { ZodError } from 'zod';
import { describe, expect, it } from 'vitest';
import { dataFilePieces, splitBoard } from '../../src/core/board/board-files.js';
import { buildLeaderboardData } from '../../src/core/leaderboards.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { boardChunkSchema, chunkEntryCommits, CHUNK_ENTRIES, parseBoardIndex } from '../../src/shared/board-index.js';
import { commitObject } from '../../src/shared/commit-rows.js';
import { parseLeaderboardData, PERIOD_TYPES, type LeaderboardData } from '../../src/shared/data-file.js';
import type { ManualContributionsFile } from '../../src/shared/manual-contributions.js';
import { buildTrendSeries } from '../../web/src/lib/chart-series.js';
import { boardFromData, boardFromIndex, indexSeries } from '../../web/src/lib/board.js';
import { collectContributorNames } from '../../web/src/lib/filter.js';
import { spelledOut } from '../cli/helpers.js';

/** A deterministic history: `authors` people (Zipf-ish), `count` commits from `start` over `days`. */
function history(count: number, authors: number, start: number, days: number): ScoredCommit[] {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const out: ScoredCommit[] = [];
  for (let i = 0; i < count; i++) {
    const a = Math.floor(authors * rnd() ** 2);
    const loc = [3, 8, 15, 30][Math.floor(rnd() * 4)] as number;
    const files = [5, 10, 20][Math.floor(rnd() * 3)] as number;
    const keyword = [5, 10, 12, 15, 25][Math.floor(rnd() * 5)] as number;
    const ai = Math.floor(rnd() * 26);
    const ms = start + Math.floor(rnd() * days * 86_400) * 1000;
    out.push({
      hash: (i + 1).toString(16).padStart(40, 'a'),
      author: `Person ${a}`,
      email: `p${a}@example.com`,
      date: new Date(ms).toISOString(),
      subject: `feat: change ${i} "quoted" ü`,
      breaking: false,
      stats: { files: 1 + (i % 7), insertions: i % 300, deletions: i % 40, excluded_files: i % 11 === 0 ? 1 : 0, excluded_lines: i % 11 === 0 ? 12 : 0 },
      scores: { loc, files, keyword, ai, ai_source: i % 13 === 0 ? 'openai:gpt-4.1-mini' : 'heuristic', ...(i % 13 === 0 ? { ai_reason: 'Adds a parser' } : {}) },
      total: loc + files + keyword + ai,
      // Some co-authored commits and some reverts, so the credit rules change counts and scores.
      ...(i % 17 === 0 ? { co_authors: [{ name: `Person ${(a + 1) % authors}`, email: `p${(a + 1) % authors}@example.com` }] } : {}),
      ...(i % 97 === 5 && i > 5 ? { reverts: [(i - 4).toString(16).padStart(40, 'a')] } : {}),
    });
  }
  return out;
}

const manual: ManualContributionsFile = {
  contributors: {
    'Person 3': { contributions: [{ score: 40, notes: 'KubeCon talk', start_date: '2024-03-01', end_date: '2024-03-20' }] },
    'Only Manual': { email: 'only@example.com', contributions: [{ score: 15, notes: 'Mentoring', start_date: null, end_date: null }] },
  },
};

/** Builds the data file, its text through dataFilePieces, and the index and chunks through JSON. */
function built(commits: ScoredCommit[]) {
  const data = buildLeaderboardData(commits, manual, {
    now: new Date('2025-06-01T00:00:00Z'), analysisPeriodDays: 900, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: { tool: 'test' },
    credit: { coAuthors: 'share', reverts: 'cancel' },
  });
  const text = [...dataFilePieces(data)].join('');
  const chunks = new Map<string, unknown>();
  const split = splitBoard(data);
  let step = split.next();
  while (!step.done) {
    chunks.set(step.value.id, JSON.parse(step.value.text));
    step = split.next();
  }
  const index = parseBoardIndex(JSON.parse(JSON.stringify(step.value)));
  return { data, text, chunks, index };
}

async function expectSameBoard(full: LeaderboardData, index: ReturnType<typeof parseBoardIndex>, chunks: Map<string, unknown>): Promise<void> {
  const fetched: string[] = [];
  const board = boardFromIndex(index, async (id) => {
    fetched.push(id);
    return chunks.get(id);
  });
  const reference = boardFromData(full);
  expect(board.names).toEqual(collectContributorNames(full));
  expect(board.labels).toEqual(reference.labels);
  expect(board.last_updated).toBe(full.last_updated);
  expect(board.metadata).toEqual(full.metadata);
  const hiddenSets = [new Set<string>(), new Set(['Person 0']), new Set(['Person 1', 'Only Manual', 'Person 7'])];
  for (const type of PERIOD_TYPES) {
    for (const hidden of hiddenSets) expect(indexSeries(index, type, hidden)).toEqual(buildTrendSeries(full.leaderboards[type], hidden));
    for (const [label, entries] of Object.entries(full.leaderboards[type])) {
      const loader = board.commitLoader(type, label);
      if (!loader) throw new Error('an index board loads commits');
      const got = board.entries(type, label);
      const withCommits = await Promise.all(got.map(async (e) => ({ ...e, commits: await loader(e.name) })));
      expect(withCommits).toEqual(entries);
    }
  }
  expect(new Set(fetched).size).toBe(chunks.size);
}

describe('the index and chunks of the data file', () => {
  it('give the same entries, ranks, tiers, commits and chart series as the whole file (2 years, 300 people)', async () => {
    const { text, data, chunks, index } = built(history(12_000, 300, Date.parse('2023-06-01T00:00:00Z'), 700));
    expect(text).toBe(`${JSON.stringify(data)}\n`);
    // Some periods need several chunks.
    expect(Math.max(...index.periods.monthly.map((p) => p.chunks.length))).toBeGreaterThan(1);
    expect(index.periods.weekly.length).toBeGreaterThan(100);
    // The credit rules were applied: shared commits and cancelled ones are in the data.
    const rows = spelledOut(data).commits;
    expect(rows.some((c) => c.co_authors !== undefined)).toBe(true);
    expect(rows.some((c) => c.reverted_by !== undefined)).toBe(true);
    expect(Object.values(data.leaderboards.monthly).flat().some((e) => (e.co_authored_commits ?? 0) > 0)).toBe(true);
    await expectSameBoard(parseLeaderboardData(JSON.parse(text)), index, chunks);
  });

  it('keeps the chunk of an unchanged period under the same name when another period changes', () => {
    const commits = history(3_000, 120, Date.parse('2024-01-01T00:00:00Z'), 200);
    const before = built(commits);
    const later = [{ ...commits[0] as ScoredCommit, hash: 'f'.repeat(40), date: '2024-09-30T10:00:00.000Z' }, ...commits];
    const after = built(later);
    const first = (x: typeof before) => x.index.periods.weekly.find((p) => p.label === '2024-W02')?.chunks;
    expect(first(after)).toEqual(first(before));
    expect(after.index.periods.weekly.at(-1)?.chunks).not.toEqual(before.index.periods.weekly.at(-1)?.chunks);
  });

  it('holds commits as the data file\'s rows, and still reads chunks that spelled them out as objects', () => {
    const { data, chunks } = built(history(2_000, 80, Date.parse('2024-01-01T00:00:00Z'), 120));
    const [chunk] = [...chunks.values()].map((c) => boardChunkSchema.parse(c));
    if (!chunk) throw new Error('no chunk');
    expect(chunk.commit_columns).toEqual(data.commit_columns);
    expect(chunk.commits.every((c) => Array.isArray(c))).toBe(true);
    const objects = { ...chunk, commit_columns: undefined, commits: chunk.commits.map((row) => commitObject(row as unknown[], data.commit_columns)) };
    for (let i = 0; i < chunk.entries.length; i++) expect(chunkEntryCommits(objects, i)).toEqual(chunkEntryCommits(chunk, i));
    const message = (read: () => unknown) => {
      try {
        read();
      } catch (err) {
        return (err as ZodError).issues.map((i) => i.message).join('; ');
      }
      return 'no error';
    };
    expect(message(() => chunkEntryCommits({ ...chunk, commit_columns: ['full_hash', 'colour'] }, 0))).toBe('commit_columns: unknown column "colour"');
    expect(message(() => chunkEntryCommits({ ...chunk, commits: chunk.commits.map(() => ({})) }, 0))).toMatch(/^commits\.\d+: expected a row of full_hash, date, message/);
  });

  it('writes an empty board', () => {
    const { text, index } = built([]);
    expect(parseLeaderboardData(JSON.parse(text)).leaderboards.weekly).toEqual({});
    expect(index.periods.weekly).toEqual([]);
  });

  it('the fixture as a whole file gives the board it always did', () => {
    const full = parseLeaderboardData(JSON.parse(readFileSync('tests/fixtures/real-leaderboard-data.json', 'utf8')));
    const board = boardFromData(full);
    const label = board.labels.monthly[0] as string;
    expect(board.entries('monthly', label)).toBe(full.leaderboards.monthly[label]);
    expect(board.commitLoader('monthly', label)).toBeNull();
    expect(CHUNK_ENTRIES).toBe(100);
  });
});
