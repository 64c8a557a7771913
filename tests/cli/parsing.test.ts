/**
 * Every text git can produce, end to end through the built CLI: odd characters, multi-line
 * bodies, empty commits, renames, binary files, merges, .mailmap, bots, a repository with no
 * commits and a shallow clone.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Commit, LeaderboardData } from '../../src/shared/data-file.js';
import type { TestAuthor, TestRepo } from '../support/git-repo.js';
import { cli, readData, readRawData, readStatus, summaryCounts , tempResources } from './helpers.js';
import { writeFile } from 'node:fs/promises';

const { newRepo, tempDir } = tempResources();

const DANA: TestAuthor = { name: 'Dana Dev', email: 'dana@example.com' };
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}\n`).join('');

/** Every commit of the data file by full hash (through the monthly entries). */
function commitsByHash(data: LeaderboardData): Map<string, Commit> {
  return new Map(Object.values(data.leaderboards.monthly).flat().flatMap((e) => e.commits).map((c) => [c.full_hash, c]));
}
const names = (data: LeaderboardData) => [...new Set(Object.values(data.leaderboards.quarterly).flat().map((e) => e.name))].sort();

describe('odd text, empty commits, renames, binary files and merges', () => {
  let repo: TestRepo;
  let data: LeaderboardData;
  const h: Record<string, string> = {};
  const ZOE: TestAuthor = { name: 'Zoë "Z" O\'Brien | 🎉', email: 'zoë@exämple.com' };
  const SUBJECT = 'feat(ui)!: add | pipes\tand "quotes" \'single\' ünïcødé 🎉';
  const ODD_PATH = 'dir/naïve "quoted" | file\twith tab.txt';

  beforeAll(async () => {
    repo = await newRepo();
    h.big = await repo.commit({ files: { 'big.txt': numbered(50) }, message: 'add big file', author: DANA, date: '2025-03-01T10:00:00Z' });
    h.odd = await repo.commit({
      files: { [ODD_PATH]: 'a\nb\nc\n' },
      // A body with lines that look like git's own output must not leak into the numstat.
      message: `${SUBJECT}\n\nBody | line "quoted"\n1\t2\tlooks-like-numstat.txt\n\ncommit 0123456789abcdef0123456789abcdef01234567\n\u0001marker-like\n`,
      author: ZOE,
      date: '2025-03-03T10:00:00+02:00',
    });
    h.empty = await repo.commit({ message: 'chore: nothing changed\n\nbut a body\n', author: DANA, date: '2025-03-04T10:00:00Z' });
    await repo.rename('big.txt', 'moved/big.txt');
    h.rename = await repo.commit({ message: 'refactor: move big file', author: DANA, date: '2025-03-05T10:00:00Z' });
    h.binary = await repo.commit({
      files: { 'img/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0, 1, 2, 3, 0, 255, 254]) },
      message: 'feat: add logo',
      author: DANA,
      date: '2025-03-06T10:00:00Z',
    });
    h.noMessage = await repo.commit({ files: { 'n.txt': 'n\n' }, message: '', author: DANA, date: '2025-03-07T10:00:00Z' });
    // A side branch merged with a merge commit: the merge is left out, both parents count.
    await repo.git('checkout', '-q', '-b', 'side');
    h.side = await repo.commit({ files: { 'side.txt': 'side\n' }, message: 'feat: side work', author: DANA, date: '2025-03-08T10:00:00Z' });
    await repo.git('checkout', '-q', 'main');
    h.main = await repo.commit({ files: { 'main.txt': 'main\n' }, message: 'fix: main work', author: DANA, date: '2025-03-09T10:00:00Z' });
    await repo.git('merge', '-q', '--no-ff', '-m', 'Merge branch side', 'side');
    h.merge = await repo.git('rev-parse', 'HEAD');
    const r = cli(repo.dir, ['refresh', '--all']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(summaryCounts(r.stdout)).toEqual({ analysed: 8, scored: 8, cached: 0, dropped: 0 });
    data = readData(path.join(repo.dir, '.leaderboard'));
  });

  it('keeps pipes, tabs, quotes and non-ASCII in names, emails, subjects and paths', () => {
    const odd = commitsByHash(data).get(h.odd ?? '');
    expect(odd).toMatchObject({
      message: SUBJECT,
      date: '2025-03-03T08:00:00Z',
      stats: { files: 1, insertions: 3, deletions: 0 },
      // `!` makes it breaking: 25.
      scores: { loc: 3, files: 5, keyword: 25 },
    });
    const zoe = data.leaderboards.monthly['2025-03']?.find((e) => e.name === ZOE.name);
    expect(zoe).toMatchObject({ email: ZOE.email, total_commits: 1 });
    expect(zoe?.commits.map((c) => c.full_hash)).toEqual([h.odd]);
  });

  it('stores only the subject of a multi-line message', () => {
    expect(commitsByHash(data).get(h.empty ?? '')?.message).toBe('chore: nothing changed');
    expect(commitsByHash(data).get(h.noMessage ?? '')).toMatchObject({ message: '', scores: { keyword: 12 } });
  });

  it('scores an empty commit with no files and no lines', () => {
    expect(commitsByHash(data).get(h.empty ?? '')).toMatchObject({
      stats: { files: 0, lines: 0, insertions: 0, deletions: 0 },
      scores: { loc: 3, files: 0, keyword: 10, ai: 0, total: 13 },
      classification: 'simple',
    });
  });

  it('counts a pure rename as one file and 0 lines', () => {
    expect(commitsByHash(data).get(h.rename ?? '')).toMatchObject({
      stats: { files: 1, lines: 0, insertions: 0, deletions: 0 },
      scores: { loc: 3, files: 5, keyword: 25 },
    });
  });

  it('counts a binary file as a file with 0 lines', () => {
    expect(commitsByHash(data).get(h.binary ?? '')).toMatchObject({ stats: { files: 1, lines: 0, insertions: 0, deletions: 0 } });
  });

  it('leaves merge commits out but keeps the commits they merge', () => {
    const all = commitsByHash(data);
    expect(all.has(h.merge ?? '')).toBe(false);
    expect(all.has(h.side ?? '')).toBe(true);
    expect(all.has(h.main ?? '')).toBe(true);
    expect(data.total_commits_analyzed).toBe(8);
    expect(all.size).toBe(8);
    expect(data.leaderboards.monthly['2025-03']?.find((e) => e.name === DANA.name)?.total_commits).toBe(7);
  });
});

describe('.mailmap', () => {
  const JDOE: TestAuthor = { name: 'jdoe', email: 'jane@old.example' };
  const JANE: TestAuthor = { name: 'Jane Doe', email: 'jane@new.example' };

  it('merges identities into the mailmapped name with the newest email, also for commits already cached', async () => {
    const repo = await newRepo();
    const dataDir = path.join(repo.dir, '.leaderboard');
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: first', author: JDOE, date: '2025-01-10T10:00:00Z' });
    await repo.commit({ files: { 'b.ts': 'b\n' }, message: 'fix: second', author: JANE, date: '2025-03-10T10:00:00Z' });
    expect(cli(repo.dir, ['refresh', '--all']).code).toBe(0);
    expect(names(readData(dataDir))).toEqual(['Jane Doe', 'jdoe']);

    // The project adds a .mailmap: the old identity's commits must now count for Jane Doe.
    await repo.commit({ files: { '.mailmap': 'Jane Doe <jane@old.example>\n' }, message: 'chore: add mailmap', author: JANE, date: '2025-03-11T10:00:00Z' });
    const r = cli(repo.dir, ['refresh', '--all']);
    expect(r.code).toBe(0);
    const data = readData(dataDir);
    expect(names(data)).toEqual(['Jane Doe']);
    expect(data.leaderboards.quarterly['2025-Q1']?.[0]).toMatchObject({ name: 'Jane Doe', email: JANE.email, total_commits: 3 });
    // January holds only the old-email commit; the entry still shows the newest email.
    expect(data.leaderboards.monthly['2025-01']?.map((e) => [e.name, e.email, e.total_commits])).toEqual([['Jane Doe', JANE.email, 1]]);
  });

  it('applies a mailmap git\'s config adds (mailmap.file) to commits already cached too, and follows its changes', async () => {
    const repo = await newRepo();
    const dataDir = path.join(repo.dir, '.leaderboard');
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: first', author: JDOE, date: '2025-01-10T10:00:00Z' });
    expect(cli(repo.dir, ['refresh', '--all']).code).toBe(0);
    expect(names(readData(dataDir))).toEqual(['jdoe']);
    const mailmap = path.join(await tempDir('lb-mailmap-'), 'people.mailmap');
    await writeFile(mailmap, 'Jane Doe <jane@old.example>\n');
    await repo.git('config', 'mailmap.file', mailmap);
    expect(cli(repo.dir, ['refresh', '--all']).stdout).not.toMatch(/^Up to date/);
    expect(names(readData(dataDir))).toEqual(['Jane Doe']);
    await writeFile(mailmap, 'Janet Doe <jane@old.example>\n');
    expect(cli(repo.dir, ['refresh', '--all']).code).toBe(0);
    expect(names(readData(dataDir))).toEqual(['Janet Doe']);
  });
});

describe('bots', () => {
  it('leaves dependabot[bot], renovate and configured patterns out of the rankings', async () => {
    const repo = await newRepo();
    const dataDir = path.join(repo.dir, '.leaderboard');
    const HUMAN: TestAuthor = { name: 'Hu Man', email: 'human@example.com' };
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: real work', author: HUMAN, date: '2025-05-05T10:00:00Z' });
    await repo.commit({
      files: { 'package.json': '{"x":1}\n' },
      message: 'chore(deps): bump x from 1 to 2',
      author: { name: 'dependabot[bot]', email: '49699333+dependabot[bot]@users.noreply.github.com' },
      date: '2025-05-06T10:00:00Z',
    });
    await repo.commit({ files: { 'renovate.json': '{}\n' }, message: 'chore: update y', author: { name: 'Renovate Bot', email: 'bot@renovateapp.com' }, date: '2025-05-07T10:00:00Z' });
    await repo.commit({ files: { 'sync.txt': 's\n' }, message: 'ci: sync', author: { name: 'CI Robot', email: 'ci-robot@example.com' }, date: '2025-05-08T10:00:00Z' });

    const first = cli(repo.dir, ['refresh', '--all']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('2 contributors');
    let data = readData(dataDir);
    expect(names(data)).toEqual(['CI Robot', 'Hu Man']);
    expect(data.total_commits_analyzed).toBe(2);

    await writeFile(path.join(repo.dir, 'leaderboard.config.json'), JSON.stringify({ bots: { patterns: ['CI-ROBOT@'] } }));
    const second = cli(repo.dir, ['refresh', '--all']);
    expect(second.code).toBe(0);
    // Bot settings change the rankings, not the scores: nothing is rescored. The count is the
    // board's: the bots' commits are said apart.
    expect(summaryCounts(second.stdout)).toMatchObject({ analysed: 1, scored: 0, cached: 1 });
    expect(second.stdout).toContain(' Bots: 3 commits left out.');
    expect(second.stdout).toContain('1 contributor,');
    data = readData(dataDir);
    expect(names(data)).toEqual(['Hu Man']);
    expect(data.total_commits_analyzed).toBe(1);
    expect(readRawData(dataDir).commits).toHaveLength(1);
  });
});

describe('a repository with no commits', () => {
  it('writes an empty leaderboard and says so, without crashing', async () => {
    const repo = await newRepo();
    const dataDir = path.join(repo.dir, '.leaderboard');
    const r = cli(repo.dir, ['refresh']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Analysed 0 commits/);
    const data = readData(dataDir);
    expect(data.total_commits_analyzed).toBe(0);
    expect(data.leaderboards).toEqual({ weekly: {}, monthly: {}, quarterly: {} });
    expect(readStatus(dataDir)).toMatchObject({ success: true, latestCommit: null });
    const again = cli(repo.dir, ['refresh']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Up to date at (no commits)');
  });
});

describe('a shallow clone', () => {
  it('analyses the commits it has, without crediting the boundary commit with the whole tree', async () => {
    const source = await newRepo();
    await source.commit({ files: { 'a.txt': numbered(10) }, message: 'feat: a', author: DANA, date: '2025-02-01T10:00:00Z' });
    const b = await source.commit({ files: { 'b.txt': numbered(5) }, message: 'feat: b', author: DANA, date: '2025-02-02T10:00:00Z' });
    const c = await source.commit({ files: { 'a.txt': numbered(10).replace('line 3\n', 'line three\n') }, message: 'fix: a', author: DANA, date: '2025-02-03T10:00:00Z' });
    const clone = await newRepo({ cloneFrom: source.dir, depth: 2 });
    const dataDir = path.join(clone.dir, '.leaderboard');
    expect(await clone.git('rev-parse', '--is-shallow-repository')).toBe('true');
    const r = cli(clone.dir, ['refresh', '--all']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // Said, every time: the board lacks the older history.
    expect(r.stdout).toContain(`Note: ${path.basename(clone.dir)} is a shallow clone: the board holds only the commits fetched. Run \`git fetch --unshallow\``);
    expect(cli(clone.dir, ['refresh', '--all']).stdout).toContain('is a shallow clone');
    let data = readData(dataDir);
    expect(data.total_commits_analyzed).toBe(2);
    expect(commitsByHash(data).get(c)).toMatchObject({ stats: { files: 1, insertions: 1, deletions: 1 } });
    // git shows the boundary commit (its parent is missing) as adding a.txt and b.txt, 15 lines;
    // its real change is unknown, so it counts no files and no lines.
    expect(commitsByHash(data).get(b)).toMatchObject({ stats: { files: 0, insertions: 0, deletions: 0 }, scores: { loc: 3, files: 0, ai: 0 } });

    // Once the history is complete, the commit is rescored with its real change.
    await clone.git('fetch', '-q', '--unshallow');
    const full = cli(clone.dir, ['refresh', '--all']);
    expect(full.code).toBe(0);
    expect(summaryCounts(full.stdout)).toMatchObject({ analysed: 3, scored: 3 });
    expect(full.stdout).not.toContain('shallow');
    data = readData(dataDir);
    expect(commitsByHash(data).get(b)).toMatchObject({ stats: { files: 1, insertions: 5, deletions: 0 } });
  });
});
