// Reviews written compactly (each pull request once, in `review_pulls`; the reviews as columns)
// read back as the full rows, in the data file and in the chunks, and what is wrong in them is named.
import { describe, expect, it } from 'vitest';
import type { ReviewState } from '../../src/core/activity.js';
import type { NamedReview } from '../../src/core/board/activity-buckets.js';
import { dataFilePieces } from '../../src/core/board/board-files.js';
import { compactDataFilePieces } from '../../src/core/board/compact-writer.js';
import { compactReviewWriter } from '../../src/core/board/review-pieces.js';
import { buildLeaderboardData } from '../../src/core/leaderboards.js';
import { chunkEntryReviews, type BoardChunk } from '../../src/shared/board-index.js';
import { expandCompactDataFile } from '../../src/shared/compact-data-file.js';
import { parseLeaderboardData } from '../../src/shared/data-file.js';
import type { ReviewRow } from '../../src/shared/review-rows.js';
import { problem } from './real-board.js';
import { splitInMemory } from './split-board.js';

const rv = (name: string, pr: number, state: ReviewState, submittedAt: string, over: Partial<NamedReview> = {}): NamedReview => ({
  pr, title: `PR "${pr}" ü`, url: `https://github.com/acme/app/pull/${pr}`, state, submittedAt, login: name.toLowerCase(), name, repo: 'acme/app', ...over,
});
const reviews = [
  rv('Ann', 7, 'APPROVED', '2025-03-04T10:00:00Z'),
  rv('Bob', 7, 'COMMENTED', '2025-03-04T11:00:00Z'),
  rv('Cy', 7, 'CHANGES_REQUESTED', '2025-03-05T11:00:00.500Z'),
  rv('Ann', 8, 'APPROVED', '2025-03-06T10:00:00Z', { repo: 'acme/ghe', url: 'https://ghe.example.com/acme/ghe/pull/8' }),
  rv('Bob', 9, 'APPROVED', '2025-03-07T10:00:00Z', { title: 'Old title' }),
];
const board = () => buildLeaderboardData([], { contributors: {} }, {
  now: new Date('2025-06-01T00:00:00Z'), analysisPeriodDays: 365, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: { tool: 'test' },
  activity: { reviews, issues: [], points: { approved: 15, changesRequested: 15, commented: 5, issueCompleted: 0 }, status: { state: 'ok', syncedAt: '2025-06-01T00:00:00Z' }, windowStart: null },
});
const text = (pieces: Iterable<string>) => [...pieces].join('');
// One repository, every date whole seconds: the reviews as columns (schema_version 5).
const columnBoard = () => buildLeaderboardData([], { contributors: {} }, {
  now: new Date('2025-06-01T00:00:00Z'), analysisPeriodDays: 365, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: { tool: 'test' },
  activity: {
    reviews: reviews.filter((r) => r.repo === 'acme/app').map((r) => ({ ...r, submittedAt: r.submittedAt.replace('.500Z', 'Z') })), issues: [],
    points: { approved: 15, changesRequested: 15, commented: 5, issueCompleted: 0 }, status: { state: 'ok', syncedAt: '2025-06-01T00:00:00Z' }, windowStart: null,
  },
});

