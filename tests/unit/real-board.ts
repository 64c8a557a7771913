/**
 * A board built from real commits: the 726 commits of tests/fixtures/real-leaderboard-data.json
 * (a year of a real project, as another tool listed them) with its real manual contributions,
 * plus what that history lacks so every field of a written board appears: AI sources, reasons,
 * a fallback and an override, excluded files, co-authors, reverts, two repositories, a bot, an
 * identity alias and a contributor with manual points only.
 *
 * tests/fixtures/real-board-v2.json is what `buildLeaderboardData` wrote for this input before
 * schema_version 3 (built once, with the code of commit e3c7c06, the last to write schema 2), so
 * a test can read both shapes of the same board.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BuildOptions } from '../../src/core/leaderboards.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { manualContributionsFileSchema, type ManualContributionsFile } from '../../src/shared/manual-contributions.js';
import { describeDataFileError, parseLeaderboardData } from '../../src/shared/data-file.js';

interface FixtureCommit {
  hash: string;
  author: string;
  email: string;
  date: string;
  message: string;
  stats: { files: number; insertions: number; deletions: number };
  scores: { loc: number; files: number; keyword: number; ai: number; total: number };
}

const fullHash = (short: string) => createHash('sha1').update(short).digest('hex');

/** The input of the real board: scored commits, manual contributions and build options. */
export function realBoardInput(): { commits: ScoredCommit[]; manual: ManualContributionsFile; opts: BuildOptions } {
  const fixture = JSON.parse(readFileSync('tests/fixtures/real-leaderboard-data.json', 'utf8')) as {
    leaderboards: Record<string, Record<string, { commits: FixtureCommit[] }[]>>;
  };
  const byHash = new Map<string, FixtureCommit>();
  for (const periods of Object.values(fixture.leaderboards)) {
    for (const entries of Object.values(periods)) for (const e of entries) for (const c of e.commits) byHash.set(c.hash, c);
  }
  const listed = [...byHash.values()].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.hash < b.hash ? -1 : 1));
  const authors = [...new Set(listed.map((c) => c.author))].sort();
  const commits: ScoredCommit[] = listed.map((c, i) => {
    const { loc, files, keyword, ai } = c.scores;
    const provider = i % 5 === 0;
    const commit: ScoredCommit = {
      hash: fullHash(c.hash),
      author: c.author,
      email: c.email,
      date: c.date,
      subject: c.message.split('\n')[0] ?? '',
      breaking: false,
      stats: { files: c.stats.files, insertions: c.stats.insertions, deletions: c.stats.deletions, excluded_files: i % 9 === 0 ? 2 : 0, excluded_lines: i % 9 === 0 ? 340 : 0 },
      scores: {
        loc, files, keyword, ai,
        ai_source: provider ? 'openai:gpt-4.1-mini' : 'heuristic',
        ...(provider ? { ai_reason: `Changes ${c.stats.files} files of the cache engine` } : { ai_reason: 'heuristic: 5 + 6' }),
      },
      total: loc + files + keyword + ai,
      repo: i % 3 === 0 ? 'lmcache-docs' : 'lmcache',
    };
    if (i % 11 === 4) commit.co_authors = [{ name: authors[(i * 7) % authors.length] as string, email: `co${i}@example.com` }];
    if (i === 40) commit.scores = { ...commit.scores, ai_source: 'heuristic', ai_reason: 'the provider answered "12 points"', ai_fallback: 'no score in the answer' };
    if (i === 41) commit.scores = { ...commit.scores, ai: 25, ai_source: 'override', ai_reason: 'Foundation of the tiering', ai_override: { by: 'admin@example.com', at: '2025-10-01T10:00:00.000Z', original: ai, original_source: 'heuristic' } };
    commit.total = commit.scores.loc + commit.scores.files + commit.scores.keyword + commit.scores.ai;
    return commit;
  });
  // A revert of an older commit (both then score 0), and a revert of a revert (a re-land).
  (commits[10] as ScoredCommit).reverts = [(commits[30] as ScoredCommit).hash.slice(0, 12)];
  (commits[5] as ScoredCommit).reverts = [(commits[8] as ScoredCommit).hash];
  (commits[3] as ScoredCommit).reverts = [(commits[5] as ScoredCommit).hash];
  // A bot, left out of the board.
  commits.push({ ...(commits[20] as ScoredCommit), hash: fullHash('bot'), author: 'dependabot[bot]', email: '49699333+dependabot[bot]@users.noreply.github.com' });
  const manualFile = manualContributionsFileSchema.parse(JSON.parse(readFileSync('tests/fixtures/real-manual-contributions.json', 'utf8')));
  manualFile.contributors['Only Manual'] = { email: 'only.manual@example.com', contributions: [{ score: 15, notes: 'Mentoring "newcomers"', start_date: '2025-03-01', end_date: '2025-03-31' }] };
  const repositories = [
    { name: 'lmcache', url: 'https://github.com/LMCache/LMCache.git', head: (commits[1] as ScoredCommit).hash, commits: 484 },
    { name: 'lmcache-docs', url: null, head: (commits[0] as ScoredCommit).hash, commits: 243 },
  ];
  const opts: BuildOptions = {
    now: new Date('2025-10-21T09:15:23.955Z'),
    analysisPeriodDays: 365,
    commitsPerEntry: 8,
    bots: { exclude: true, patterns: [] },
    metadata: { tool: 'contributor-leaderboard', version: 'test', repository: 'lmcache' },
    credit: { coAuthors: 'share', reverts: 'cancel' },
    identities: { [authors[2] as string]: [authors[3] as string] },
    repositories,
  };
  return { commits, manual: manualFile, opts };
}

/** What describeDataFileError says of a data file `input`, or 'valid'. */
export function problem(input: unknown): string {
  try {
    parseLeaderboardData(input);
    return 'valid';
  } catch (err) {
    return describeDataFileError(err);
  }
}

/**
 * A parsed board without `shared_commits`, to compare with a file written before boards had them
 * (real-board-v2.json): everything else reads the same.
 */
export function withoutSharedCommits<T extends { shared_commits?: unknown }>(board: T): Omit<T, 'shared_commits'> {
  const { shared_commits: _shared, ...rest } = board;
  return rest;
}
