/**
 * Incremental refreshes through the built CLI: the score cache, new commits, a force-push,
 * a settings change, a failed refresh and `--pull`. The steps of the first block build on
 * each other and run in order on one repository.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/core/config.js';
import { buildKey } from '../../src/core/refresh-state.js';
import { TOOL_VERSION } from '../../src/core/version.js';
import type { TestAuthor, TestRepo } from '../support/git-repo.js';
import { bytesOf, cachedHashes, cli, dataFiles, hasStackTrace, readJson, readRawData, readStatus, summaryCounts , tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();

const EVE: TestAuthor = { name: 'Eve Incremental', email: 'eve@example.com' };
const FINN: TestAuthor = { name: 'Finn Forcepush', email: 'finn@example.com' };
const tableHashes = (dataDir: string) => readRawData(dataDir).commits.map((c) => c.full_hash);

interface CacheFile {
  fingerprint: string;
  commits: { hash: string; subject: string }[];
}

describe('incremental refresh', () => {
  let repo: TestRepo;
  let dataDir: string;
  let files: ReturnType<typeof dataFiles>;
  const base: string[] = [];
  const added: string[] = [];
  let commitCount = 0;
  const commit = (author: TestAuthor, day: number) => {
    commitCount += 1;
    return repo.commit({
      files: { [`src/f${commitCount}.ts`]: `export const x${commitCount} = ${commitCount};\n` },
      message: `feat: add f${commitCount}`,
      author,
      date: `2025-06-${String(day).padStart(2, '0')}T10:00:00Z`,
    });
  };

  beforeAll(async () => {
    repo = await newRepo();
    dataDir = path.join(repo.dir, '.leaderboard');
    files = dataFiles(dataDir);
    for (const day of [2, 3, 4]) base.push(await commit(EVE, day));
  });

  it('scores every commit the first time', () => {
    const r = cli(repo.dir, ['refresh', '--all']);
    expect(r.code).toBe(0);
    expect(summaryCounts(r.stdout)).toEqual({ analysed: 3, scored: 3, cached: 0, dropped: 0 });
    expect(cachedHashes(dataDir)).toEqual([...base].reverse());
  });

  it('reports nothing scored and rewrites nothing when nothing changed', async () => {
    const before = { data: bytesOf(files.data), cache: bytesOf(files.cache) };
    const r = cli(repo.dir, ['refresh', '--all']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`Up to date at ${base[2]?.slice(0, 8)}: nothing new to analyse (.leaderboard/leaderboard-data.json).`);
    expect(bytesOf(files.data)).toBe(before.data);
    expect(bytesOf(files.cache)).toBe(before.cache);
  });

  it('builds the board again, rescoring nothing, when other code of the same version made it', async () => {
    // What every build before build ids wrote (an update from a checkout keeps package.json's version).
    const state = readJson<Record<string, unknown>>(files.state);
    await writeFile(files.state, JSON.stringify({ ...state, version: TOOL_VERSION, buildKey: buildKey(defaultConfig(), TOOL_VERSION) }));
    const r = cli(repo.dir, ['refresh', '--all']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/^Up to date/);
    expect(summaryCounts(r.stdout)).toEqual({ analysed: 3, scored: 0, cached: 3, dropped: 0 });
    expect(readJson<{ version: string }>(files.state).version).toMatch(new RegExp(`^${TOOL_VERSION.replace(/\./g, '\\.')}\\+[0-9a-f]{12}$`));
    expect(cli(repo.dir, ['refresh', '--all']).stdout).toMatch(/^Up to date/);
  });

  it('keeps a board of other code for the next refresh after a rebuild from the cache, and the data directory usable without its repository', async () => {
    const state = readJson<Record<string, unknown>>(files.state);
    const older = { ...state, version: TOOL_VERSION, buildKey: buildKey(defaultConfig(), TOOL_VERSION) };
    await writeFile(files.state, JSON.stringify(older));
    // A manual change rebuilds from the caches, which that other code made.
    expect(cli(repo.dir, ['add-contribution', EVE.name, '--score', '5']).code).toBe(0);
    expect(readJson<{ version: string; buildKey: string }>(files.state)).toMatchObject({ version: TOOL_VERSION, buildKey: older.buildKey });
    // Copied away from its repository, the board is still taken as built with the default settings.
    const away = path.join(await tempDir('lb-away-'), 'board');
    await cp(dataDir, away, { recursive: true });
    const outside = cli(path.dirname(away), ['add-contribution', EVE.name, '--score', '1', '--data-dir', away]);
    expect(outside.stderr).toBe('');
    expect(outside.code).toBe(0);
    // This code's refresh reads git again.
    expect(cli(repo.dir, ['refresh', '--all']).stdout).not.toMatch(/^Up to date/);
    await rm(files.manual);
    expect(cli(repo.dir, ['refresh', '--all']).code).toBe(0);
  });

  it('after k new commits reads and scores exactly those k', async () => {
    // Mark a cached commit: if it were rescored, its real subject would come back.
    const cache = readJson<CacheFile>(files.cache);
    const marked = cache.commits.find((c) => c.hash === base[0]);
    if (!marked) throw new Error('base commit not cached');
    marked.subject = 'MARKED: served from the cache';
    await writeFile(files.cache, JSON.stringify(cache));

    added.push(await commit(FINN, 5), await commit(FINN, 6));
    const r = cli(repo.dir, ['refresh', '--all']);
    expect(r.code).toBe(0);
    expect(summaryCounts(r.stdout)).toEqual({ analysed: 5, scored: 2, cached: 3, dropped: 0 });
    expect(cachedHashes(dataDir)).toEqual([...base, ...added].reverse());
    const raw = readRawData(dataDir);
    expect(raw.commits.find((c) => c.full_hash === base[0])?.message).toBe('MARKED: served from the cache');
    expect(raw.commits.find((c) => c.full_hash === added[1])?.message).toBe('feat: add f5');
    expect(readStatus(dataDir)).toMatchObject({ success: true, latestCommit: added[1] });
  });

  it('drops the commits a force-push removed, from the data and the cache', async () => {
    // History rewritten: back to the base, then one different commit.
    await repo.git('reset', '-q', '--hard', base[2] ?? '');
    const replacement = await commit(FINN, 7);
    const r = cli(repo.dir, ['refresh', '--all']);
    expect(r.code).toBe(0);
    expect(summaryCounts(r.stdout)).toEqual({ analysed: 4, scored: 1, cached: 3, dropped: 2 });
    expect(r.stdout).toContain('(1 scored, 3 cached, 2 dropped)');
    expect(tableHashes(dataDir)).toEqual([replacement, ...[...base].reverse()]);
    expect(cachedHashes(dataDir)).toEqual([replacement, ...[...base].reverse()]);
    for (const gone of added) expect(bytesOf(files.cache)).not.toContain(gone);
    const finn = readRawData(dataDir).leaderboards.monthly['2025-06']?.find((e) => e.name === FINN.name);
    expect(finn?.total_commits).toBe(1);
    added.length = 0;
    added.push(replacement);
  });

  it('rescores everything when a scoring setting changes', async () => {
    const oldFingerprint = readJson<CacheFile>(files.cache).fingerprint;
    await writeFile(path.join(repo.dir, 'leaderboard.config.json'), JSON.stringify({ exclusions: { paths: ['docs/**'] } }, null, 2));
    const r = cli(repo.dir, ['refresh', '--all']);
    expect(r.code).toBe(0);
    expect(summaryCounts(r.stdout)).toEqual({ analysed: 4, scored: 4, cached: 0, dropped: 0 });
    expect(readJson<CacheFile>(files.cache).fingerprint).not.toBe(oldFingerprint);
    // The marked subject is gone: the commit was read from git again.
    expect(readRawData(dataDir).commits.find((c) => c.full_hash === base[0])?.message).toBe('feat: add f1');
    expect(readRawData(dataDir).metadata.exclusions).toMatchObject({ paths: ['docs/**'] });
  });

  it('a failed refresh keeps the last good data, records the error and exits non-zero (broken HEAD)', async () => {
    const goodData = bytesOf(files.data);
    const goodCache = bytesOf(files.cache);
    const headFile = path.join(repo.dir, '.git', 'HEAD');
    const head = await readFile(headFile, 'utf8');
    await writeFile(headFile, 'this is not a ref\n');
    try {
      const r = cli(repo.dir, ['refresh', '--all']);
      expect(r.code).not.toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^Error: .+\n/);
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(bytesOf(files.data)).toBe(goodData);
      expect(bytesOf(files.cache)).toBe(goodCache);
      const status = readStatus(dataDir);
      expect(status.success).toBe(false);
      expect(status.error).toContain('not a git repository');
      expect(Date.now() - Date.parse(status.timestamp)).toBeLessThan(60_000);
    } finally {
      await writeFile(headFile, head);
    }
  });

  it('a failed refresh keeps the last good data, records the error and exits non-zero (missing object)', async () => {
    const goodData = bytesOf(files.data);
    const goodCache = bytesOf(files.cache);
    // A new commit whose blob is lost: listing works, reading its diff fails half-way.
    const broken = await commit(EVE, 8);
    const blob = await repo.git('rev-parse', `${broken}:src/f${commitCount}.ts`);
    await rm(path.join(repo.dir, '.git', 'objects', blob.slice(0, 2), blob.slice(2)));
    const r = cli(repo.dir, ['refresh', '--all']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`unable to read ${blob}`);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(bytesOf(files.data)).toBe(goodData);
    expect(bytesOf(files.cache)).toBe(goodCache);
    const status = readStatus(dataDir);
    expect(status).toMatchObject({ success: false });
    expect(status.error).toContain(`unable to read ${blob}`);
    // The page keeps serving the last good data, so nothing else changed.
    expect(readRawData(dataDir).metadata.head).toBe(added[0]);
  });
});

describe('a damaged score cache', () => {
  it('is discarded and every commit rescored', async () => {
    const repo = await newRepo();
    const dataDir = path.join(repo.dir, '.leaderboard');
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: EVE, date: '2025-08-01T10:00:00Z' });
    await repo.commit({ files: { 'b.ts': 'b\n' }, message: 'feat: b', author: EVE, date: '2025-08-02T10:00:00Z' });
    expect(cli(repo.dir, ['refresh', '--all']).code).toBe(0);
    await writeFile(dataFiles(dataDir).cache, '{"version":1,"fingerprint":');
    const third = await repo.commit({ files: { 'c.ts': 'c\n' }, message: 'feat: c', author: EVE, date: '2025-08-03T10:00:00Z' });
    const r = cli(repo.dir, ['refresh', '--all']);
    expect(r.code).toBe(0);
    expect(summaryCounts(r.stdout)).toEqual({ analysed: 3, scored: 3, cached: 0, dropped: 0 });
    expect(cachedHashes(dataDir)[0]).toBe(third);
    expect(cachedHashes(dataDir)).toHaveLength(3);
  });
});

describe('refresh --pull', () => {
  const GIA: TestAuthor = { name: 'Gia Upstream', email: 'gia@example.com' };

  /** A bare upstream, the work tree that pushed `count` commits to it (a.ts, then b.ts: `b` is '' with one), and a clone of it with its data directory. */
  async function pushedClone(count: 1 | 2) {
    const upstream = await newRepo({ bare: true });
    const work = await newRepo();
    const a = await work.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: GIA, date: '2025-07-01T10:00:00Z' });
    const b = count === 2 ? await work.commit({ files: { 'b.ts': 'b\n' }, message: 'feat: b', author: GIA, date: '2025-07-02T10:00:00Z' }) : '';
    await work.git('remote', 'add', 'origin', upstream.dir);
    await work.git('push', '-q', '-u', 'origin', 'main');
    const clone = await newRepo({ cloneFrom: upstream.dir });
    return { work, a, b, clone, dataDir: path.join(clone.dir, '.leaderboard') };
  }

  it('fast-forwards from the upstream and analyses the new commit', async () => {
    const { work, a: first, b: second, clone, dataDir } = await pushedClone(2);

    const initial = cli(clone.dir, ['refresh', '--all', '--pull']);
    expect(initial.code).toBe(0);
    expect(initial.stdout).toMatch(/^Already up to date with upstream\. Analysed 2 commits/);

    const third = await work.commit({ files: { 'c.ts': 'c\n' }, message: 'feat: c', author: GIA, date: '2025-07-03T10:00:00Z' });
    await work.git('push', '-q', 'origin', 'main');
    const r = cli(clone.dir, ['refresh', '--all', '--pull']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Pulled ${second.slice(0, 8)}\\.\\.${third.slice(0, 8)}\\. `));
    expect(summaryCounts(r.stdout)).toEqual({ analysed: 3, scored: 1, cached: 2, dropped: 0 });
    expect(await clone.git('rev-parse', 'HEAD')).toBe(third);
    expect(readRawData(dataDir).commits.map((c) => c.full_hash)).toEqual([third, second, first]);
    expect(readStatus(dataDir)).toMatchObject({ success: true, latestCommit: third });
  });

  it('refuses to pull a branch that has diverged from its upstream (exit 1), keeping the last data', async () => {
    const { work, clone, dataDir } = await pushedClone(1);
    expect(cli(clone.dir, ['refresh', '--all']).code).toBe(0);
    const good = bytesOf(dataFiles(dataDir).data);
    await work.commit({ files: { 'b.ts': 'b\n' }, message: 'feat: upstream', author: GIA, date: '2025-07-02T10:00:00Z' });
    await work.git('push', '-q', 'origin', 'main');
    await clone.commit({ files: { 'c.ts': 'c\n' }, message: 'feat: local', author: GIA, date: '2025-07-03T10:00:00Z' });
    const r = cli(clone.dir, ['refresh', '--all', '--pull']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Error: Could not fast-forward 'main' in ${clone.dir}: it has diverged from its upstream origin/main: 'main' has 1 commit the upstream does not, and the upstream 1 commit 'main' lacks.`);
    expect(r.stderr).toContain('Hint: Rebase that commit onto the upstream (git rebase origin/main) or merge it, then refresh;');
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(bytesOf(dataFiles(dataDir).data)).toBe(good);
    expect(readStatus(dataDir)).toMatchObject({ success: false });
  });

  it('says the upstream was force-pushed and how to follow it, and last-update.json keeps the commit the board shows', async () => {
    const { work, clone, dataDir } = await pushedClone(2);
    expect(cli(clone.dir, ['refresh', '--all']).code).toBe(0);
    const shown = await clone.git('rev-parse', 'HEAD');
    const good = bytesOf(dataFiles(dataDir).data);
    // The upstream's history rewritten: its last commit replaced by two others.
    await work.git('reset', '-q', '--hard', 'HEAD~1');
    await work.commit({ files: { 'c.ts': 'c\n' }, message: 'feat: c', author: GIA, date: '2025-07-03T10:00:00Z' });
    const rewritten = await work.commit({ files: { 'd.ts': 'd\n' }, message: 'feat: d', author: GIA, date: '2025-07-04T10:00:00Z' });
    await work.git('push', '-q', '--force', 'origin', 'main');
    // Twice: the second pull finds the rewrite fetched already (in the upstream's reflog).
    for (const attempt of [1, 2]) {
      const r = cli(clone.dir, ['refresh', '--all', '--pull']);
      expect(r.code, `attempt ${attempt}`).toBe(1);
      expect(r.stderr).toContain(`Error: Could not fast-forward 'main' in ${clone.dir}: its upstream origin/main was rewritten (force-pushed). `
        + "The commit of 'main' it no longer has was in it before, and it has 2 commits 'main' lacks. The board keeps its last good refresh.");
      expect(r.stderr).toContain(`Hint: To follow the upstream, dropping that commit, run in ${clone.dir}: git reset --hard origin/main (it also drops uncommitted changes); `
        + "or refresh without --pull to analyse 'main' as it is.");
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(bytesOf(dataFiles(dataDir).data)).toBe(good);
      expect(readStatus(dataDir)).toMatchObject({ success: false, latestCommit: shown });
      expect(readStatus(dataDir).error).toContain('was rewritten (force-pushed)');
    }
    expect(await clone.git('rev-parse', 'HEAD')).toBe(shown);
    // A failure after git named a commit the board does not hold yet keeps the one it shows too.
    await writeFile(dataFiles(dataDir).manual, '{"contributors": {"X": {"score": "ten"}}}');
    await clone.git('reset', '-q', '--hard', 'origin/main');
    expect(cli(clone.dir, ['refresh', '--all']).code).toBe(2);
    expect(readStatus(dataDir)).toMatchObject({ success: false, latestCommit: shown });
    // The hint followed: the next refresh succeeds.
    await rm(dataFiles(dataDir).manual);
    const followed = cli(clone.dir, ['refresh', '--all', '--pull']);
    expect(followed.stderr).toBe('');
    expect(followed.code).toBe(0);
    expect(readStatus(dataDir)).toMatchObject({ success: true, latestCommit: rewritten });
  });

  it('says the upstream was rewritten under work made here, and the hint it gives replays that work without the commit the rewrite dropped', async () => {
    const { work, a, b, clone, dataDir } = await pushedClone(2);
    await clone.commit({ files: { 'local.ts': 'local\n' }, message: 'local work', author: GIA, date: '2025-07-03T10:00:00Z' });
    expect(cli(clone.dir, ['refresh', '--all']).code).toBe(0);
    // Upstream: b dropped, c in its place.
    await work.git('reset', '-q', '--hard', a);
    const c = await work.commit({ files: { 'c.ts': 'c\n' }, message: 'feat: c', author: GIA, date: '2025-07-04T10:00:00Z' });
    await work.git('push', '-q', '--force', 'origin', 'main');
    // Twice: the second pull finds the rewrite fetched already (in the upstream's reflog).
    for (const attempt of [1, 2]) {
      const r = cli(clone.dir, ['refresh', '--all', '--pull']);
      expect(r.code, `attempt ${attempt}`).toBe(1);
      expect(r.stderr).toContain(`Error: Could not fast-forward 'main' in ${clone.dir}: its upstream origin/main was rewritten (force-pushed) under work made here. `
        + "Of the 2 commits of 'main' it does not have, 1 commit was in it before (the rewrite dropped it) and 1 commit was made here on top; it has 1 commit 'main' lacks. The board keeps its last good refresh.");
      expect(r.stderr).toContain(`Hint: To move the 1 commit made here onto the rewritten upstream without the one it dropped, run in ${clone.dir}: git pull --rebase (or git rebase --fork-point origin/main), then refresh; `
        + "or refresh without --pull to analyse 'main' as it is. Not git rebase origin/main, nor a merge: they would bring the dropped commit back.");
      expect(r.stderr).not.toContain('diverged');
      expect(readStatus(dataDir)).toMatchObject({ success: false });
    }
    // The hint followed: b stays out, the local work is on c.
    await clone.git('pull', '-q', '--rebase');
    const log = (await clone.git('log', '--format=%H %s')).split('\n');
    expect(log.map((l) => l.slice(41))).toEqual(['local work', 'feat: c', 'feat: a']);
    expect(log.some((l) => l.startsWith(b))).toBe(false);
    expect(await clone.git('rev-parse', 'HEAD~1')).toBe(c);
    const followed = cli(clone.dir, ['refresh', '--all', '--pull']);
    expect(followed.stderr).toBe('');
    expect(followed.code).toBe(0);
    expect(readRawData(dataDir).commits.map((x) => x.full_hash).sort()).toEqual(log.map((l) => l.slice(0, 40)).sort());
  });

  it('says there is no upstream (exit 2) and changes nothing', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: GIA, date: '2025-07-01T10:00:00Z' });
    const r = cli(repo.dir, ['refresh', '--all', '--pull']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("the current branch 'main' has no upstream branch, and the repository has no remote to pull from");
    expect(r.stderr).toContain('Hint: Add one (git remote add origin URL), fetch it and set the upstream');
    expect(hasStackTrace(r.stderr)).toBe(false);
    const dataDir = path.join(repo.dir, '.leaderboard');
    expect(bytesOf(dataFiles(dataDir).data)).toBeNull();
    expect(readStatus(dataDir)).toMatchObject({ success: false });
    // With a remote, the hint names it (origin is not always there).
    await repo.git('remote', 'add', 'upstream', repo.dir);
    const named = cli(repo.dir, ['refresh', '--all', '--pull']);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('Hint: Set one with: git branch --set-upstream-to=upstream/main main');
  });
});
