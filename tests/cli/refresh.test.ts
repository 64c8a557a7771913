/**
 * `leaderboard refresh` spawned as a user runs it, on repositories built with fixed dates:
 * the files it writes, what is in the data file, the window options and determinism.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataFilePieces } from '../../src/core/board/board-files.js';
import { compactDataFilePieces } from '../../src/core/board/compact-writer.js';
import { expandCompactDataFile } from '../../src/shared/compact-data-file.js';
import { parseLeaderboardData } from '../../src/shared/data-file.js';
import type { TestRepo } from '../support/git-repo.js';
import { cli, clockAt, dataFiles, gitStatus, lines, readData, readRawData, readStatus , tempResources } from './helpers.js';

const ALICE = { name: 'Alice Example', email: 'alice@example.com' };
const BOB = { name: 'Bob Builder', email: 'bob@example.com' };
const numbered = (n: number, prefix = 'line') => Array.from({ length: n }, (_, i) => `${prefix} ${i}\n`).join('');

const { newRepo, tempDir } = tempResources();
let repo: TestRepo;
let dataDir: string;
const h: Record<string, string> = {};
let firstRun: ReturnType<typeof cli>;
let runStarted: number;
let runEnded: number;

beforeAll(async () => {
  repo = await newRepo();
  dataDir = path.join(repo.dir, '.leaderboard');
  // 2024-12-30 is a Monday in ISO week 2025-W01 (month 2024-12, quarter 2024-Q4).
  h.c0 = await repo.commit({ files: { 'README.md': numbered(4) }, message: 'docs: start the project', author: ALICE, date: '2024-12-30T09:00:00Z' });
  h.c1 = await repo.commit({ files: { 'src/core.ts': numbered(120) }, message: 'feat: add core module\n\nWith a body.\n', author: ALICE, date: '2025-01-06T10:00:00Z' });
  h.c2 = await repo.commit({
    files: { 'src/core.ts': numbered(120).replace('line 7\n', 'line seven\n'), 'tests/core.test.ts': numbered(10, 'test') },
    message: 'fix: handle empty input',
    author: BOB,
    date: '2025-01-07T12:00:00Z',
  });
  h.c3 = await repo.commit({
    files: { 'package-lock.json': numbered(60, '"dep"'), 'package.json': '{\n}\n' },
    message: 'chore: update dependencies',
    author: ALICE,
    date: '2025-02-03T09:00:00Z',
  });
  h.c4 = await repo.commit({ files: { 'src/parser.ts': numbered(60) }, message: 'refactor(core)!: rewrite the parser', author: BOB, date: '2025-04-01T08:00:00Z' });
  runStarted = Date.now();
  firstRun = cli(repo.dir, ['refresh', '--all']);
  runEnded = Date.now();
});



describe('leaderboard refresh on a repository', () => {
  it('exits 0 and prints one summary line off a terminal', () => {
    expect(firstRun.stderr).toBe('');
    expect(firstRun.code).toBe(0);
    expect(lines(firstRun.stdout)).toHaveLength(1);
    expect(firstRun.stdout).not.toContain('\x1b');
    expect(firstRun.stdout.trim()).toMatch(
      /^Analysed 5 commits over \d+ days \(5 scored, 0 cached\), 2 contributors, in \d+\.\ds -> \.leaderboard\/leaderboard-data\.json\. AI part: local heuristic estimate/,
    );
  });

  it('writes the data directory, with last-update.json pointing at HEAD', async () => {
    const files = dataFiles(dataDir);
    for (const file of [files.data, files.status, files.cache, files.state, files.gitignore]) expect(existsSync(file), file).toBe(true);
    const status = readStatus(dataDir);
    expect(status.success).toBe(true);
    expect(status.latestCommit).toBe(await repo.git('rev-parse', 'HEAD'));
    expect(status.latestCommit).toBe(h.c4);
    expect(status.error).toBeUndefined();
    const at = Date.parse(status.timestamp);
    expect(at).toBeGreaterThanOrEqual(runStarted - 1000);
    expect(at).toBeLessThanOrEqual(runEnded + 1000);
  });

  it('writes a .gitignore that ignores the generated files and itself but not manual-contributions.json', () => {
    for (const generated of ['leaderboard-data.json', 'last-update.json', 'score-cache.json', 'refresh-state.json']) {
      expect(gitStatus(repo.dir, ['check-ignore', '-q', `.leaderboard/${generated}`]).code, generated).toBe(0);
    }
    // Exit 1: not ignored, so it can be committed.
    expect(gitStatus(repo.dir, ['check-ignore', '-q', '.leaderboard/manual-contributions.json']).code).toBe(1);
    // Every clone writes its own: committed, it stood in the way of a teammate's pull (see teammate-pull.test.ts).
    expect(gitStatus(repo.dir, ['check-ignore', '-q', '.leaderboard/.gitignore']).code).toBe(0);
    // Nothing shows up as new in the repository.
    expect(gitStatus(repo.dir, ['status', '--porcelain', '--untracked-files=all']).stdout).toBe('');
  });

  it('writes period labels (ISO week-year, UTC months and quarters) and ranked entries', () => {
    const data = readData(dataDir);
    expect(data.total_commits_analyzed).toBe(5);
    expect(Object.keys(data.leaderboards.weekly)).toEqual(['2025-W01', '2025-W02', '2025-W06', '2025-W14']);
    expect(Object.keys(data.leaderboards.monthly)).toEqual(['2024-12', '2025-01', '2025-02', '2025-04']);
    expect(Object.keys(data.leaderboards.quarterly)).toEqual(['2024-Q4', '2025-Q1', '2025-Q2']);

    const q1 = data.leaderboards.quarterly['2025-Q1'] ?? [];
    expect(q1.map((e) => [e.name, e.email, e.rank, e.tier, e.tier_name])).toEqual([
      [ALICE.name, ALICE.email, 1, 'T0', 'Elite'],
      [BOB.name, BOB.email, 2, 'T0', 'Elite'],
    ]);
    const [alice, bob] = q1;
    expect(alice).toMatchObject({
      total_commits: 2, significant_commits: 1, simple_commits: 1, significance_ratio: 0.5,
      commit_score: 96, additional_contribution_score: 0, additional_contribution_notes: '', total_score: 96, avg_score: 48,
    });
    // Newest first.
    expect(alice?.commits.map((c) => c.full_hash)).toEqual([h.c3, h.c1]);
    expect(bob).toMatchObject({ total_commits: 1, significant_commits: 0, simple_commits: 1, commit_score: 40, total_score: 40 });
    expect(data.leaderboards.weekly['2025-W01']?.map((e) => e.name)).toEqual([ALICE.name]);
    expect(data.leaderboards.weekly['2025-W14']?.map((e) => [e.name, e.total_score])).toEqual([[BOB.name, 60]]);
  });

  it('writes schema_version 4, which reads exactly as the same board written as schema_version 3', async () => {
    const text = await readFile(dataFiles(dataDir).data, 'utf8');
    const file = JSON.parse(text) as Record<string, unknown> & { people: unknown[]; commits: unknown[][] };
    expect(Object.keys(file)).toEqual([
      'schema_version', 'last_updated', 'total_commits_analyzed', 'analysis_period_days', 'commit_defaults',
      'commit_columns', 'commits', 'people', 'entry_columns', 'leaderboards', 'metadata',
    ]);
    expect(file.schema_version).toBe(4);
    expect(file.people).toEqual([[ALICE.name, ALICE.email], [BOB.name, BOB.email]]);
    // Newest first: c4, then 63 days, 23 hours back to c3.
    expect(file.commits.map((r) => r.slice(0, 2))).toEqual([
      [Buffer.from(h.c4 as string, 'hex').toString('base64url'), Date.parse('2025-04-01T08:00:00Z') / 1000],
      [Buffer.from(h.c3 as string, 'hex').toString('base64url'), (Date.parse('2025-04-01T08:00:00Z') - Date.parse('2025-02-03T09:00:00Z')) / 1000],
      ...file.commits.slice(2).map((r) => r.slice(0, 2)),
    ]);
    // The same board as schema_version 3 (the board as built, which the index and chunks are made from).
    const built = expandCompactDataFile(file);
    expect(built.schema_version).toBe(3);
    expect(parseLeaderboardData(JSON.parse([...dataFilePieces(built)].join('')))).toEqual(parseLeaderboardData(file));
    expect([...compactDataFilePieces(built)].join('')).toBe(text);
  });

  it('scores known commits part by part, with classification and ai_source', () => {
    const data = readData(dataDir);
    const all = new Map(Object.values(data.leaderboards.monthly).flat().flatMap((e) => e.commits).map((c) => [c.full_hash, c]));
    expect(all.size).toBe(5);
    const c1 = all.get(h.c1 ?? '');
    expect(c1).toMatchObject({
      hash: h.c1?.slice(0, 8),
      classification: 'significant',
      date: '2025-01-06T10:00:00Z',
      message: 'feat: add core module',
      stats: { files: 1, lines: 120, insertions: 120, deletions: 0, excluded_files: 0, excluded_lines: 0 },
      // 120 lines: 30; 1 file: 5; feat: 25; ai = log2(121)->6 + source 6 + "add" 4 = 16.
      scores: { loc: 30, files: 5, keyword: 25, ai: 16, total: 76, ai_source: 'heuristic' },
    });
    // 12 lines in 2 files (source + test, two top-level dirs): 3 + 10 + fix 15 + ai (3 + 8 + 1) = 40.
    expect(all.get(h.c2 ?? '')).toMatchObject({
      classification: 'simple',
      stats: { files: 2, insertions: 11, deletions: 1 },
      scores: { loc: 3, files: 10, keyword: 15, ai: 12, total: 40, ai_source: 'heuristic' },
    });
    // refactor(core)!: 25; 60 lines: 15; ai = 5 + 6 + "rewrite" 4 = 15.
    expect(all.get(h.c4 ?? '')?.scores).toMatchObject({ loc: 15, files: 5, keyword: 25, ai: 15, total: 60 });
    expect(all.get(h.c0 ?? '')?.scores).toMatchObject({ loc: 3, files: 5, keyword: 5, ai: 3, total: 16 });
  });

  it('leaves a lock file out of lines and files and records what it excluded', () => {
    const raw = readRawData(dataDir);
    const c3 = raw.commits.find((c) => c.full_hash === h.c3);
    expect(c3?.stats).toEqual({ files: 1, insertions: 2, deletions: 0, excluded_files: 1, excluded_lines: 60 });
    expect(c3?.scores).toEqual({ loc: 3, files: 5, keyword: 10, ai: 2 }); // the heuristic source is in commit_defaults
    expect(raw.commit_defaults).toEqual({ ai_source: 'heuristic', repo: path.basename(repo.dir) });
    // Commits without exclusions leave the counts out of the compact file.
    expect(raw.commits.find((c) => c.full_hash === h.c1)?.stats).toEqual({ files: 1, insertions: 120, deletions: 0 });
    expect(raw.schema_version).toBe(2);
    expect(raw.metadata).toMatchObject({ tool: 'contributor-leaderboard', repository: 'repo', head: h.c4, windowStart: null, commitsPerEntry: 20 });
  });

  it('finds the repository from a subdirectory and -q prints the same single line', async () => {
    const other = await tempDir('lb-cli-data-');
    const r = cli(path.join(repo.dir, 'src'), ['refresh', '--all', '-q', '--data-dir', other]);
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toHaveLength(1);
    expect(r.stdout).toContain('(5 scored, 0 cached)');
    expect(readData(other).total_commits_analyzed).toBe(5);
    expect(existsSync(path.join(repo.dir, 'src', '.leaderboard'))).toBe(false);
  });
});

describe('refresh options', () => {
  it('--commits-per-entry N caps the listed commits but keeps total_commits', async () => {
    const other = await tempDir('lb-cli-cpe-');
    const r = cli(repo.dir, ['refresh', '--all', '--commits-per-entry', '1', '--data-dir', other]);
    expect(r.code).toBe(0);
    const alice = readData(other).leaderboards.quarterly['2025-Q1']?.[0];
    expect(alice?.total_commits).toBe(2);
    expect(alice?.commits.map((c) => c.full_hash)).toEqual([h.c3]);
    expect(readRawData(other).metadata.commitsPerEntry).toBe(1);
  });

  // The CLI's clock is pinned to the evening (see clockAt), when rounding "now - window start"
  // would give one day more than asked.
  const NOW = '2025-06-15T20:00:00Z';

  it('--since YYYY-MM-DD analyses from that UTC day', async () => {
    const other = await tempDir('lb-cli-since-');
    const r = cli(repo.dir, ['refresh', '--since', '2025-02-01', '--data-dir', other], clockAt(NOW));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Analysed 2 commits over 134 days');
    const raw = readRawData(other);
    expect(raw.commits.map((c) => c.full_hash)).toEqual([h.c4, h.c3]);
    expect(Object.keys(raw.leaderboards.monthly)).toEqual(['2025-02', '2025-04']);
    expect(raw.metadata.windowStart).toBe('2025-02-01T00:00:00.000Z');
    // 2025-02-01 to 2025-06-15.
    expect(raw.analysis_period_days).toBe(134);
  });

  it('defaults to the last 365 days; --since Nd narrows it and --all takes everything', async () => {
    const rel = await newRepo();
    const c = (message: string, date: string) => rel.commit({ files: { [`${message}.ts`]: `${message}\n` }, message: `feat: ${message}`, author: ALICE, date });
    const old = await c('old', '2024-06-14T23:59:59Z');
    const edge = await c('edge', '2024-06-15T00:00:00Z');
    const mid = await c('mid', '2025-03-07T12:00:00Z');
    const recent = await c('recent', '2025-06-05T12:00:00Z');
    const hashes = (dir: string) => readRawData(dir).commits.map((x) => x.full_hash);

    const byDefault = await tempDir('lb-cli-default-');
    const d = cli(rel.dir, ['refresh', '--data-dir', byDefault], clockAt(NOW));
    expect(d.code).toBe(0);
    expect(d.stdout).toContain('Analysed 3 commits over 365 days');
    expect(hashes(byDefault)).toEqual([recent, mid, edge]);
    expect(readRawData(byDefault).analysis_period_days).toBe(365);
    expect(readRawData(byDefault).metadata.windowStart).toBe('2024-06-15T00:00:00.000Z');

    const both = cli(rel.dir, ['refresh', '--all', '--since', '30d', '--data-dir', await tempDir('lb-cli-both-')], clockAt(NOW));
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('Error: --all and --since both set the window of the refresh: pass one of them.\nHint: --all analyses the whole history; --since from a date (YYYY-MM-DD) or N days back (90d).\n');

    const days30 = await tempDir('lb-cli-30d-');
    const r = cli(rel.dir, ['refresh', '--since', '30d', '--data-dir', days30], clockAt(NOW));
    expect(r.code).toBe(0);
    expect(hashes(days30)).toEqual([recent]);
    expect(readRawData(days30).analysis_period_days).toBe(30);
    expect(readRawData(days30).metadata.windowStart).toBe('2025-05-16T00:00:00.000Z');

    const all = await tempDir('lb-cli-all-');
    expect(cli(rel.dir, ['refresh', '--all', '--data-dir', all], clockAt(NOW)).code).toBe(0);
    expect(hashes(all)).toEqual([recent, mid, edge, old]);
    expect(readRawData(all).metadata.windowStart).toBeNull();
    // From the oldest commit's day (2024-06-14), as --since 2024-06-14 would count it.
    expect(readRawData(all).analysis_period_days).toBe(366);
  });

  it('--since today (or 0d) is a window of 1 day, today, and tomorrow is refused', async () => {
    const own = await newRepo();
    await own.commit({ files: { 'old.ts': 'old\n' }, message: 'feat: old', author: ALICE, date: '2025-06-14T23:00:00Z' });
    const today = await own.commit({ files: { 'new.ts': 'new\n' }, message: 'feat: new', author: ALICE, date: '2025-06-15T08:00:00Z' });
    for (const since of ['2025-06-15', '0d']) {
      const dir = await tempDir('lb-cli-today-');
      const r = cli(own.dir, ['refresh', '--since', since, '--data-dir', dir], clockAt(NOW));
      expect(r.code).toBe(0);
      // It said "over 0 days", and the data file 0 (the page: "0 days back").
      expect(r.stdout).toContain('Analysed 1 commit over 1 day (1 scored, 0 cached)');
      expect(readRawData(dir).commits.map((c) => c.full_hash)).toEqual([today]);
      expect(readRawData(dir).analysis_period_days).toBe(1);
      expect(readRawData(dir).metadata.windowStart).toBe('2025-06-15T00:00:00.000Z');
      expect(cli(own.dir, ['refresh', '--since', since, '--data-dir', dir], clockAt(NOW)).stdout).toMatch(/^Up to date/);
    }
    const tomorrow = cli(own.dir, ['refresh', '--since', '2025-06-16', '--data-dir', await tempDir('lb-cli-tomorrow-')], clockAt(NOW));
    expect(tomorrow.code).toBe(2);
    expect(tomorrow.stderr).toBe('Error: --since 2025-06-16 is after today (2025-06-15): the window would hold no commits.\nHint: Give a date up to today, or a number of days back like 90d.\n');
  });
});

describe('the summary line', () => {
  it('counts the commits the board holds when identities names someone a bot', async () => {
    const own = await newRepo();
    const day = (d: number) => `2025-03-0${d}T10:00:00Z`;
    await own.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: { name: 'Alice', email: 'alice@example.com' }, date: day(1) });
    await own.commit({ files: { 'b.ts': 'b\n' }, message: 'feat: b', author: { name: 'Alice', email: 'alice@example.com' }, date: day(2) });
    await own.commit({ files: { 'c.ts': 'c\n' }, message: 'chore: release', author: { name: 'Jenkins', email: 'jenkins@corp.example' }, date: day(3) });
    await own.writeFile('leaderboard.config.json', JSON.stringify({ identities: { 'Release ci[bot]': ['jenkins@corp.example'] } }));
    const r = cli(own.dir, ['refresh', '--all']);
    expect(r.code).toBe(0);
    expect(readRawData(path.join(own.dir, '.leaderboard')).total_commits_analyzed).toBe(2);
    expect(r.stdout).toMatch(/^Analysed 2 commits over \d+ days \(2 scored, 0 cached\), 1 contributor, .* Bots: 1 commit left out\./);
  });
});

describe('determinism', () => {
  it('gives byte-identical data from the same history, apart from last_updated', async () => {
    const clone = await newRepo({ cloneFrom: repo.dir });
    const elsewhere = await tempDir('lb-cli-det-');
    expect(cli(clone.dir, ['refresh', '--all', '--data-dir', elsewhere]).code).toBe(0);
    // The clone's origin is the first repository, which has none: the listed remote differs.
    const strip = (text: string) => text.replace(/"last_updated":"[^"]+",/, '').replace(/"url":(null|"[^"]*")/, '');
    const a = await readFile(dataFiles(dataDir).data, 'utf8');
    const b = await readFile(dataFiles(elsewhere).data, 'utf8');
    expect(a).toContain('"last_updated":"');
    expect(strip(b)).toBe(strip(a));
    // The scores cache is the same too: nothing depends on where the data directory is.
    expect(await readFile(dataFiles(elsewhere).cache, 'utf8')).toBe(await readFile(dataFiles(dataDir).cache, 'utf8'));
  });
});
