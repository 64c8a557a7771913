import { describe, expect, it } from 'vitest';
import { buildLeaderboardData, compareCodePoints, type BuildOptions } from '../../src/core/leaderboards.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { parseLeaderboardData, type WrittenEntry } from '../../src/shared/data-file.js';
import type { ManualContributionsFile } from '../../src/shared/manual-contributions.js';

let seq = 0;
/** A scored commit whose parts add up to `total`. */
function sc(author: string, date: string, total: number, over: Partial<ScoredCommit> = {}): ScoredCommit {
  seq += 1;
  const loc = Math.min(30, total);
  const files = Math.min(20, total - loc);
  const keyword = Math.min(25, total - loc - files);
  return {
    hash: over.hash ?? seq.toString(16).padStart(40, '0'),
    author,
    email: `${author.toLowerCase().replace(/\W/g, '')}@example.com`,
    date,
    subject: `commit ${seq}`,
    breaking: false,
    stats: { files: 1, insertions: 10, deletions: 2, excluded_files: 0, excluded_lines: 0 },
    scores: { loc, files, keyword, ai: total - loc - files - keyword, ai_source: 'heuristic' },
    total,
    ...over,
  };
}

const opts = (over: Partial<BuildOptions> = {}): BuildOptions => ({
  now: new Date('2025-06-01T00:00:00.000Z'),
  analysisPeriodDays: 365,
  commitsPerEntry: 20,
  bots: { exclude: true, patterns: [] },
  metadata: { tool: 'test' },
  ...over,
});

const noManual: ManualContributionsFile = { contributors: {} };
const names = (entries: { name: string }[] | undefined): string[] => (entries ?? []).map((e) => e.name);
/** The data as the page reads it, with the derived fields (rank, tier, average...) filled in. */
const read = (data: unknown) => parseLeaderboardData(JSON.parse(JSON.stringify(data)));

