// schema_version 4 (entries as rows, people once, compact hashes, dates and indexes) reads exactly
// as schema_version 3 of the same board did, and loses nothing of the board as built.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataFilePieces } from '../../src/core/board/board-files.js';
import { compactDataFilePieces } from '../../src/core/board/compact-writer.js';
import { buildLeaderboardData } from '../../src/core/leaderboards.js';
import { withoutEmails } from '../../src/core/site/redact.js';
import type { ScoredCommit } from '../../src/core/types.js';
import {
  COMMITS_DELTA_COLUMN, DATE_DELTA_COLUMN, ENTRY_COLUMNS, expandCompactDataFile, HASH_BASE64_COLUMN, hexOfBase64url,
} from '../../src/shared/compact-data-file.js';
import { wholeSeconds } from '../../src/shared/seconds.js';
import { parseLeaderboardData, type WrittenLeaderboardData } from '../../src/shared/data-file.js';
import { problem, realBoardInput, withoutSharedCommits } from './real-board.js';

const V2_TEXT = readFileSync('tests/fixtures/real-board-v2.json', 'utf8');
const FIXTURE_TEXT = readFileSync('tests/fixtures/real-leaderboard-data.json', 'utf8');

/** A board as built, and its text as schema_version 3 and as 4. */
function texts(data: WrittenLeaderboardData): { v3: string; v4: string } {
  return { v3: [...dataFilePieces(data)].join(''), v4: [...compactDataFilePieces(data)].join('') };
}

function realBoard(): WrittenLeaderboardData {
  const { commits, manual, opts } = realBoardInput();
  return buildLeaderboardData(commits, manual, opts);
}

const commit = (author: string, i: number, date: string, hash = String(i % 10).repeat(40)): ScoredCommit => ({
  hash, author, email: `${author.length}.${i}@example.com`, date, subject: `feat: change ${i}`, breaking: false,
  stats: { files: 1, insertions: i, deletions: 0, excluded_files: 0, excluded_lines: 0 },
  scores: { loc: 3, files: 5, keyword: 25, ai: 20, ai_source: 'heuristic' }, total: 53,
});
const opts = { now: new Date('2025-06-01T00:00:00Z'), analysisPeriodDays: 365, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: {} };

