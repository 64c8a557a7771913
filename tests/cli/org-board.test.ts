/**
 * Organisation boards through the built CLI: several real repositories (local clones and one by
 * file:// URL), identities, the per-repository boards, `merge` of parts equal to one joint
 * refresh, incremental refreshes, and what happens when a repository is missing or a part is bad.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseLeaderboardData } from '../../src/shared/data-file.js';
import { TOOL_VERSION } from '../../src/core/version.js';
import type { TestAuthor, TestRepo } from '../support/git-repo.js';
import { cli, readData, readJson, readStatus, summaryCounts, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();

const ANN_A: TestAuthor = { name: 'Ann Shared', email: 'ann@alpha.example' };
const ANN_B: TestAuthor = { name: 'Ann Shared', email: 'ann@beta.example' };
const BOB: TestAuthor = { name: 'Bob Alpha', email: 'bob@example.com' };
const CAT_ID: TestAuthor = { name: 'Cat Person', email: '123+catlogin@users.noreply.github.com' };
const CAT_LOGIN: TestAuthor = { name: 'catlogin', email: 'catlogin@users.noreply.github.com' };
const DANNY: TestAuthor = { name: 'Danny', email: 'danny@example.com' };
const DAN: TestAuthor = { name: 'Dan Canon', email: 'dan@example.com' };

let day = 0;
async function commit(repo: TestRepo, author: TestAuthor, message = 'feat: add a feature'): Promise<string> {
  day += 1;
  const n = day;
  return repo.commit({
    files: { [`src/f${n}.ts`]: `export const f${n} = ${n};\n`.repeat(1 + (n % 4) * 10) },
    message,
    author,
    date: `2025-03-${String(1 + (n % 27)).padStart(2, '0')}T${String(8 + (n % 10)).padStart(2, '0')}:00:00Z`,
  });
}

const strip = (text: string) => text.replace(/"last_updated":"[^"]+",/, '');
const read = (file: string) => readFile(file, 'utf8');

describe('a board of several repositories', () => {
  let board: TestRepo;
  let alpha: TestRepo;
  let beta: TestRepo;
  let gammaSource: TestRepo;
  let gammaUrl: string;
  let dataDir: string;
  const config = () => ({
    repositories: [{ path: alpha.dir, name: 'alpha' }, { path: beta.dir, name: 'beta' }, { url: gammaUrl, name: 'gamma' }],
    identities: { 'Dan Canon': ['Danny'] },
  });

  beforeAll(async () => {
    [board, alpha, beta, gammaSource] = await Promise.all([newRepo(), newRepo(), newRepo(), newRepo()]);
    for (const a of [ANN_A, BOB, BOB, DANNY, CAT_ID]) await commit(alpha, a);
    for (const a of [ANN_B, ANN_B, CAT_LOGIN]) await commit(beta, a);
    for (const a of [DAN, CAT_ID, ANN_A]) await commit(gammaSource, a);
    gammaUrl = `file://${gammaSource.dir}`;
    await board.writeFile('leaderboard.config.json', JSON.stringify(config()));
    await board.commit({ message: 'chore: board config', files: {}, date: '2025-03-01T00:00:00Z' });
    dataDir = path.join(board.dir, '.leaderboard');
    const r = cli(board.dir, ['refresh', '--all', '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  }, 60_000);

  it('lists the repositories and tags every commit with its repository', async () => {
    const data = readData(dataDir);
    const repos = data.metadata.repositories as { name: string; url: string | null; head: string | null; commits: number }[];
    expect(repos.map((r) => [r.name, r.commits])).toEqual([['alpha', 5], ['beta', 3], ['gamma', 3]]);
    expect(repos.find((r) => r.name === 'gamma')?.url).toBe(gammaUrl);
    expect(repos.find((r) => r.name === 'alpha')?.head).toBe((await alpha.git('rev-parse', 'HEAD')).trim());
    expect(data.total_commits_analyzed).toBe(11);
    const quarter = Object.values(data.leaderboards.quarterly)[0] ?? [];
    const repoOf = new Map<string, string | undefined>();
    for (const e of quarter) for (const c of e.commits) repoOf.set(c.full_hash, c.repo);
    expect(repoOf.get((await gammaSource.git('rev-parse', 'HEAD')).trim())).toBe('gamma');
    expect(repoOf.get((await beta.git('rev-parse', 'HEAD')).trim())).toBe('beta');
    // The URL repository is a bare mirror in the data directory.
    expect(existsSync(path.join(dataDir, 'repos', 'gamma.git', 'HEAD'))).toBe(true);
    expect((await board.git('-C', path.join(dataDir, 'repos', 'gamma.git'), 'rev-parse', '--is-bare-repository')).trim()).toBe('true');
  });

  it('makes one contributor of a shared name, an identity and one GitHub login', () => {
    const quarter = Object.values(readData(dataDir).leaderboards.quarterly)[0] ?? [];
    const byName = new Map(quarter.map((e) => [e.name, e.total_commits]));
    // Ann: alpha, beta x2 and gamma; Cat: two noreply forms of one login, three commits; Danny is Dan.
    expect(Object.fromEntries(byName)).toEqual({ 'Ann Shared': 4, 'Bob Alpha': 2, 'Cat Person': 3, 'Dan Canon': 2 });
  });

  it('writes each repository its own board, without manual contributions', async () => {
    for (const [name, total] of [['alpha', 5], ['beta', 3], ['gamma', 3]] as const) {
      const own = parseLeaderboardData(JSON.parse(await read(path.join(dataDir, 'leaderboard-repos', name, 'leaderboard-data.json'))));
      expect(own.total_commits_analyzed).toBe(total);
      expect((own.metadata.repositories as { name: string }[]).map((r) => r.name)).toEqual(['alpha', 'beta', 'gamma']);
      const commitRepos = new Set(Object.values(own.leaderboards.quarterly).flatMap((es) => es.flatMap((e) => e.commits.map((c) => c.repo))));
      expect([...commitRepos]).toEqual([name]);
      expect(existsSync(path.join(dataDir, 'leaderboard-repos', name, 'leaderboard-index.json'))).toBe(true);
    }
    const betaQuarter = Object.values(parseLeaderboardData(JSON.parse(await read(path.join(dataDir, 'leaderboard-repos', 'beta', 'leaderboard-data.json')))).leaderboards.quarterly)[0] ?? [];
    // Named as on the whole board (the login's commonest name is from alpha and gamma).
    expect(betaQuarter.map((e) => [e.name, e.total_commits])).toEqual([['Ann Shared', 2], ['Cat Person', 1]]);
  });

  it('merges parts refreshed one repository each into the same bytes as the joint refresh', async () => {
    const parts: string[] = [];
    for (const name of ['gamma', 'alpha', 'beta']) {
      const part = await tempDir(`lb-part-${name}-`);
      const r = cli(board.dir, ['refresh', '--repo', name, '--all', '--quiet', '--data-dir', part]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(readData(part).total_commits_analyzed).toBe(name === 'alpha' ? 5 : 3);
      parts.push(part);
    }
    const merged = await tempDir('lb-merged-');
    // What an earlier board in that directory left: the cache and mirror of a repository not on this one.
    await mkdir(path.join(merged, 'parts', 'delta'), { recursive: true });
    await writeFile(path.join(merged, 'parts', 'delta', 'score-cache.json'), '{}');
    await mkdir(path.join(merged, 'repos', 'delta.git'), { recursive: true });
    await writeFile(path.join(merged, 'last-update.json'), JSON.stringify({ success: true, timestamp: '2025-01-01T00:00:00.000Z', latestCommit: null }));
    const r = cli(board.dir, ['merge', ...parts, '--data-dir', merged]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Merged 3 repositories \(commits in the window: alpha 5, beta 3, gamma 3\), 4 contributors -> /);
    expect(strip(await read(path.join(merged, 'leaderboard-data.json')))).toBe(strip(await read(path.join(dataDir, 'leaderboard-data.json'))));
    for (const name of ['alpha', 'beta', 'gamma']) {
      const file = path.join('leaderboard-repos', name, 'leaderboard-data.json');
      expect(strip(await read(path.join(merged, file)))).toBe(strip(await read(path.join(dataDir, file))));
    }
    expect(readStatus(merged).success).toBe(true);
    expect((await readdir(path.join(merged, 'parts'))).sort()).toEqual(['alpha', 'beta', 'gamma']);
    expect(existsSync(path.join(merged, 'repos', 'delta.git'))).toBe(false);
    // A part an earlier version refreshed recorded its URL with the query string (a token there):
    // it is the configured repository all the same, and the token is printed nowhere.
    const gammaState = path.join(parts[0] as string, 'refresh-state.json');
    const state = JSON.parse(await read(gammaState)) as { parts: { url: string }[] };
    (state.parts[0] as { url: string }).url = `${gammaUrl}?private_token=SECRET123`;
    await writeFile(gammaState, JSON.stringify(state));
    const mergedAgain = await tempDir('lb-merged-again-');
    const again = cli(board.dir, ['merge', ...parts, '--data-dir', mergedAgain]);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    for (const file of ['leaderboard-data.json', 'leaderboard-index.json', 'refresh-state.json', path.join('leaderboard-repos', 'gamma', 'leaderboard-data.json')]) {
      expect(await read(path.join(mergedAgain, file)), file).not.toContain('SECRET123');
    }

    // Another board's part whose repository is also named "gamma", read from a local path: not this gamma.
    const other = await newRepo();
    await other.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: beta.dir, name: 'gamma' }] }));
    const foreign = await tempDir('lb-part-foreign-');
    expect(cli(other.dir, ['refresh', '--repo', 'gamma', '--all', '--quiet', '--data-dir', foreign]).code).toBe(0);
    const into = path.join(await tempDir('lb-merged-foreign-'), 'board');
    const refused = cli(board.dir, ['merge', parts[1]!, parts[2]!, foreign, '--data-dir', into]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`Part ${foreign} holds a repository named "gamma" read from a local path, but leaderboard.config.json's "gamma" is ${gammaUrl}.`);
    expect(existsSync(into)).toBe(false);
    // The same for a repository the config gives by path: another board's "beta" (another repository of that name).
    await other.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: gammaSource.dir, name: 'beta' }] }));
    const foreignBeta = await tempDir('lb-part-foreign-beta-');
    expect(cli(other.dir, ['refresh', '--repo', 'beta', '--all', '--quiet', '--data-dir', foreignBeta]).code).toBe(0);
    const pathRefused = cli(board.dir, ['merge', parts[0]!, parts[1]!, foreignBeta, '--data-dir', into]);
    expect(pathRefused.code).toBe(2);
    expect(pathRefused.stderr).toContain(`Part ${foreignBeta} holds a repository named "beta" whose newest commit ${(await gammaSource.git('rev-parse', 'HEAD')).trim().slice(0, 12)} is not in ${beta.dir}, leaderboard.config.json's "beta"`);
    expect(existsSync(into)).toBe(false);
    // A file given as a part is named as one.
    const file = cli(board.dir, ['merge', parts[1]!, path.join(parts[2]!, 'refresh-state.json'), '--data-dir', into]);
    expect(file.stderr).toContain(`is a file, not a data directory.`);
  }, 60_000);

  it('rescores only the repository that changed', async () => {
    const cacheOf = (name: string) => path.join(dataDir, 'parts', name, 'score-cache.json');
    const before = await Promise.all(['alpha', 'gamma'].map(async (n) => ({ text: await read(cacheOf(n)), mtime: (await stat(cacheOf(n))).mtimeMs })));
    const added = await commit(beta, BOB, 'fix: a bug in beta');
    const r = cli(board.dir, ['refresh', '--all', '--quiet']);
    expect(r.code).toBe(0);
    expect(summaryCounts(r.stdout)).toMatchObject({ analysed: 12, scored: 1 });
    const after = await Promise.all(['alpha', 'gamma'].map(async (n) => ({ text: await read(cacheOf(n)), mtime: (await stat(cacheOf(n))).mtimeMs })));
    expect(after).toEqual(before);
    expect(await read(cacheOf('beta'))).toContain(added);
    // And a second refresh finds nothing to do.
    expect(cli(board.dir, ['refresh', '--all', '--quiet']).stdout).toMatch(/^Up to date/);
  }, 60_000);

  it('overrides the AI score of a commit of any repository of the board, a mirrored one too', async () => {
    for (const repo of [beta, gammaSource]) {
      const hash = (await repo.git('rev-parse', 'HEAD')).trim();
      const r = cli(board.dir, ['ai-override', 'set', hash.slice(0, 10), '--score', '20', '--note', 'core work', '--by', 'ann']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      // Applied to the board: no note that it waits or is not shown.
      expect(r.stdout.trim()).toBe(`AI score of ${hash.slice(0, 8)} set to 20 by ann: core work`);
    }
    const missing = cli(board.dir, ['ai-override', 'set', 'abcdef12', '--score', '20', '--note', 'x']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No commit abcdef12 in the board's repositories (alpha, beta, gamma)");
    for (const repo of [beta, gammaSource]) expect(cli(board.dir, ['ai-override', 'remove', (await repo.git('rev-parse', 'HEAD')).trim()]).code).toBe(0);
    // A name (HEAD) is the board's own repository's, as on a board of one: every repository has a HEAD.
    const head = (await board.git('rev-parse', 'HEAD')).trim();
    const byName = cli(board.dir, ['ai-override', 'set', 'HEAD', '--score', '20', '--note', 'x', '--by', 'ann']);
    expect(byName.stderr).toBe('');
    expect(byName.stdout).toContain(`AI score of ${head.slice(0, 8)} set to 20 by ann: x`);
    expect(cli(board.dir, ['ai-override', 'remove', 'HEAD']).code).toBe(0);
  });

  it('refuses to write one repository over the whole board without --data-dir', async () => {
    const before = await read(path.join(dataDir, 'leaderboard-data.json'));
    const r = cli(board.dir, ['refresh', '--repo', 'alpha', '--all', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--repo alpha is not the whole board');
    expect(r.stderr).toContain('--data-dir part-alpha');
    expect(await read(path.join(dataDir, 'leaderboard-data.json'))).toBe(before);
    expect(existsSync(path.join(dataDir, 'parts', 'beta', 'score-cache.json'))).toBe(true);
  });

  it('asks for --data-dir for several repositories outside any repository', async () => {
    const outside = await tempDir('lb-outside-');
    // The test repositories are all folders named `repo`: clones under other names.
    for (const [from, to] of [[alpha.dir, 'one'], [beta.dir, 'two']] as const) await board.git('clone', '-q', from, path.join(outside, to));
    const r = cli(outside, ['refresh', '--repo', 'one', '--repo', 'two', '--all', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`No git repository in ${outside} to keep the board of 2 repositories in.`);
    expect(existsSync(path.join(outside, 'one', '.leaderboard'))).toBe(false);
  });

  it('takes an include list from repeated --repo', async () => {
    const only = await tempDir('lb-only-');
    // beta by a URL the config does not list: another repository, named by its URL.
    const r = cli(board.dir, ['refresh', '--repo', 'alpha', '--repo', `file://${beta.dir}`, '--all', '--quiet', '--data-dir', only]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const data = readData(only);
    // A URL's default name is its last part (the test repository's folder is `repo`).
    expect((data.metadata.repositories as { name: string }[]).map((x) => x.name)).toEqual(['alpha', 'repo']);
    // alpha's 5 and beta's 4 (one added by an earlier test).
    expect(data.total_commits_analyzed).toBe(9);
  }, 60_000);

  it('knows the configured repositories by their paths and URLs too: all of them are the whole board', () => {
    const r = cli(board.dir, ['refresh', '--repo', alpha.dir, '--repo', path.relative(board.dir, beta.dir), '--repo', gammaUrl, '--all', '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^(Up to date|Analysed)/);
  }, 60_000);

  it('names the configured repositories when a --repo is neither one of them nor a path, alone or among others', async () => {
    const part = path.join(await tempDir('lb-misspelt-'), 'part');
    for (const repos of [['alpah'], ['beta', 'alpah']]) {
      const r = cli(board.dir, ['refresh', ...repos.flatMap((x) => ['--repo', x]), '--data-dir', part]);
      expect(r.code, repos.join(' ')).toBe(2);
      expect(r.stderr).toBe('Error: --repo alpah is neither a path nor the name of a repository in "repositories" of leaderboard.config.json: "alpha", "beta", "gamma".\n'
        + 'Hint: Pass one of those names, or the path of a clone.\n');
    }
    expect(existsSync(part)).toBe(false);
  });

  it('drops the lone repository\'s cache at the top when the board grows to several', async () => {
    const grown = await tempDir('lb-grown-');
    expect(cli(board.dir, ['refresh', '--repo', 'alpha', '--all', '--quiet', '--data-dir', grown]).code).toBe(0);
    expect(existsSync(path.join(grown, 'score-cache.json'))).toBe(true);
    expect(cli(board.dir, ['refresh', '--repo', 'alpha', '--repo', 'beta', '--all', '--quiet', '--data-dir', grown]).code).toBe(0);
    expect(existsSync(path.join(grown, 'parts', 'alpha', 'score-cache.json'))).toBe(true);
    expect(existsSync(path.join(grown, 'score-cache.json'))).toBe(false);
  }, 60_000);
});

describe('the name on the page of a board of several repositories', () => {
  it('is their names, in name order, when no leaderboard.config.json lists them: from build and from merge alike', async () => {
    const [one, two] = await Promise.all([newRepo(), newRepo()]);
    await commit(one, ANN_A);
    await commit(two, BOB);
    const root = await tempDir('lb-board-name-');
    // Given in the other order than their names': the first --repo named the board.
    await one.git('clone', '-q', one.dir, path.join(root, 'zeta'));
    await two.git('clone', '-q', two.dir, path.join(root, 'alpha'));
    const built = cli(root, ['build', '--repo', 'zeta', '--repo', 'alpha', '--data-dir', 'joint']);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(readData(path.join(root, 'joint')).metadata.repository).toBe('alpha, zeta');
    for (const name of ['zeta', 'alpha']) expect(cli(root, ['refresh', '--repo', name, '--data-dir', `part-${name}`]).code).toBe(0);
    // From a folder of its own, into a data directory whose parent was the name.
    await mkdir(path.join(root, 'ci'));
    const merged = cli(path.join(root, 'ci'), ['merge', '../part-zeta', '../part-alpha', '--data-dir', path.join(root, 'merged')]);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(0);
    expect(readData(path.join(root, 'merged')).metadata.repository).toBe('alpha, zeta');
    expect(strip(await read(path.join(root, 'merged', 'leaderboard-data.json')))).toBe(strip(await read(path.join(root, 'joint', 'leaderboard-data.json'))));
  }, 60_000);
});

describe('a repository that fails', () => {
  let board: TestRepo;
  let alpha: TestRepo;
  let dataDir: string;

  beforeAll(async () => {
    [board, alpha] = await Promise.all([newRepo(), newRepo()]);
    await commit(alpha, ANN_A);
    await commit(board, BOB);
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.', name: 'board' }, { path: alpha.dir, name: 'alpha' }] }));
    dataDir = path.join(board.dir, '.leaderboard');
    expect(cli(board.dir, ['refresh', '--all', '--quiet']).code).toBe(0);
  }, 60_000);

  it('refuses a folder inside a repository, whose whole history would count under the folder\'s name', async () => {
    const sub = path.join(alpha.dir, 'packages', 'api');
    await mkdir(sub, { recursive: true });
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.', name: 'board' }, { path: sub }] }));
    const r = cli(board.dir, ['refresh', '--all', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Repository "api" (${sub}) is a folder inside the repository ${await realpath(alpha.dir)}: the whole repository's history would count as "api".`);
  });

  it('names a missing repository in the error and last-update.json, and keeps the last good board', async () => {
    const good = await read(path.join(dataDir, 'leaderboard-data.json'));
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.', name: 'board' }, { path: path.join(alpha.dir, 'gone'), name: 'gone' }] }));
    const r = cli(board.dir, ['refresh', '--all', '--quiet']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Repository "gone"');
    expect(r.stderr).toContain('does not exist');
    expect(readStatus(dataDir)).toMatchObject({ success: false });
    expect(readStatus(dataDir).error).toContain('Repository "gone"');
    expect(await read(path.join(dataDir, 'leaderboard-data.json'))).toBe(good);
  });

  it('names a URL that cannot be cloned, and leaves no half mirror', async () => {
    const missing = `file://${path.join(alpha.dir, 'no-such-repo')}`;
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.', name: 'board' }, { url: missing, name: 'far' }] }));
    const r = cli(board.dir, ['refresh', '--all', '--quiet']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`Repository "far": cannot clone ${missing}: git clone failed (exit 128): fatal:`);
    expect(r.stderr).not.toContain('.cloning');
    expect(r.stderr).toContain('or remove it from the repositories list of leaderboard.config.json.');
    expect(readStatus(dataDir).error).toContain('Repository "far"');
    expect(existsSync(path.join(dataDir, 'repos', 'far.git'))).toBe(false);
  });

  it('names a URL given to --repo that cannot be cloned, without its credentials or a temp folder, and hints at the flag', async () => {
    await board.writeFile('leaderboard.config.json', '{}');
    const url = 'http://bot:s3cretTOKEN@localhost:9/org/api.git';
    const r = cli(board.dir, ['refresh', '--repo', url, '--all', '--quiet', '--data-dir', await tempDir('lb-flag-url-')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Error: Repository "api": cannot clone http:\/\/localhost:9\/org\/api\.git: git clone failed \(exit 128\): fatal: /);
    expect(r.stderr).toContain('Hint: Check the --repo URL, that the repository exists there and that you may read it: git must clone it without asking for a password '
      + '(for https, a credential helper, such as `gh auth setup-git`, or in CI a url.<base>.insteadOf rule fed from a secret; for ssh, a key in ssh-agent).\n');
    expect(r.stderr).not.toContain('TOKEN@');
    expect(r.stderr).not.toContain('.cloning');
    expect(r.stderr).not.toContain('s3cretTOKEN');
  });

  it('never shows the credentials of a URL that cannot be cloned, in the error or last-update.json', async () => {
    // Port 9 (discard) on this machine: nothing answers, so git fails with the whole URL in its command.
    const url = 'http://bot:s3cretTOKEN@localhost:9/org/api.git';
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.', name: 'board' }, { url, name: 'api' }] }));
    const r = cli(board.dir, ['refresh', '--all', '--quiet']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Repository "api": cannot clone http://localhost:9/org/api.git');
    expect(`${r.stdout}${r.stderr}`).not.toContain('s3cretTOKEN');
    expect(readStatus(dataDir).error).toContain('Repository "api"');
    expect(JSON.stringify(readStatus(dataDir))).not.toContain('s3cretTOKEN');
  });

  it('refuses two repositories of one name', async () => {
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.', name: 'x' }, { path: alpha.dir, name: 'x' }] }));
    const r = cli(board.dir, ['refresh', '--all', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Two repositories are named "x"');
  });

  it('refuses one repository listed twice, under one name or two', async () => {
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: alpha.dir }, { path: alpha.dir }] }));
    const twice = cli(board.dir, ['refresh', '--all', '--quiet']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain(`The repository ${alpha.dir} is listed twice.`);
    expect(twice.stderr).toContain('Hint: Remove one of them');
    await alpha.writeFile('lib/keep.txt', 'x\n');
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: alpha.dir, name: 'api' }, { path: path.join(alpha.dir, 'lib'), name: 'api2' }] }));
    const inside = cli(board.dir, ['refresh', '--all', '--quiet']);
    expect(inside.code).toBe(2);
    // A folder of it is refused as such (see below), before it is found to be the same repository.
    expect(inside.stderr).toContain(`Repository "api2" (${path.join(alpha.dir, 'lib')}) is a folder inside the repository ${alpha.dir}`);
  });

  it('gives hints for --repo flags that can be followed without a config', async () => {
    await board.writeFile('leaderboard.config.json', '{}');
    const out = ['--all', '--quiet', '--data-dir', await tempDir('lb-flags-')];
    const twice = cli(board.dir, ['refresh', '--repo', alpha.dir, '--repo', alpha.dir, ...out]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('Hint: Give each --repo once.');
    const missing = cli(board.dir, ['refresh', '--repo', alpha.dir, '--repo', path.join(alpha.dir, 'nope'), ...out]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Hint: Check the --repo path.');
    const sameName = await tempDir('lb-flags-same-');
    await board.git('clone', '-q', alpha.dir, path.join(sameName, 'a', 'app'));
    await board.git('clone', '-q', alpha.dir, path.join(sameName, 'b', 'app'));
    const named = cli(board.dir, ['refresh', '--repo', path.join(sameName, 'a', 'app'), '--repo', path.join(sameName, 'b', 'app'), ...out]);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('Hint: List them in "repositories" of leaderboard.config.json, each with its own "name", and pass those names to --repo.');
  });
});

describe('merge refuses bad parts and writes nothing', () => {
  let board: TestRepo;
  let partA: string;
  const boardConfig = async (extra: Record<string, unknown> = {}) => {
    const [one, two] = [path.join(board.dir, 'one'), path.join(board.dir, 'two')];
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: one, name: 'one' }, { path: two, name: 'two' }], ...extra }));
  };
  const part = async (name: string, ...flags: string[]) => {
    const dir = await tempDir(`lb-part-${name}-`);
    const r = cli(board.dir, ['refresh', '--repo', name, '--quiet', '--data-dir', dir, ...(flags.length ? flags : ['--all'])]);
    expect(r.stderr).toBe('');
    return dir;
  };
  const merge = async (...parts: string[]) => {
    const out = path.join(await tempDir('lb-out-'), 'board');
    return { out, r: cli(board.dir, ['merge', ...parts, '--data-dir', out]) };
  };

  beforeAll(async () => {
    board = await newRepo();
    const [one, two] = await Promise.all([newRepo(), newRepo()]);
    await commit(one, ANN_A);
    await commit(two, BOB);
    await board.git('clone', '-q', one.dir, 'one');
    await board.git('clone', '-q', two.dir, 'two');
    await boardConfig();
    partA = await part('one');
  }, 60_000);

  it('counts the commits of a lone part in its summary', async () => {
    const one = path.join(board.dir, 'one');
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: one, name: 'one' }] }));
    const { r } = await merge(partA);
    await boardConfig();
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Merged 1 repository \(commits in the window: one 1\), 1 contributor -> /);
  });

  it('holds the parts to the repositories list: none missing, none added', async () => {
    const missing = await merge(partA);
    expect(missing.r.code).toBe(2);
    expect(missing.r.stderr).toContain('No part holds the repository "two" of leaderboard.config.json.');
    expect(existsSync(missing.out)).toBe(false);
    const one = path.join(board.dir, 'one');
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: one, name: 'one' }] }));
    const partB = await part('two');
    const added = await merge(partA, partB);
    await boardConfig();
    expect(added.r.code).toBe(2);
    expect(added.r.stderr).toContain(`Part ${partB} holds the repository "two", which is not in the repositories of leaderboard.config.json.`);
  });

  it('leaves a board that a merge stopped part-way does not call up to date', async () => {
    const partB = await part('two');
    const { out, r } = await merge(partA, partB);
    expect(r.code).toBe(0);
    expect(cli(board.dir, ['refresh', '--all', '--quiet', '--data-dir', out]).stdout).toMatch(/^Up to date/);
    // The second repository's board folder made a file: the merge fails after writing the caches
    // and the first one's board (a kill there left them beside the old state).
    const blocked = path.join(out, 'leaderboard-repos', 'two');
    await rm(blocked, { recursive: true });
    await writeFile(blocked, 'not a folder');
    expect(cli(board.dir, ['merge', partA, partB, '--data-dir', out]).code).not.toBe(0);
    expect(readJson<{ rebuilding?: boolean }>(path.join(out, 'refresh-state.json')).rebuilding).toBe(true);
    await rm(blocked);
    const again = cli(board.dir, ['refresh', '--all', '--quiet', '--data-dir', out]);
    expect(again.stdout).not.toMatch(/^Up to date/);
    expect(again.code).toBe(0);
  });

  it('names a missing part', async () => {
    const missing = path.join(partA, 'nope');
    const { out, r } = await merge(partA, missing);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Part ${missing} does not exist`);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses to write the board into one of its parts', async () => {
    const partB = await part('two');
    const before = await read(path.join(partB, 'refresh-state.json'));
    const r = cli(board.dir, ['merge', partA, `${partB}/`, '--data-dir', partB]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`The board's data directory ${partB} is also one of the parts.`);
    expect(await read(path.join(partB, 'refresh-state.json'))).toBe(before);
  });

  it('names a corrupt score cache', async () => {
    const broken = await part('two');
    const cache = path.join(broken, 'score-cache.json');
    await writeFile(cache, (await read(cache)).slice(0, 40));
    const { out, r } = await merge(partA, broken);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Part ${broken}: the score cache ${cache} cannot be used: it is corrupt`);
    expect(existsSync(out)).toBe(false);
  });

  it('names the setting that differs', async () => {
    await boardConfig({ exclusions: { lockFiles: false } });
    const strict = await part('two');
    await boardConfig();
    const { out, r } = await merge(partA, strict);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Part ${strict} differs from ${partA}: scoring.exclusions.lockFiles is false there and true in ${partA}.`);
    expect(existsSync(out)).toBe(false);
  });

  it("names a part scored otherwise than the board's config says", async () => {
    const two = await part('two');
    await boardConfig({ exclusions: { minified: false } });
    const { out, r } = await merge(partA, two);
    await boardConfig();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Part ${partA} was scored with other settings than this board's leaderboard.config.json: exclusions.minified is true there and false here.`);
    expect(existsSync(out)).toBe(false);
  });

  it('names another window', async () => {
    const recent = await part('two', '--since', '2025-01-01');
    const { out, r } = await merge(partA, recent);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Part ${recent} differs from ${partA}: window.start is "2025-01-01T00:00:00.000Z" there and null in ${partA}.`);
    expect(existsSync(out)).toBe(false);
  });

  it('names a part made by another version', async () => {
    const old = await part('two');
    const stateFile = path.join(old, 'refresh-state.json');
    await writeFile(stateFile, JSON.stringify({ ...readJson<Record<string, unknown>>(stateFile), version: '0.0.1' }));
    const { r } = await merge(partA, old);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Part ${old} was made by contributor-leaderboard 0.0.1; this is contributor-leaderboard`);
  });

  it('names a part made by other code of the same version', async () => {
    const old = await part('two');
    const stateFile = path.join(old, 'refresh-state.json');
    // What every build before build ids wrote (an update from a checkout keeps package.json's version).
    await writeFile(stateFile, JSON.stringify({ ...readJson<Record<string, unknown>>(stateFile), version: TOOL_VERSION }));
    const { out, r } = await merge(partA, old);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`Part ${old} was made by contributor-leaderboard ${TOOL_VERSION.replace(/\./g, '\\.')}; this is contributor-leaderboard ${TOOL_VERSION.replace(/\./g, '\\.')}\\+[0-9a-f]{12}\\.`));
    expect(r.stderr).toContain('run `leaderboard refresh` for that part with this one');
    expect(existsSync(out)).toBe(false);
  });

  it('names a repository held by two parts', async () => {
    const again = await part('one');
    const { out, r } = await merge(partA, again);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Two parts hold the repository "one": ${partA} and ${again}.`);
    expect(existsSync(out)).toBe(false);
  });

  it('names a part given twice as given twice, not as two parts holding its repository', async () => {
    const { out, r } = await merge(partA, `${partA}/`);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Error: The part ${partA} is given twice.\nHint: Give each part once.`);
    expect(existsSync(out)).toBe(false);
  });
});

describe('a repository read by URL', () => {
  it('follows its default branch when the remote renames it, and keeps every commit', async () => {
    const [board, upstream] = await Promise.all([newRepo(), newRepo()]);
    for (const a of [ANN_A, BOB]) await commit(upstream, a);
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ url: `file://${upstream.dir}`, name: 'up' }] }));
    await board.commit({ message: 'chore: board config', files: {}, date: '2025-03-01T00:00:00Z' });
    const dataDir = path.join(board.dir, '.leaderboard');
    expect(summaryCounts(cli(board.dir, ['refresh', '--all']).stdout)).toMatchObject({ analysed: 2 });
    // main -> trunk, as GitHub's rename does: the old branch is gone from the remote.
    await upstream.git('branch', '-m', 'trunk');
    await commit(upstream, DAN);
    const r = cli(board.dir, ['refresh', '--all']);
    expect(r.stderr).toBe('');
    expect(summaryCounts(r.stdout)).toMatchObject({ analysed: 3, scored: 1, cached: 2, dropped: 0 });
    expect((await board.git('-C', path.join(dataDir, 'repos', 'up.git'), 'symbolic-ref', 'HEAD')).trim()).toBe('refs/heads/trunk');
  });
  it('deletes the mirrors of repositories no longer on the board, and clones killed part-way', async () => {
    const [board, upstream] = await Promise.all([newRepo(), newRepo()]);
    await commit(upstream, ANN_A);
    const configure = (name: string) => board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ url: `file://${upstream.dir}`, name }] }));
    await configure('web');
    await board.commit({ message: 'chore: board config', files: {}, date: '2025-03-01T00:00:00Z' });
    const mirrors = path.join(board.dir, '.leaderboard', 'repos');
    expect(cli(board.dir, ['refresh', '--all', '--quiet']).code).toBe(0);
    await mkdir(path.join(mirrors, 'site.git.999999.cloning'), { recursive: true });
    await configure('site');
    expect(cli(board.dir, ['refresh', '--all', '--quiet']).code).toBe(0);
    expect((await readdir(mirrors)).sort()).toEqual(['site.git']);
  });
});