describe('buildLeaderboardData', () => {
  it('builds every field of an entry and a file the page can parse', () => {
    const commits = [
      sc('Ada', '2025-03-04T10:00:00Z', 80),
      sc('Ada', '2025-03-05T10:00:00Z', 49),
      sc('Ada', '2025-03-06T10:00:00Z', 50),
      sc('Bob', '2025-03-04T11:00:00Z', 20),
    ];
    const data = buildLeaderboardData(commits, noManual, opts());
    expect(data.schema_version).toBe(3);
    expect(data.last_updated).toBe('2025-06-01T00:00:00.000Z');
    expect(data.total_commits_analyzed).toBe(4);
    expect(data.analysis_period_days).toBe(365);
    expect(data.metadata).toEqual({ tool: 'test', totalContributors: 2 });
    expect(Object.keys(data.leaderboards.weekly)).toEqual(['2025-W10']);
    expect(Object.keys(data.leaderboards.monthly)).toEqual(['2025-03']);
    expect(Object.keys(data.leaderboards.quarterly)).toEqual(['2025-Q1']);
    const [ada, bob] = data.leaderboards.weekly['2025-W10'] ?? [];
    // Written: only what the rest derives from; no manual score, so neither it nor the total
    // score (the commit score then) is written, nor a count of 0; the emails are in their table.
    expect(ada).toEqual({ name: 'Ada', total_commits: 3, significant_commits: 2, commit_score: 179, commits: [0, 1, 3] } satisfies WrittenEntry);
    expect(bob).toEqual({ name: 'Bob', total_commits: 1, commit_score: 20, commits: [2] });
    expect(data.emails).toEqual({ Ada: 'ada@example.com', Bob: 'bob@example.com' });
    const [readAda, readBob] = read(data).leaderboards.weekly['2025-W10'] ?? [];
    expect(readAda).toMatchObject({
      simple_commits: 1, significance_ratio: 2 / 3, additional_contribution_score: 0, additional_contribution_notes: '',
      avg_score: 59.67, rank: 1, tier: 'T0', tier_name: 'Elite',
    });
    expect(readBob).toMatchObject({ rank: 2, email: 'bob@example.com', significant_commits: 0, total_score: 20, simple_commits: 1, significance_ratio: 0, avg_score: 20, tier: 'T0' });
    expect(readAda).toMatchObject({ email: 'ada@example.com', total_score: 179 });
    expect(data.commits.map((c) => c[0])).toEqual([commits[2], commits[1], commits[3], commits[0]].map((c) => c?.hash));

    const parsed = parseLeaderboardData(JSON.parse(JSON.stringify(data)));
    const pAda = parsed.leaderboards.weekly['2025-W10']?.[0];
    expect(pAda?.commits.map((c) => [c.message, c.scores.total, c.classification])).toEqual([
      [commits[2]?.subject, 50, 'significant'], [commits[1]?.subject, 49, 'simple'], [commits[0]?.subject, 80, 'significant'],
    ]);
    expect(pAda?.commits[0]?.hash).toBe(commits[2]?.hash.slice(0, 8));
    expect(parsed.leaderboards.monthly['2025-03']?.[1]?.commits[0]?.stats).toEqual({ files: 1, lines: 12, insertions: 10, deletions: 2, excluded_files: 0, excluded_lines: 0 });
  });

  it('puts a commit in the periods of its UTC author date, ISO week-year included', () => {
    const data = buildLeaderboardData([sc('Ada', '2024-12-30T01:00:00+02:00', 10)], noManual, opts());
    // 2024-12-29T23:00Z: still Sunday of 2024-W52 in UTC.
    expect(Object.keys(data.leaderboards.weekly)).toEqual(['2024-W52']);
    const data2 = buildLeaderboardData([sc('Ada', '2024-12-30T10:00:00Z', 10)], noManual, opts());
    expect(Object.keys(data2.leaderboards.weekly)).toEqual(['2025-W01']);
    expect(Object.keys(data2.leaderboards.monthly)).toEqual(['2024-12']);
    expect(Object.keys(data2.leaderboards.quarterly)).toEqual(['2024-Q4']);
  });

  it('uses the email of the newest commit in every period', () => {
    const commits = [
      sc('Ada', '2025-01-06T10:00:00Z', 10, { email: 'old@example.com' }),
      sc('Ada', '2025-02-03T10:00:00Z', 10, { email: 'new@example.com' }),
    ];
    const data = buildLeaderboardData(commits, noManual, opts());
    expect(data.emails).toEqual({ Ada: 'new@example.com' });
    expect(read(data).leaderboards.weekly['2025-W02']?.[0]?.email).toBe('new@example.com');
    expect(read(data).leaderboards.quarterly['2025-Q1']?.[0]?.email).toBe('new@example.com');
  });

  it('leaves bots out, unless bot exclusion is off', () => {
    const commits = [
      sc('Ada', '2025-03-04T10:00:00Z', 10),
      sc('dependabot[bot]', '2025-03-04T10:00:00Z', 90),
      sc('Builder', '2025-03-04T10:00:00Z', 90, { email: 'builder@ci.internal' }),
      sc('renovate', '2025-05-04T10:00:00Z', 90),
    ];
    const data = buildLeaderboardData(commits, noManual, opts({ bots: { exclude: true, patterns: ['ci.internal'] } }));
    expect(names(data.leaderboards.weekly['2025-W10'])).toEqual(['Ada']);
    expect(Object.keys(data.leaderboards.monthly)).toEqual(['2025-03']);
    expect(data.total_commits_analyzed).toBe(1);
    expect(data.commits).toHaveLength(1);
    const all = buildLeaderboardData(commits, noManual, opts({ bots: { exclude: false, patterns: [] } }));
    expect(all.total_commits_analyzed).toBe(4);
    expect(names(all.leaderboards.weekly['2025-W10'])).toEqual(['Builder', 'dependabot[bot]', 'Ada']);
  });

  it('assigns tiers at the rank edges 5/6, 12/13 and 22/23', () => {
    const commits = Array.from({ length: 24 }, (_, i) => sc(`P${String(i + 1).padStart(2, '0')}`, '2025-03-04T10:00:00Z', 100 - i));
    const entries = read(buildLeaderboardData(commits, noManual, opts())).leaderboards.weekly['2025-W10'] ?? [];
    const tierAt = (rank: number) => entries[rank - 1] && [entries[rank - 1]?.rank, entries[rank - 1]?.tier, entries[rank - 1]?.tier_name];
    expect(tierAt(1)).toEqual([1, 'T0', 'Elite']);
    expect(tierAt(5)).toEqual([5, 'T0', 'Elite']);
    expect(tierAt(6)).toEqual([6, 'T1', 'Advanced']);
    expect(tierAt(12)).toEqual([12, 'T1', 'Advanced']);
    expect(tierAt(13)).toEqual([13, 'T2', 'Intermediate']);
    expect(tierAt(22)).toEqual([22, 'T2', 'Intermediate']);
    expect(tierAt(23)).toEqual([23, 'T3', 'Contributing']);
    expect(tierAt(24)).toEqual([24, 'T3', 'Contributing']);
  });

  it('breaks score ties by commits, then by name in code-point order', () => {
    const d = '2025-03-04T10:00:00Z';
    const commits = [
      sc('Zoe', d, 30), sc('Zoe', d, 30), // 60 in 2 commits
      sc('Max', d, 60), // 60 in 1 commit
      sc('éclair', d, 60), sc('bob', d, 60), sc('Bob', d, 60), sc('Émile', d, 60),
      sc('Top', d, 61),
    ];
    const entries = read(buildLeaderboardData(commits, noManual, opts())).leaderboards.weekly['2025-W10'];
    expect(names(entries)).toEqual(['Top', 'Zoe', 'Bob', 'Max', 'bob', 'Émile', 'éclair']);
    expect(entries?.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('compares names by code point, not UTF-16 unit', () => {
    // U+FF21 (fullwidth A) sorts before U+1F600 by code point but after its surrogates by unit.
    expect(compareCodePoints('\uFF21', '\u{1F600}')).toBeLessThan(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('x', 'x')).toBe(0);
  });

  it('lists at most commitsPerEntry commits, newest first, and counts them all', () => {
    const commits = [1, 2, 3, 4, 5].map((day) => sc('Ada', `2025-03-0${day + 2}T10:00:00Z`, 10));
    const data = buildLeaderboardData(commits, noManual, opts({ commitsPerEntry: 3 }));
    const entry = data.leaderboards.weekly['2025-W10']?.[0];
    expect(entry?.total_commits).toBe(5);
    expect(entry?.commit_score).toBe(50);
    expect(entry?.commits.map((i) => data.commits[i]?.[0])).toEqual([commits[4], commits[3], commits[2]].map((c) => c?.hash));
    // Commits referenced by no entry are not stored.
    expect(data.commits).toHaveLength(3);
  });

  it('stores each referenced commit once, newest first then by hash', () => {
    const d = '2025-03-04T10:00:00Z';
    const commits = [
      sc('Ada', d, 10, { hash: 'b'.repeat(40) }),
      sc('Bob', d, 10, { hash: 'a'.repeat(40) }),
      sc('Ada', '2025-03-20T10:00:00Z', 10, { hash: 'c'.repeat(40) }),
    ];
    const data = buildLeaderboardData(commits, noManual, opts({ commitsPerEntry: 1 }));
    // Weekly W10 references a and b, W12 c; monthly and quarterly reference the newest only.
    expect(data.commits.map((c) => c[0][0])).toEqual(['c', 'a', 'b']);
    expect(data.leaderboards.monthly['2025-03']?.map((e) => e.commits)).toEqual([[0], [1]]);
    expect(data.leaderboards.weekly['2025-W10']?.map((e) => [e.name, e.commits])).toEqual([['Ada', [2]], ['Bob', [1]]]);
    expect(new Set(data.commits.map((c) => c[0])).size).toBe(data.commits.length);
  });

  it('keeps commit rows small: excluded counts only when there were exclusions, the AI source and reason only when not the heuristic', () => {
    const plain = sc('Ada', '2025-03-04T10:00:00.000Z', 10, { scores: { loc: 3, files: 5, keyword: 2, ai: 0, ai_source: 'heuristic', ai_reason: 'size 1' } });
    const withExcl = sc('Bob', '2025-03-05T10:00:00Z', 10, {
      stats: { files: 1, insertions: 1, deletions: 0, excluded_files: 2, excluded_lines: 300 },
      scores: { loc: 3, files: 5, keyword: 2, ai: 0, ai_source: 'openai:gpt-x', ai_reason: 'why' },
    });
    const data = buildLeaderboardData([plain, withExcl], noManual, opts());
    expect(data.commit_defaults).toEqual({ ai_source: 'heuristic' });
    expect(data.commit_columns).toEqual(['full_hash', 'date', 'message', 'stats.files', 'stats.insertions', 'stats.deletions', 'scores.loc', 'scores.files', 'scores.keyword', 'scores.ai']);
    expect(data.commits[0]).toEqual([withExcl.hash, withExcl.date, withExcl.subject, 1, 1, 0, 3, 5, 2, 0,
      { 'stats.excluded_files': 2, 'stats.excluded_lines': 300, 'scores.ai_source': 'openai:gpt-x', 'scores.ai_reason': 'why' }]);
    expect(data.commits[1]).toEqual([plain.hash, '2025-03-04T10:00:00Z', plain.subject, 1, 10, 2, 3, 5, 2, 0]);
    const scoresOf = (name: string) => read(data).leaderboards.weekly['2025-W10']?.find((e) => e.name === name)?.commits[0]?.scores;
    const [readAda, readBob] = [scoresOf('Ada'), scoresOf('Bob')];
    expect(readAda).toEqual({ loc: 3, files: 5, keyword: 2, ai: 0, total: 10, ai_source: 'heuristic' });
    expect(readBob).toMatchObject({ ai_source: 'openai:gpt-x', ai_reason: 'why' });
  });

  it('sorts period labels', () => {
    const commits = ['2025-05-20', '2024-11-02', '2025-01-15', '2024-12-31'].map((day) => sc('Ada', `${day}T10:00:00Z`, 10));
    const data = buildLeaderboardData(commits, noManual, opts());
    expect(Object.keys(data.leaderboards.weekly)).toEqual(['2024-W44', '2025-W01', '2025-W03', '2025-W21']);
    expect(Object.keys(data.leaderboards.monthly)).toEqual(['2024-11', '2024-12', '2025-01', '2025-05']);
    expect(Object.keys(data.leaderboards.quarterly)).toEqual(['2024-Q4', '2025-Q1', '2025-Q2']);
  });

  it('is deterministic whatever the input order, and counts a repeated hash once', () => {
    const commits = Array.from({ length: 60 }, (_, i) => sc(`A${i % 7}`, `2025-0${1 + (i % 5)}-${String(1 + (i % 27)).padStart(2, '0')}T0${i % 10}:00:00Z`, (i * 37) % 101));
    const shuffled = [...commits].reverse().concat(commits.slice(0, 5));
    const a = buildLeaderboardData(commits, noManual, opts());
    const b = buildLeaderboardData(shuffled, noManual, opts({ now: new Date('2030-01-01T00:00:00Z') }));
    expect(b.total_commits_analyzed).toBe(60);
    expect(JSON.stringify({ ...b, last_updated: '' })).toBe(JSON.stringify({ ...a, last_updated: '' }));
    // Input already newest first (as git log gives it) takes the no-sort path to the same result.
    const presorted = [...commits].sort((x, y) => Date.parse(y.date) - Date.parse(x.date) || (x.hash < y.hash ? -1 : 1));
    expect(JSON.stringify(buildLeaderboardData(presorted, noManual, opts()))).toBe(JSON.stringify(a));
  });

  it('refuses a commit whose date cannot be read', () => {
    expect(() => buildLeaderboardData([sc('Ada', 'not a date', 10)], noManual, opts())).toThrow(/invalid date "not a date"/);
  });

  it('builds an empty file from no commits', () => {
    const data = buildLeaderboardData([], noManual, opts());
    expect(data).toMatchObject({ total_commits_analyzed: 0, commits: [], emails: {}, leaderboards: { weekly: {}, monthly: {}, quarterly: {} }, metadata: { totalContributors: 0 } });
    expect(() => parseLeaderboardData(data)).not.toThrow();
  });
});

describe('buildLeaderboardData with manual contributions', () => {
  const commits = () => [
    sc('Ada', '2025-03-04T10:00:00Z', 40), // 2025-W10, 2025-03, 2025-Q1
    sc('Bob', '2025-03-18T10:00:00Z', 30), // 2025-W12
    sc('Bob', '2025-05-06T10:00:00Z', 30), // 2025-W19, 2025-05, 2025-Q2
  ];
  const manual: ManualContributionsFile = {
    contributors: {
      Ada: { contributions: [{ score: 25, notes: 'talk', start_date: '2025-03-03', end_date: '2025-03-03' }, { score: 5, notes: 'triage', start_date: null, end_date: null }] },
      Grace: { email: 'grace@example.com', contributions: [{ score: 100, notes: 'paper', start_date: '2025-03-10', end_date: '2025-03-20' }] },
      Lin: { contributions: [{ score: 7, notes: '', start_date: '2024-01-01', end_date: '2024-12-31' }] },
      Zero: { contributions: [{ score: 0, notes: 'placeholder', start_date: null, end_date: null }] },
    },
  };

  it('adds manual scores and notes to the entries of the periods they overlap', () => {
    const data = buildLeaderboardData(commits(), manual, opts());
    const ada = data.leaderboards.weekly['2025-W10']?.find((e) => e.name === 'Ada');
    expect(ada).toMatchObject({ commit_score: 40, additional_contribution_score: 30, additional_contribution_notes: 'talk; triage', total_score: 70 });
    expect(read(data).leaderboards.weekly['2025-W10']?.find((e) => e.name === 'Ada')?.avg_score).toBe(40);
    const adaMay = data.leaderboards.monthly['2025-05']?.find((e) => e.name === 'Ada');
    expect(adaMay).toMatchObject({ total_commits: 0, commit_score: 0, additional_contribution_score: 5, additional_contribution_notes: 'triage', total_score: 5 });
    // A note with no points: the total score is the commit score, so it is left out.
    const zeroPoints = buildLeaderboardData(commits(), { contributors: { Bob: { contributions: [{ score: 0, notes: 'reviews', start_date: null, end_date: null }] } } }, opts());
    expect(zeroPoints.leaderboards.weekly['2025-W12']?.[0]).toEqual({ name: 'Bob', total_commits: 1, commit_score: 30, additional_contribution_notes: 'reviews', commits: [1] });
  });

  it('shows a manual-only contributor with zero commits only in existing periods they overlap', () => {
    const data = buildLeaderboardData(commits(), manual, opts());
    const grace = data.leaderboards.weekly['2025-W12']?.[0];
    expect(grace).toEqual({
      name: 'Grace', total_commits: 0, commit_score: 0, total_score: 100, additional_contribution_score: 100, additional_contribution_notes: 'paper', commits: [],
    });
    expect(data.emails.Grace).toBe('grace@example.com');
    expect(read(data).leaderboards.weekly['2025-W12']?.[0]).toMatchObject({
      email: 'grace@example.com', significant_commits: 0, total_score: 100, simple_commits: 0, significance_ratio: 0, avg_score: 0, rank: 1, tier: 'T0', tier_name: 'Elite', commits: [],
    });
    // W11 (2025-03-10..16) overlaps Grace but has no commits, so it is not a period.
    expect(Object.keys(data.leaderboards.weekly)).toEqual(['2025-W10', '2025-W12', '2025-W19']);
    expect(names(data.leaderboards.weekly['2025-W19'])).toEqual(['Bob', 'Ada']);
    expect(names(data.leaderboards.monthly['2025-03'])).toEqual(['Grace', 'Ada', 'Bob']);
    expect(names(data.leaderboards.quarterly['2025-Q2'])).toEqual(['Bob', 'Ada']);
    // Lin's 2024 contribution touches no analysed period; Zero adds no score.
    const everyone = Object.values(data.leaderboards).flatMap((periods) => Object.values(periods).flat().map((e) => e.name));
    expect(everyone).not.toContain('Lin');
    expect(everyone).not.toContain('Zero');
    expect(data.metadata.totalContributors).toBe(3);
    expect(data.total_commits_analyzed).toBe(3);
  });

  it('matches manual names to author names exactly', () => {
    const data = buildLeaderboardData([sc('ada', '2025-03-04T10:00:00Z', 40)], manual, opts());
    expect(names(data.leaderboards.weekly['2025-W10'])).toEqual(['ada', 'Ada']);
  });

  it('parses with the page schema', () => {
    const parsed = parseLeaderboardData(JSON.parse(JSON.stringify(buildLeaderboardData(commits(), manual, opts()))));
    expect(parsed.leaderboards.weekly['2025-W12']?.map((e) => [e.name, e.total_score, e.commits.length])).toEqual([['Grace', 100, 0], ['Bob', 30, 1], ['Ada', 5, 0]]);
  });
});
