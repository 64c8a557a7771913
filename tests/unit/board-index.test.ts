// The page's index + chunks give exactly what parseLeaderboardData gives on the whole data file.
import { readFileSync } from 'node:fs';
import type { ZodError } from 'zod';
import { describe, expect, it } from 'vitest';
import { dataFilePieces } from '../../src/core/board/board-files.js';
import { buildLeaderboardData } from '../../src/core/leaderboards.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { boardChunkSchema, chunkEntryCommits, chunkPlace, CHUNK_ENTRIES, packKey, parseBoardIndex, ROW_STRIDE, type IndexPeriod } from '../../src/shared/board-index.js';
import { commitObject } from '../../src/shared/commit-rows.js';
import { describeDataFileError, parseLeaderboardData, PERIOD_TYPES, type LeaderboardData } from '../../src/shared/data-file.js';
import type { ManualContributionsFile } from '../../src/shared/manual-contributions.js';
import { buildTrendSeries } from '../../web/src/lib/chart-series.js';
import { boardFromData, boardFromIndex, indexSeries } from '../../web/src/lib/board.js';
import { collectContributorNames } from '../../web/src/lib/filter.js';
import { spelledOut } from '../cli/helpers.js';
import { splitInMemory } from './split-board.js';

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
  const { chunks, index } = splitInMemory(data);
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
    for (const hidden of hiddenSets) expect(indexSeries(index, type, hidden)).toEqual(buildTrendSeries(full.leaderboards[type], hidden, false, full.shared_commits?.[type]));
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

/** What parseBoardIndex says of a copy of `index` changed by `change` ('no error' when it reads it). */
function indexProblem<T extends object>(index: T, change: (x: T) => void): string {
  const copy = JSON.parse(JSON.stringify(index)) as T;
  change(copy);
  try {
    parseBoardIndex(copy);
  } catch (err) {
    return describeDataFileError(err);
  }
  return 'no error';
}
const invalidIndex = (text: string) => `The leaderboard data file is not valid: ${text}.`;

