// schema_version 3 (rows under a header, emails once) reads exactly as schema_version 2 did.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataFilePieces } from '../../src/core/board/board-files.js';
import { buildLeaderboardData } from '../../src/core/leaderboards.js';
import { withoutEmails } from '../../src/core/site/redact.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { COMMIT_COLUMNS } from '../../src/shared/commit-rows.js';
import { parseLeaderboardData, type WrittenLeaderboardData } from '../../src/shared/data-file.js';
import { spelledOut } from '../cli/helpers.js';
import { problem, realBoardInput, withoutSharedCommits } from './real-board.js';

const V2_TEXT = readFileSync('tests/fixtures/real-board-v2.json', 'utf8');
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/** The real board as this version writes it, and its text as the data file holds it. */
function realBoard(): { data: WrittenLeaderboardData; text: string } {
  const { commits, manual, opts } = realBoardInput();
  const data = buildLeaderboardData(commits, manual, opts);
  return { data, text: [...dataFilePieces(data)].join('') };
}

describe('schema_version 3', () => {
  it('reads a real board exactly as the schema_version 2 file written from the same input', () => {
    const { data, text } = realBoard();
    expect(data.schema_version).toBe(3);
    const v3 = parseLeaderboardData(JSON.parse(text));
    const v2 = parseLeaderboardData(JSON.parse(V2_TEXT));
    expect(v3.shared_commits).toBeDefined();
    expect(withoutSharedCommits(v3)).toEqual(v2);
    // Every feature of a board is in it: manual points, shares, cancelled commits, AI sources.
    const entries = Object.values(v3.leaderboards.weekly).flat();
    expect(entries.some((e) => e.additional_contribution_score > 0 && e.commits.length === 0)).toBe(true);
    expect(entries.some((e) => (e.co_authored_commits ?? 0) > 0)).toBe(true);
    const commits = entries.flatMap((e) => e.commits);
    for (const has of [(c: (typeof commits)[number]) => c.cancelled, (c: (typeof commits)[number]) => c.scores.ai_override, (c: (typeof commits)[number]) => c.scores.ai_fallback, (c: (typeof commits)[number]) => c.repo === 'lmcache-docs']) {
      expect(commits.some(has)).toBe(true);
    }
    // Nothing was lost: spelled out, it is the schema_version 2 file, byte for byte.
    expect(`${JSON.stringify(spelledOut(JSON.parse(text) as WrittenLeaderboardData))}\n`).toBe(V2_TEXT);
    expect(text.length).toBeLessThan(V2_TEXT.length * 0.7);
  });

  it('writes each row under its header and each email once', () => {
    const { data } = realBoard();
    expect(data.commit_columns).toEqual(COMMIT_COLUMNS);
    for (const row of data.commits) {
      expect(row.length === COMMIT_COLUMNS.length || (row.length === COMMIT_COLUMNS.length + 1 && typeof row.at(-1) === 'object')).toBe(true);
    }
    expect(data.commits.find((r) => r.length > COMMIT_COLUMNS.length && (r[10]?.['scores.total'] === 0))).toBeDefined();
    const names = new Set(Object.values(data.leaderboards).flatMap((periods) => Object.values(periods).flat().map((e) => e.name)));
    expect(Object.keys(data.emails).every((name) => names.has(name))).toBe(true);
    expect(data.emails['Only Manual']).toBe('only.manual@example.com');
    for (const e of Object.values(data.leaderboards.monthly).flat()) {
      expect(e).not.toHaveProperty('email');
      if (!e.additional_contribution_score) expect(e).not.toHaveProperty('total_score');
      if (e.significant_commits !== undefined) expect(e.significant_commits).toBeGreaterThan(0);
    }
  });

  it('keeps the email of a contributor whose name is an Object property', () => {
    const commit = (author: string, i: number): ScoredCommit => ({
      hash: String(i).repeat(40), author, email: `${i}@example.com`, date: `2025-03-0${i}T10:00:00Z`, subject: 'feat: x', breaking: false,
      stats: { files: 1, insertions: 1, deletions: 0, excluded_files: 0, excluded_lines: 0 },
      scores: { loc: 3, files: 5, keyword: 25, ai: 20, ai_source: 'heuristic' }, total: 53,
    });
    const data = buildLeaderboardData([commit('__proto__', 1), commit('constructor', 2)], { contributors: { 'No Email': { contributions: [{ score: 5, notes: '', start_date: null, end_date: null }] } } }, {
      now: new Date('2025-06-01T00:00:00Z'), analysisPeriodDays: 365, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: {},
    });
    const text = JSON.stringify(data);
    expect(text).toContain('"emails":{"__proto__":"1@example.com","constructor":"2@example.com"}');
    const emails = (json: string) => new Map((parseLeaderboardData(JSON.parse(json)).leaderboards.monthly['2025-03'] ?? []).map((e) => [e.name, e.email]));
    expect(emails(text)).toEqual(new Map([['constructor', '2@example.com'], ['__proto__', '1@example.com'], ['No Email', '']]));
    // Published: the table is emptied like the entries' emails, and still read.
    const published = JSON.stringify(withoutEmails(JSON.parse(text)));
    expect(published).toContain('"emails":{"__proto__":"","constructor":""}');
    expect(emails(published)).toEqual(new Map([['constructor', ''], ['__proto__', ''], ['No Email', '']]));
  });

  it('publishes a board without emails that reads as the published schema_version 2 file did', () => {
    const { text } = realBoard();
    const published = JSON.stringify(withoutEmails(JSON.parse(text)));
    expect(text).toMatch(EMAIL);
    expect(published).not.toMatch(EMAIL);
    expect(withoutSharedCommits(parseLeaderboardData(JSON.parse(published)))).toEqual(parseLeaderboardData(withoutEmails(JSON.parse(V2_TEXT))));
    // Noreply addresses stand for the login, in the table as they did in the entries.
    expect((JSON.parse(published) as WrittenLeaderboardData).emails['Tomer Shmilovich']).toBe('tshmilnvidia');
  });

  it('names the row and column of what is wrong, and every other problem of its own', () => {
    const { data } = realBoard();
    const base = JSON.parse(JSON.stringify(data)) as Record<string, unknown> & { commits: unknown[][]; commit_columns: string[] };
    const withRow = (i: number, row: unknown) => ({ ...base, commits: base.commits.map((r, j) => (j === i ? row : r)) });
    const row3 = base.commits[3] as unknown[];
    expect(problem(base)).toBe('valid');
    expect(problem(withRow(3, row3.map((v, j) => (j === 3 ? 'three' : v))))).toBe(
      'The leaderboard data file is not valid: commits.3.3: Invalid input: expected number, received string (stats.files).');
    expect(problem(withRow(3, row3.slice(0, 5)))).toContain('commits.3: expected a row of 10 values (full_hash, date, message, stats.files,');
    expect(problem(withRow(3, { full_hash: 'a' }))).toContain('commits.3: expected a row of 10 values');
    expect(problem(withRow(3, [...row3.slice(0, 10), 'x']))).toContain('commits.3.10: expected an object of the fields that apply.');
    expect(problem(withRow(3, [...row3.slice(0, 10), { 'scores.bonus': 3 }]))).toContain('commits.3.10.scores.bonus: unknown field "scores.bonus"');
    expect(problem(withRow(3, [...row3.slice(0, 10), { co_authors: 'Ann' }]))).toContain('commits.3.10.co_authors: Invalid input: expected array, received string (co_authors)');
    expect(problem(withRow(3, [...row3.slice(0, 10), { 'scores.ai_override': { by: 'a' } }]))).toContain('commits.3.10.scores.ai_override.at: Invalid input');
    expect(problem({ ...base, commit_columns: [...base.commit_columns.slice(0, 9), 'scores.bonus'] })).toContain('commit_columns.9: unknown column "scores.bonus"');
    expect(problem({ ...base, commit_columns: [...base.commit_columns.slice(0, 9), 'date'] })).toContain('commit_columns.9: column "date" is named twice');
    expect(problem({ ...base, commit_columns: undefined })).toContain('commit_columns: Invalid input: expected array');
    expect(problem({ ...base, commit_columns: ['full_hash', ...base.commit_columns.slice(2)], commits: [] })).toContain('commit_columns: there is no "date" column');
    expect(problem({ ...base, emails: { Ann: 3 } })).toContain('emails.Ann: expected an email (a string)');
    expect(problem({ ...base, emails: ['a@b.c'] })).toContain('emails: expected an object of emails by contributor name');
    expect(problem({ ...base, schema_version: 6 })).toContain('schema_version: 6 is newer than this version of contributor-leaderboard reads (up to 5): update contributor-leaderboard');
    const monthly = base.leaderboards as { monthly: Record<string, { commits: number[] }[]> };
    const [label, entries] = Object.entries(monthly.monthly)[0] as [string, { commits: number[] }[]];
    const broken = { ...base, leaderboards: { ...monthly, monthly: { [label]: [{ ...entries[0], commits: [base.commits.length] }] } } };
    expect(problem(broken)).toContain(`leaderboards.monthly.${label}.0.commits.0: commit index ${base.commits.length} is not in the commits table`);
  });

  it('follows its header: columns in another order, and a field of the columns in the trailing object', () => {
    const { data } = realBoard();
    const order = [2, 0, 1, 3, 4, 5, 6, 7, 8];
    const moved = {
      ...data,
      commit_columns: order.map((i) => data.commit_columns[i]),
      commits: data.commits.map((row) => [...order.map((i) => row[i]), { ...row[10], 'scores.ai': row[9] }]),
    };
    expect(parseLeaderboardData(JSON.parse(JSON.stringify(moved)))).toEqual(parseLeaderboardData(JSON.parse(JSON.stringify(data))));
  });
});