describe('compact review rows', () => {
  it('store each pull request once, its URL only when it is not GitHub\'s usual one, and the reviews as columns', () => {
    const rows: ReviewRow[] = [
      [7, 'A', 'https://github.com/acme/app/pull/7', 'APPROVED', '2025-03-04T10:00:00Z', 'acme/app'],
      [7, 'A', 'https://github.com/acme/app/pull/7', 'COMMENTED', '2025-03-04T09:00:00Z', 'acme/app'],
      [7, 'A', 'https://github.com/acme/app/pull/7', 'APPROVED', '2025-03-03T10:00:00Z', 'acme/lib'],
      [7, 'B', 'https://github.com/acme/app/pull/7', 'CHANGES_REQUESTED', '2025-03-02T10:00:00Z', 'acme/app'],
      [8, 'C', 'https://ghe.example.com/acme/app/pull/8', 'APPROVED', '2025-03-01T10:00:00Z', 'acme/app'],
    ];
    const write = compactReviewWriter(rows);
    const s = (date: string) => Date.parse(date) / 1000;
    expect(JSON.parse(`{${text(write([0, 1, 2, 3, 4]))}}`)).toEqual({
      review_pulls: [['acme/app', 7, 'A'], ['acme/lib', 7, 'A', 'https://github.com/acme/app/pull/7'], ['acme/app', 7, 'B'], ['acme/app', 8, 'C', 'https://ghe.example.com/acme/app/pull/8']],
      review_pull: [0, 0, 1, 2, 3],
      review_state: 'AMACA',
      // The first since 1970, then each as the seconds before the one above.
      review_at: [s('2025-03-04T10:00:00Z'), 3600, 82_800, 86_400, 86_400],
    });
    // A subset names its own pull requests from 0, and the next subset starts afresh.
    expect(JSON.parse(`{${text(write([4, 1]))}}`)).toEqual({
      review_pulls: [['acme/app', 8, 'C', 'https://ghe.example.com/acme/app/pull/8'], ['acme/app', 7, 'A']],
      review_pull: [0, 1], review_state: 'AM', review_at: [s('2025-03-01T10:00:00Z'), s('2025-03-01T10:00:00Z') - s('2025-03-04T09:00:00Z')],
    });
    expect(JSON.parse(`{${text(write([]))}}`)).toEqual({ review_pulls: [], review_pull: [], review_state: '', review_at: [] });
  });

  it('name the repository once when every pull request is of one', () => {
    const rows: ReviewRow[] = [
      [7, 'A', 'https://github.com/acme/app/pull/7', 'APPROVED', '2025-03-04T10:00:00Z', 'acme/app'],
      [8, 'B', 'https://ghe.example.com/acme/app/pull/8', 'COMMENTED', '2025-03-03T10:00:00Z', 'acme/app'],
    ];
    expect(JSON.parse(`{${text(compactReviewWriter(rows)([0, 1]))}}`)).toMatchObject({ review_repo: 'acme/app', review_pulls: [[7, 'A'], [8, 'B', 'https://ghe.example.com/acme/app/pull/8']] });
  });

  it('keep rows when a date is not whole seconds as GitHub writes it, so that it reads back as it was', () => {
    const rows: ReviewRow[] = [
      [7, 'A', 'https://github.com/acme/app/pull/7', 'APPROVED', '2025-03-04T10:00:00.500Z', 'acme/app'],
      [7, 'A', 'https://github.com/acme/app/pull/7', 'COMMENTED', '2025-03-04T09:00:00Z', 'acme/app'],
    ];
    expect(JSON.parse(`{${text(compactReviewWriter(rows)([0, 1]))}}`)).toEqual({
      review_repo: 'acme/app', review_pulls: [[7, 'A']], reviews: [[0, 'APPROVED', '2025-03-04T10:00:00.500Z'], [0, 'COMMENTED', '2025-03-04T09:00:00Z']],
    });
  });

  it('read back as the full rows, in the data file and in each chunk', () => {
    const data = board();
    const v4 = JSON.parse(text(compactDataFilePieces(data))) as Record<string, unknown>;
    expect(v4.review_pulls).toEqual([['acme/app', 9, 'Old title'], ['acme/ghe', 8, 'PR "8" ü', 'https://ghe.example.com/acme/ghe/pull/8'], ['acme/app', 7, 'PR "7" ü']]);
    expect(parseLeaderboardData(v4)).toEqual(parseLeaderboardData(JSON.parse(text(dataFilePieces(data)))));
    const full = parseLeaderboardData(v4);
    const { chunks, index } = splitInMemory(data);
    for (const period of index.periods.monthly) {
      const chunk = chunks.get(period.chunks[0] as string) as BoardChunk;
      expect(chunk.review_pulls).toBeDefined();
      full.leaderboards.monthly[period.label]?.forEach((entry, i) => expect(chunkEntryReviews(chunk, (period.at ?? 0) + i)).toEqual(entry.reviews ?? []));
    }
  });

  it('read back from columns as the full rows, in the data file (schema_version 5) and in each chunk', () => {
    const data = columnBoard();
    const v5 = JSON.parse(text(compactDataFilePieces(data))) as Record<string, unknown>;
    expect(v5).toMatchObject({ schema_version: 5, review_repo: 'acme/app', review_pulls: [[9, 'Old title'], [7, 'PR "7" ü']], review_pull: [0, 1, 1, 1], review_state: 'ACMA' });
    expect(v5.reviews).toBeUndefined();
    expect(parseLeaderboardData(v5)).toEqual(parseLeaderboardData(JSON.parse(text(dataFilePieces(data)))));
    // Expanded, it is the board as built: written again, the same bytes.
    expect(text(compactDataFilePieces(expandCompactDataFile(v5)))).toBe(text(compactDataFilePieces(data)));
    const full = parseLeaderboardData(v5);
    const { chunks, index } = splitInMemory(data);
    let listed = 0;
    for (const period of index.periods.weekly) {
      const chunk = chunks.get(period.chunks[0] as string) as BoardChunk;
      expect(chunk.review_state).toEqual(expect.any(String));
      full.leaderboards.weekly[period.label]?.forEach((entry, i) => {
        listed += entry.reviews?.length ?? 0;
        expect(chunkEntryReviews(chunk, (period.at ?? 0) + i)).toEqual(entry.reviews ?? []);
      });
    }
    expect(listed).toBe(4);
  });

  it('still reads full rows (files and chunks written before)', () => {
    const data = board();
    const v4 = JSON.parse(text(compactDataFilePieces(data))) as Record<string, unknown>;
    const before: Record<string, unknown> = { ...v4, reviews: data.reviews };
    delete before.review_pulls;
    expect(parseLeaderboardData(before)).toEqual(parseLeaderboardData(v4));
    const chunk: BoardChunk = { commit_defaults: { ai_source: 'heuristic' }, commits: [], entries: [[]], reviews: [data.reviews?.[0]], entry_reviews: [[0]] };
    expect(chunkEntryReviews(chunk, 0)).toEqual([{ pr: 9, title: 'Old title', url: 'https://github.com/acme/app/pull/9', state: 'APPROVED', date: '2025-03-07T10:00:00Z', repo: 'acme/app' }]);
  });

  it('name the row and column of what is wrong', () => {
    const v4 = JSON.parse(text(compactDataFilePieces(board()))) as { reviews: unknown[][]; review_pulls: unknown[][] };
    const broken = (edit: (f: typeof v4) => void) => {
      const f = structuredClone(v4);
      edit(f);
      return problem(f);
    };
    expect(broken((f) => { (f.reviews[1] as unknown[])[0] = 9; })).toContain('reviews.1.0: expected an index into review_pulls (0 to 2)');
    expect(broken((f) => { (f.reviews[1] as unknown[])[1] = 'PENDING'; })).toContain('reviews.1.1: expected one of APPROVED, CHANGES_REQUESTED, COMMENTED');
    expect(broken((f) => { (f.reviews[1] as unknown[])[2] = 'soon'; })).toContain('reviews.1.2: expected an ISO 8601 date');
    expect(broken((f) => { f.reviews[1] = [0, 'APPROVED']; })).toContain('reviews.1: expected a row of pull, state, date');
    expect(broken((f) => { (f.review_pulls[0] as unknown[])[1] = '7'; })).toContain('review_pulls.0.1: expected a pull request number');
    expect(broken((f) => { f.review_pulls[0] = ['acme/app']; })).toContain('review_pulls.0: expected a row of repo (unless review_repo gives it), pr, title and');
    expect(broken((f) => { (f as { review_pulls: unknown }).review_pulls = {}; })).toContain('review_pulls: expected an array of pull request rows');
    const chunk: BoardChunk = { commit_defaults: { ai_source: 'heuristic' }, commits: [], entries: [[]], reviews: [[0, 'APPROVED', '2025-03-07T10:00:00Z']], review_pulls: [['acme/app', 'x', 'T']], entry_reviews: [[0]] };
    expect(() => chunkEntryReviews(chunk, 0)).toThrow(/review_pulls\.0\.1|expected a pull request number/);
  });

  it('name what is wrong in the columns', () => {
    type V5 = { review_repo?: unknown; review_pulls: unknown[]; review_pull: unknown[]; review_state: unknown; review_at: unknown[]; reviews?: unknown };
    const v5 = JSON.parse(text(compactDataFilePieces(columnBoard()))) as V5;
    const broken = (edit: (f: V5) => void) => {
      const f = structuredClone(v5);
      edit(f);
      return problem(f);
    };
    expect(broken((f) => { f.review_pull[1] = 5; })).toContain('review_pull.1: expected an index into review_pulls (0 to 1)');
    expect(broken((f) => { f.review_state = 'ACXA'; })).toContain('review_state.2: expected A (APPROVED), C (CHANGES_REQUESTED) or M (COMMENTED)');
    expect(broken((f) => { f.review_state = 'AA'; })).toContain('review_state: expected a letter per review (4)');
    expect(broken((f) => { f.review_at[3] = 1.5; })).toContain('review_at.3: expected the whole seconds before the review above');
    expect(broken((f) => { f.review_at.pop(); })).toContain('review_at: expected whole seconds per review (4)');
    expect(broken((f) => { f.review_at[0] = 9e12; })).toContain('review_at.0: the date it gives (9000000000000 seconds from 1970) is not within the years 0001-9999');
    expect(broken((f) => { delete f.review_repo; })).toContain('review_pulls.0.0: a pull request row that starts with its number is of review_repo, which is missing');
    expect(broken((f) => { f.review_repo = 7; })).toContain('review_repo: expected the repository (owner/name) of the pull request rows that name none');
    expect(broken((f) => { f.reviews = []; })).toContain('reviews: review rows beside the columns review_pull, review_state and review_at: give the rows or the columns');
    expect(broken((f) => { f.review_pull = {} as unknown[]; })).toContain('review_pull: expected an array of indexes into review_pulls, one per review');
    // Columns without their pull requests: the missing member is named, not an entry's index.
    expect(broken((f) => { delete (f as { review_pulls?: unknown }).review_pulls; })).toContain('review_pulls: expected an array of pull request rows');
    const { chunks, index } = splitInMemory(columnBoard());
    const period = index.periods.quarterly[0];
    const chunk = structuredClone(chunks.get(period?.chunks[0] as string)) as BoardChunk;
    const reviewer = chunk.entry_reviews?.findIndex((refs) => refs.length > 0) ?? -1;
    const withoutPulls = structuredClone(chunk);
    delete withoutPulls.review_pulls;
    expect(() => chunkEntryReviews(withoutPulls, reviewer)).toThrow(/review_pulls[\s\S]*expected an array of pull request rows/);
    chunk.review_state = 'Z'.repeat((chunk.review_state as string).length);
    expect(() => chunkEntryReviews(chunk, reviewer)).toThrow(/expected A \(APPROVED\), C \(CHANGES_REQUESTED\) or M \(COMMENTED\)/);
  });
});