describe('schema_version 4', () => {
  it('reads the real board exactly as its schema_version 3 and 2 files, and gives back the board as built', () => {
    const data = realBoard();
    const { v3, v4 } = texts(data);
    const file = JSON.parse(v4) as Record<string, unknown>;
    expect(file.schema_version).toBe(4);
    expect(v4.startsWith('{"schema_version":4,"last_updated":')).toBe(true);
    expect(file.entry_columns).toEqual(ENTRY_COLUMNS);
    expect((file.commit_columns as string[]).slice(0, 2)).toEqual([HASH_BASE64_COLUMN, DATE_DELTA_COLUMN]);
    const parsed = parseLeaderboardData(file);
    expect(parsed).toEqual(parseLeaderboardData(JSON.parse(v3)));
    expect(withoutSharedCommits(parsed)).toEqual(parseLeaderboardData(JSON.parse(V2_TEXT)));
    // Nothing lost: expanded, it is the board as built, value for value, and writes the same bytes again.
    expect(expandCompactDataFile(file)).toEqual(JSON.parse(JSON.stringify(data)));
    expect([...compactDataFilePieces(expandCompactDataFile(file))].join('')).toBe(v4);
    expect(v4.length).toBeLessThan(v3.length * 0.75);
  });

  it('publishes without emails: reads as the published schema_version 3 file does, logins standing for emails', () => {
    const { v3, v4 } = texts(realBoard());
    const published = JSON.stringify(withoutEmails(JSON.parse(v4)));
    expect(v4).toMatch(/@example\.com/);
    expect(published).not.toMatch(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/);
    expect(parseLeaderboardData(JSON.parse(published))).toEqual(parseLeaderboardData(withoutEmails(JSON.parse(v3))));
    const people = (JSON.parse(published) as { people: string[][] }).people;
    expect(people.find(([name]) => name === 'Tomer Shmilovich')?.[1]).toBe('tshmilnvidia');
  });

  it('reads the inline fixture and a board built from it alike, whatever the shape', () => {
    const fixture = parseLeaderboardData(JSON.parse(FIXTURE_TEXT));
    expect(Object.keys(fixture.leaderboards.weekly).length).toBeGreaterThan(0);
    // A board of contributors named like Object properties, a manual-only one without an email, and a period with nobody.
    const data = buildLeaderboardData(
      [commit('__proto__', 1, '2025-03-01T10:00:00Z'), commit('constructor', 2, '2025-03-02T10:00:00Z'), commit('constructor', 3, '2025-03-03T10:00:00Z')],
      { contributors: { 'No Email': { contributions: [{ score: 5, notes: 'talk', start_date: null, end_date: null }] } } }, opts);
    const { v3, v4 } = texts(data);
    const file = JSON.parse(v4) as { people: unknown[] };
    expect(file.people).toEqual([['No Email', ''], ['__proto__', '9.1@example.com'], ['constructor', '11.3@example.com']]);
    expect(parseLeaderboardData(file)).toEqual(parseLeaderboardData(JSON.parse(v3)));
    expect(parseLeaderboardData(file).leaderboards.monthly['2025-03']?.map((e) => [e.name, e.email, e.commits.length])).toEqual([
      ['constructor', '11.3@example.com', 2], ['__proto__', '9.1@example.com', 1], ['No Email', '', 0],
    ]);
  });

  it('keeps a column plain when one of its values does not fit the compact form', () => {
    // A date with milliseconds and a hash that is not hex are kept as they are, so they read back the same.
    const data = buildLeaderboardData([commit('Ann', 1, '2025-03-01T10:00:00.250Z'), commit('Ann', 2, '2025-03-02T10:00:00Z', 'not-a-hash')], { contributors: {} }, opts);
    const { v3, v4 } = texts(data);
    const file = JSON.parse(v4) as { commit_columns: string[]; commits: unknown[][] };
    expect(file.commit_columns.slice(0, 2)).toEqual(['full_hash', 'date']);
    expect(file.commits.map((r) => r[1])).toEqual(['2025-03-02T10:00:00Z', '2025-03-01T10:00:00.250Z']);
    expect(parseLeaderboardData(file)).toEqual(parseLeaderboardData(JSON.parse(v3)));
  });

  it('writes dates as seconds from the row above and indexes as differences', () => {
    const data = buildLeaderboardData([commit('Ann', 1, '2025-03-01T10:00:00Z'), commit('Ann', 2, '2025-03-01T10:01:40Z'), commit('Bob', 3, '2025-03-03T10:00:00Z')], { contributors: {} }, opts);
    const file = JSON.parse(texts(data).v4) as { commits: unknown[][]; leaderboards: { monthly: Record<string, unknown[][]> } };
    expect(file.commits.map((r) => r[1])).toEqual([Date.parse('2025-03-03T10:00:00Z') / 1000, 172_700, 100]);
    expect(file.commits.map((r) => hexOfBase64url(r[0] as string))).toEqual(['3'.repeat(40), '2'.repeat(40), '1'.repeat(40)]);
    // Ann (person 0) has rows 1 and 2; Bob (person 1) row 0.
    expect(file.leaderboards.monthly['2025-03']).toEqual([[0, 2, 2, 106, [1, 1]], [1, 1, 1, 53, [0]]]);
  });

  it('reads dates of every day, before 1970 and after 2038 as they were written', () => {
    const dates = ['1000-03-01T00:00:00Z', '1969-12-31T23:59:59Z', '1970-01-01T00:00:00Z', '2024-02-29T12:34:56Z', '2024-02-29T00:00:01Z', '2024-02-28T23:59:59Z', '2100-01-01T00:00:00Z', '9999-12-31T23:59:59Z'];
    const data = buildLeaderboardData(dates.map((d, i) => commit('Ann', i, d, String(i).repeat(40))), { contributors: {} }, { ...opts, now: new Date('9999-12-31T23:59:59Z'), analysisPeriodDays: 4_000_000 });
    const { v3, v4 } = texts(data);
    const file = JSON.parse(v4) as { commit_columns: string[] };
    expect(file.commit_columns[1]).toBe(DATE_DELTA_COLUMN);
    expect(expandCompactDataFile(file).commits.map((r) => r[1])).toEqual([...dates].sort().reverse());
    expect(parseLeaderboardData(file)).toEqual(parseLeaderboardData(JSON.parse(v3)));
  });

  it('takes a date as seconds only when it reads back the same', () => {
    expect(wholeSeconds('2024-02-29T23:59:59Z')).toBe(Date.parse('2024-02-29T23:59:59Z') / 1000);
    expect(wholeSeconds('1969-12-31T23:59:59Z')).toBe(-1);
    for (const date of ['2023-02-29T10:00:00Z', '2025-04-31T10:00:00Z', '2025-01-01T24:00:00Z', '2025-01-01T10:00:00.000Z', '2025-01-01T10:00:00+02:00', '0099-01-01T00:00:00Z']) {
      expect(wholeSeconds(date), date).toBeNull();
    }
    // The day is counted by arithmetic: every kind of year (leap, century, 400th) and month end, against Date.
    for (const year of [100, 400, 1600, 1899, 1900, 1970, 1999, 2000, 2024, 2100, 9999]) {
      for (let month = 1; month <= 12; month++) {
        const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
        for (const day of [1, 28, last]) {
          const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T13:07:59Z`;
          const utc = new Date(0);
          utc.setUTCFullYear(year, month - 1, day);
          utc.setUTCHours(13, 7, 59, 0);
          expect(wholeSeconds(date), date).toBe(utc.getTime() / 1000);
        }
      }
    }
    expect(hexOfBase64url(Buffer.from('ff00aa'.repeat(32 / 3 + 1).slice(0, 64), 'hex').toString('base64url'))).toBe('ff00aa'.repeat(11).slice(0, 64));
  });

  it('names the row and column of what is wrong, with what to write instead', () => {
    const base = JSON.parse(texts(realBoard()).v4) as Record<string, unknown> & { commits: unknown[][]; people: unknown[][]; leaderboards: { monthly: Record<string, unknown[][]> } };
    const [label, rows] = Object.entries(base.leaderboards.monthly)[0] as [string, unknown[][]];
    const withEntry = (row: unknown) => ({ ...base, leaderboards: { ...base.leaderboards, monthly: { ...base.leaderboards.monthly, [label]: [row, ...rows.slice(1)] } } });
    const row0 = rows[0] as unknown[];
    const at = `leaderboards.monthly.${label}.0`;
    expect(problem(base)).toBe('valid');
    expect(problem({ ...base, schema_version: 6 })).toContain('schema_version: 6 is newer than this version of contributor-leaderboard reads (up to 5): update contributor-leaderboard');
    expect(problem(withEntry({ name: 'Ann' }))).toContain(`${at}: expected a row of 5 values (person, total_commits, significant_commits, commit_score, ${COMMITS_DELTA_COLUMN}), then an object of the fields that apply or nothing`);
    expect(problem(withEntry([base.people.length, ...row0.slice(1)]))).toContain(`${at}.0: person ${base.people.length} is not in the people table (${base.people.length} people)`);
    expect(problem(withEntry([0, 'two', ...row0.slice(2)]))).toContain(`${at}.1: expected a number (total_commits)`);
    expect(problem(withEntry([...row0.slice(0, 4), [0, -1]]))).toContain(`${at}.4.1: commit index -1 is not in the commits table`);
    expect(problem(withEntry([...row0.slice(0, 4), [base.commits.length]]))).toContain(`${at}.4.0: commit index ${base.commits.length} is not in the commits table (${base.commits.length} commits)`);
    expect(problem(withEntry([...row0.slice(0, 5), { bonus: 3 }]))).toContain(`${at}.5.bonus: unknown field "bonus"`);
    expect(problem(withEntry([...row0.slice(0, 5), { commits: [1] }]))).toContain(`${at}.5.commits: "commits" is also a column: give it once`);
    expect(problem(withEntry([...row0.slice(0, 5), { total_commits: 1 }]))).toContain(`${at}.5.total_commits: "total_commits" is also a column: give it once`);
    expect(problem(withEntry([...row0.slice(0, 5), { additional_contribution_notes: 3 }]))).toContain(`${at}.5.additional_contribution_notes: expected the notes (a string)`);
    expect(problem(withEntry([...row0.slice(0, 5), { reviews: [0] }]))).toContain(`${at}.5.reviews.0: review index 0 is not in the reviews table (0 reviews)`);
    expect(problem({ ...base, people: [['Ann']] })).toContain('people.0: expected [name, email] or [name, email, login], all strings');
    expect(problem({ ...base, entry_columns: ['person', 'total_commits', 'score'] })).toContain('entry_columns.2: unknown column "score"');
    expect(problem({ ...base, entry_columns: ['person', 'total_commits', 'total_commits'] })).toContain('entry_columns.2: column "total_commits" is named twice');
    expect(problem({ ...base, entry_columns: ['person', 'commit_score'] })).toContain('entry_columns: there is no "total_commits" column');
    const withCommit = (i: number, j: number, value: unknown) => ({ ...base, commits: base.commits.map((r, k) => (k === i ? r.map((v, m) => (m === j ? value : v)) : r)) });
    expect(problem(withCommit(2, 0, 'abc'))).toContain('commits.2.0: expected the hash\'s bytes in base64url (27 characters for SHA-1, 43 for SHA-256)');
    expect(problem(withCommit(2, 1, '2025-01-01T00:00:00Z'))).toContain('commits.2.1: expected the whole seconds before the date of the row above');
    expect(problem(withCommit(0, 1, 1e15))).toContain('commits.0.1: the date it gives (1000000000000000 seconds from 1970) is not within the years 0001-9999');
    expect(problem(withCommit(2, 3, 'three'))).toContain('commits.2.3: Invalid input: expected number, received string (stats.files)');
  });

  it('follows its header: entry columns in another order, plain commit indexes, a column in the trailing object', () => {
    const data = realBoard();
    const file = JSON.parse(texts(data).v4) as Record<string, unknown> & { leaderboards: Record<string, Record<string, unknown[][]>> };
    const undelta = (d: number[]) => d.map((_, j) => d.slice(0, j + 1).reduce((a, b) => a + b, 0));
    const moved = {
      ...file,
      entry_columns: ['commits', 'commit_score', 'person', 'total_commits'],
      leaderboards: Object.fromEntries(Object.entries(file.leaderboards).map(([type, periods]) => [type, Object.fromEntries(Object.entries(periods).map(([label, rows]) => [
        label, rows.map(([person, total, significant, score, commits, extras]) => [undelta(commits as number[]), score, person, total, { ...(extras as object | undefined), significant_commits: significant }]),
      ]))])),
    };
    expect(parseLeaderboardData(moved)).toEqual(parseLeaderboardData(file));
  });
});