describe('the index and chunks of the data file', () => {
  it('give the same entries, ranks, tiers, commits and chart series as the whole file (2 years, 300 people)', async () => {
    const { text, data, chunks, index } = built(history(12_000, 300, Date.parse('2023-06-01T00:00:00Z'), 700));
    expect(text).toBe(`${JSON.stringify(data)}\n`);
    // Big periods have chunks of their own, of more than 100 entries where those list few commits.
    expect(index.periods.monthly.some((p) => p.rows.length / ROW_STRIDE > CHUNK_ENTRIES && (p.per ?? 0) > CHUNK_ENTRIES)).toBe(true);
    expect(index.periods.weekly.length).toBeGreaterThan(100);
    // The credit rules were applied: shared commits and cancelled ones are in the data.
    const rows = spelledOut(data).commits;
    expect(rows.some((c) => c.co_authors !== undefined)).toBe(true);
    expect(rows.some((c) => c.reverted_by !== undefined)).toBe(true);
    expect(Object.values(data.leaderboards.monthly).flat().some((e) => (e.co_authored_commits ?? 0) > 0)).toBe(true);
    // Small periods share chunk files, with their neighbours of the same pack key only.
    expect(index.format).toBe(3);
    let shared = 0;
    for (const type of PERIOD_TYPES) {
      // (A chunk can also be another type's: a quarter of one month has that month's entries.)
      const sharers = new Map<string, IndexPeriod[]>();
      for (const p of index.periods[type]) for (const id of p.chunks) sharers.set(id, [...(sharers.get(id) ?? []), p]);
      for (const ps of sharers.values()) {
        if (ps.length === 1) continue;
        shared++;
        expect(new Set(ps.map((p) => packKey(type, p.label))).size).toBe(1);
        expect(ps[0]?.at).toBe(0);
        for (let i = 1; i < ps.length; i++) expect(ps[i]?.at).toBe((ps[i - 1]?.at ?? 0) + (ps[i - 1]?.rows.length ?? 0) / ROW_STRIDE);
      }
    }
    expect(shared).toBeGreaterThan(20);
    expect(chunks.size).toBeLessThan(Object.values(index.periods).flat().length);
    await expectSameBoard(parseLeaderboardData(JSON.parse(text)), index, chunks);
  });

  it('still reads an index of format 1, where every period has chunks of its own', async () => {
    const { text, chunks, index } = built(history(6_000, 200, Date.parse('2023-06-01T00:00:00Z'), 400));
    const own = new Map<string, unknown>();
    // Format 1: each period's own chunks, of 100 entries each (its shared commits kept: the layout is what differs).
    const periodsOf = (list: IndexPeriod[]) => list.map(({ label, rows, chunks: ids, at, shared }) => ({
      label,
      rows,
      ...(shared ? { shared } : {}),
      chunks: ids.flatMap((id) => {
        const chunk = boardChunkSchema.parse(chunks.get(id));
        const entries = at === undefined ? chunk.entries : chunk.entries.slice(at, at + rows.length / ROW_STRIDE);
        const ownIds: string[] = [];
        for (let start = 0; start < entries.length; start += CHUNK_ENTRIES) {
          const ownId = (own.size + 1).toString(16).padStart(16, '0');
          own.set(ownId, { ...chunk, entries: entries.slice(start, start + CHUNK_ENTRIES) });
          ownIds.push(ownId);
        }
        return ownIds;
      }),
    }));
    const old = parseBoardIndex({ ...index, format: 1, periods: { weekly: periodsOf(index.periods.weekly), monthly: periodsOf(index.periods.monthly), quarterly: periodsOf(index.periods.quarterly) } });
    expect(own.size).toBeGreaterThan(chunks.size);
    await expectSameBoard(parseLeaderboardData(JSON.parse(text)), old, own);
  });

  it('packs small periods by four ISO weeks, a quarter\'s months and a year\'s quarters', () => {
    expect(['2024-W01', '2024-W04', '2024-W05', '2024-W53'].map((l) => packKey('weekly', l))).toEqual(['2024w0', '2024w0', '2024w1', '2024w13']);
    expect(['2024-01', '2024-03', '2024-04', '2024-12'].map((l) => packKey('monthly', l))).toEqual(['2024q1', '2024q1', '2024q2', '2024q4']);
    expect(['2024-Q1', '2024-Q4', '2025-Q1'].map((l) => packKey('quarterly', l))).toEqual(['2024', '2024', '2025']);
    expect(packKey('weekly', 'not a label')).toBe('not a label');
    const period: IndexPeriod = { label: '2024-W02', rows: [], chunks: ['0123456789abcdef', 'fedcba9876543210'] };
    expect(chunkPlace(period, 0)).toEqual({ id: '0123456789abcdef', entry: 0 });
    expect(chunkPlace(period, 150)).toEqual({ id: 'fedcba9876543210', entry: 50 });
    expect(chunkPlace(period, 250)).toBeUndefined();
    expect(chunkPlace({ ...period, chunks: ['0123456789abcdef'], at: 37 }, 5)).toEqual({ id: '0123456789abcdef', entry: 42 });
  });

  it('gives a big period of light entries fuller chunks (format 3), and keeps 100 entries a chunk where they list many commits', async () => {
    // One week each: 450 people with 2 commits (one chunk), 400 with 6 (two of 300), 150 with 20 (two of 100); and Only Manual.
    const weeks = [['2024-01-08', 450, 2], ['2024-02-05', 400, 6], ['2024-03-04', 150, 20]] as const;
    const commits: ScoredCommit[] = [];
    for (const [day, people, each] of weeks) {
      for (let p = 0; p < people; p++) {
        for (let k = 0; k < each; k++) {
          const n = commits.length;
          commits.push({
            hash: (n + 1).toString(16).padStart(40, '0'), author: `${day} person ${p}`, email: `${day}.${p}@example.com`,
            date: new Date(Date.parse(`${day}T10:00:00Z`) + (p * each + k) * 1000).toISOString(), subject: `fix: change ${n}`, breaking: false,
            stats: { files: 1, insertions: 3, deletions: 1, excluded_files: 0, excluded_lines: 0 },
            scores: { loc: 3, files: 5, keyword: 10, ai: 4, ai_source: 'heuristic' }, total: 22,
          });
        }
      }
    }
    const { text, chunks, index } = built(commits);
    expect(index.format).toBe(3);
    const week = (label: string) => index.periods.weekly.find((p) => p.label === label) as IndexPeriod;
    expect([week('2024-W02').per, week('2024-W02').chunks.length]).toEqual([500, 1]);
    expect([week('2024-W06').per, week('2024-W06').chunks.length]).toEqual([300, 2]);
    expect([week('2024-W10').per, week('2024-W10').chunks.length]).toEqual([undefined, 2]);
    expect(chunkPlace(week('2024-W06'), 350)).toEqual({ id: week('2024-W06').chunks[1], entry: 50 });
    // Each chunk lists at most 2,000 commits.
    for (const chunk of chunks.values()) expect(boardChunkSchema.parse(chunk).commits.length).toBeLessThanOrEqual(2_000);
    await expectSameBoard(parseLeaderboardData(JSON.parse(text)), index, chunks);

    const problem = (change: (x: typeof index) => void) => indexProblem(index, change);
    const bad = invalidIndex;
    const at = index.periods.weekly.indexOf(week('2024-W06'));
    const set = (x: typeof index, change: Partial<IndexPeriod>) => Object.assign(x.periods.weekly[at] as IndexPeriod, change);
    expect(problem((x) => set(x, { per: 150 }))).toBe(bad(`periods.weekly.${at}.per: expected entries per chunk, a multiple of 100`));
    expect(problem((x) => set(x, { per: 100 }))).toBe(bad('periods.weekly.2024-W06: 2 chunks for 401 entries (one per 100)'));
    expect(problem((x) => set(x, { at: 0 }))).toBe(bad('periods.weekly.2024-W06: both a place in a shared chunk (at) and entries per chunk (per); a period has chunks of its own or shares one'));
    expect(problem((x) => { x.format = 2; })).toBe(bad('periods.weekly.2024-W02: entries per chunk (per) in an index of format 2; only format 3 has them'));
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

  it('names what is wrong with a malformed index, down to the period, row or person', () => {
    const { index } = built(history(1_500, 60, Date.parse('2024-01-01T00:00:00Z'), 90));
    const good = JSON.parse(JSON.stringify(index)) as Record<string, unknown> & typeof index;
    const week = good.periods.weekly[0];
    if (!week) throw new Error('no week');
    const problem = (change: (x: typeof good) => void) => indexProblem(good, change);
    const bad = invalidIndex;
    expect(problem(() => undefined)).toBe('no error');
    expect(problem((x) => { x.people[3] = ['Only a name'] as never; })).toBe(bad('people.3: expected [name, email], two strings'));
    expect(problem((x) => { x.people = {} as never; })).toBe(bad('people: expected an array of [name, email]'));
    expect(problem((x) => { x.periods.monthly = 'soon' as never; })).toBe(bad('periods.monthly: expected an array of periods'));
    expect(problem((x) => { (x.periods.weekly[1] as { label: unknown }).label = 7; })).toBe(bad('periods.weekly.1.label: expected a string'));
    expect(problem((x) => { (x.periods.weekly[0]?.rows as unknown[])[4] = '12'; })).toBe(bad('periods.weekly.0.rows.4: expected a finite number'));
    expect(problem((x) => { (x.periods.quarterly[0] as { chunks: unknown }).chunks = ['nope']; })).toBe(bad('periods.quarterly.0.chunks.0: expected a chunk id (16 hex digits)'));
    expect(problem((x) => { x.periods.weekly[0] = null as never; })).toBe(bad('periods.weekly.0: expected an object with label, rows and chunks'));
    const at = `periods.weekly.${week.label}`;
    expect(problem((x) => { x.periods.weekly[0]?.rows.pop(); })).toBe(bad(`${at}: rows are not whole`));
    expect(problem((x) => { (x.periods.weekly[0] as { rows: number[] }).rows[0] = 99_999; })).toBe(bad(`${at}: unknown person 99999`));
    expect(problem((x) => { (x.periods.weekly[0] as { rows: number[] }).rows[6] = 5; })).toBe(bad(`${at}: unknown note 5`));
    expect(problem((x) => { (x.periods.weekly[0] as IndexPeriod).at = -1; })).toBe(bad('periods.weekly.0.at: expected a whole number from 0'));
    const big = good.periods.quarterly[0] as IndexPeriod;
    const ranks = big.rows.length / ROW_STRIDE;
    expect(problem((x) => { Object.assign(x.periods.quarterly[0] as IndexPeriod, { at: 0, chunks: [...big.chunks, ...big.chunks], rows: [...big.rows, ...big.rows] }); }))
      .toBe(bad(`periods.quarterly.${big.label}: a place in a shared chunk (at) for ${ranks * 2} entries; only periods of up to 100 share one`));
    expect(problem((x) => { x.format = 1 as never; }))
      .toBe(bad(`periods.weekly.${week.label}: a place in a shared chunk (at) in an index of format 1, where periods share none`));
    const entries = week.rows.length / ROW_STRIDE;
    expect(problem((x) => { x.periods.weekly[0]?.chunks.push('0123456789abcdef'); })).toBe(bad(`${at}: 2 chunks for ${entries} entries (one per 100)`));
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
