/**
 * Organisation boards: each repository's activity is read from its own GitHub remote (none for a
 * repository not on GitHub), stored in its part, and `merge` carries it to the merged board.
 */
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, type LeaderboardConfig } from '../../../src/core/config.js';
import { mergeParts } from '../../../src/core/merge/merge.js';
import { expandCompactDataFile } from '../../../src/shared/compact-data-file.js';
import { readPartActivity } from '../../../src/core/github/activity/part-activity.js';
import { rebuildFromCache } from '../../../src/core/rebuild.js';
import { refresh } from '../../../src/core/refresh.js';
import { createTestRepo, type TestRepo } from '../../support/git-repo.js';
import { GQL_TOKEN, startGraphqlEmulator, type GqlEmulator } from '../../support/github-graphql-emulator.js';
import { emptyFixture } from './fixture.js';

const NOW = new Date('2026-03-01T12:00:00Z');
let onGithub: TestRepo;
let elsewhere: TestRepo;
let emu: GqlEmulator;
const dirs: string[] = [];
const tempData = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'lb-act-org-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  onGithub = await createTestRepo();
  elsewhere = await createTestRepo();
  await onGithub.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: { name: 'Ann', email: 'ann@example.com' }, date: '2026-02-10T10:00:00Z' });
  await elsewhere.commit({ files: { 'b.ts': 'b\n' }, message: 'feat: b', author: { name: 'Ben', email: 'ben@example.com' }, date: '2026-02-10T10:00:00Z' });
  // On the GitHub the emulator stands for (the host of its API URL), as a remote must be.
  await onGithub.git('remote', 'add', 'origin', 'https://127.0.0.1/acme/widgets.git');
  await elsewhere.git('remote', 'add', 'origin', 'https://gitlab.com/acme/other.git');
  const at = '2026-02-11T00:00:00Z';
  emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: [{ number: 1, title: 'A', updatedAt: at, author: 'ann', reviews: [{ state: 'APPROVED', submittedAt: at, author: 'bob' }] }] });
});
afterAll(async () => {
  await emu.close();
  await onGithub.cleanup();
  await elsewhere.cleanup();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const config = (): LeaderboardConfig => {
  const c = defaultConfig();
  return { ...c, github: { ...c.github, apiUrl: emu.apiUrl } };
};
const env = { GITHUB_TOKEN: GQL_TOKEN };
const gh = () => Promise.resolve(null);
const exists = (f: string) => access(f).then(() => true, () => false);

describe('activity on organisation boards', () => {
  it("reads each repository's own GitHub repository; one not on GitHub has none", async () => {
    const dataDir = await tempData();
    const sources = [{ name: 'widgets', path: onGithub.dir }, { name: 'other', path: elsewhere.dir }];
    const r = await refresh({ repo: onGithub.dir, sources, dataDir, config: config(), now: NOW, env, gh });
    expect(r.activity).toMatchObject({ state: 'ok' });
    const stored = (await readPartActivity(path.join(dataDir, 'parts', 'widgets', 'github-activity.json')))!;
    expect(stored).toMatchObject({ repository: 'acme/widgets', reviews: [{ login: 'bob' }] });
    expect(await exists(path.join(dataDir, 'parts', 'other', 'github-activity.json'))).toBe(false);
  });

  it('merge carries each part\'s activity and status to the board, and its rebuilds keep them', async () => {
    const partA = await tempData();
    const partB = await tempData();
    await refresh({ repo: onGithub.dir, sources: [{ name: 'widgets', path: onGithub.dir }], dataDir: partA, config: config(), now: NOW, env, gh });
    await refresh({ repo: elsewhere.dir, sources: [{ name: 'other', path: elsewhere.dir }], dataDir: partB, config: config(), now: NOW, env, gh });
    const board = await tempData();
    emu.requests.length = 0;
    await mergeParts({ partDirs: [partA, partB], dataDir: board, repo: onGithub.dir, config: config(), now: NOW });
    expect(await exists(path.join(board, 'parts', 'widgets', 'github-activity.json'))).toBe(true);
    expect(await exists(path.join(board, 'parts', 'other', 'github-activity.json'))).toBe(false);
    const state = JSON.parse(await readFile(path.join(board, 'refresh-state.json'), 'utf8'));
    expect(state.activity).toMatchObject({ state: 'ok' });
    // As a refresh's: last-update.json says how the reviews were read.
    const status = JSON.parse(await readFile(path.join(board, 'last-update.json'), 'utf8'));
    expect(status.activity).toMatchObject({ state: 'ok' });
    const partDirs: string[] = state.parts.map((p: { dir: string }) => p.dir);
    const stored = await Promise.all(partDirs.map((d) => readPartActivity(path.join(board, d, 'github-activity.json'))));
    expect(stored.filter(Boolean)).toEqual([expect.objectContaining({ repository: 'acme/widgets', reviews: [expect.objectContaining({ login: 'bob' })] })]);
    expect((await rebuildFromCache({ repo: onGithub.dir, dataDir: board, config: config(), now: NOW })).rebuilt).toBe(true);
    expect(emu.requests).toEqual([]);
  });

  it("a part merged again without the reviews it had (its token gone) leaves none in the board's rebuilds", async () => {
    const partA = await tempData();
    const partB = await tempData();
    const widgets = { repo: onGithub.dir, sources: [{ name: 'widgets', path: onGithub.dir }], dataDir: partA, config: config(), now: NOW, gh };
    await refresh({ ...widgets, env });
    // Another part's sync fails: the board's status is not off, whatever the first part says.
    await refresh({ repo: elsewhere.dir, sources: [{ name: 'other', path: elsewhere.dir }], dataDir: partB, config: { ...config(), github: { ...config().github, repo: 'acme/missing' } }, now: NOW, env, gh });
    const board = await tempData();
    const reviews = async () => expandCompactDataFile(JSON.parse(await readFile(path.join(board, 'leaderboard-data.json'), 'utf8'))).reviews?.length ?? 0;
    await mergeParts({ partDirs: [partA, partB], dataDir: board, repo: onGithub.dir, config: config(), now: NOW });
    expect(await reviews()).toBe(1);
    await refresh({ ...widgets, env: {} });
    await mergeParts({ partDirs: [partA, partB], dataDir: board, repo: onGithub.dir, config: config(), now: NOW });
    expect(await reviews()).toBe(0);
    // An admin's save rebuilds it.
    expect((await rebuildFromCache({ repo: onGithub.dir, dataDir: board, config: config(), now: NOW })).rebuilt).toBe(true);
    expect(await reviews()).toBe(0);
  });

  it('a refresh of several repositories names each GitHub repository whose sync failed', async () => {
    const gadgets = await createTestRepo();
    try {
      await gadgets.commit({ files: { 'g.ts': 'g\n' }, message: 'feat: g', author: { name: 'Gus', email: 'gus@example.com' }, date: '2026-02-10T10:00:00Z' });
      await gadgets.git('remote', 'add', 'origin', 'https://127.0.0.1/acme/gadgets.git');
      const sources = [{ name: 'widgets', path: onGithub.dir }, { name: 'gadgets', path: gadgets.dir }, { name: 'other', path: elsewhere.dir }];
      const dataDir = await tempData();
      // The first request, acme/widgets', is refused; the emulator does not serve acme/gadgets.
      emu.fault({ kind: '401' });
      const r = await refresh({ repo: onGithub.dir, sources, dataDir, config: config(), now: NOW, env, gh });
      const error = 'Reviews not updated for acme/gadgets: GitHub answered that acme/gadgets does not exist or the token cannot see it; for acme/widgets: GitHub answered 401 Bad credentials';
      expect(r.activity).toEqual({ state: 'failed', error, syncedAt: null });
      expect(r.activityKept).toBeUndefined();
      expect(JSON.parse(await readFile(path.join(dataDir, 'last-update.json'), 'utf8')).activity).toEqual({ state: 'failed', error, syncedAt: null });
      // Once acme/widgets was read, it is kept, and only acme/gadgets is said to fail.
      const again = await refresh({ repo: onGithub.dir, sources, dataDir, config: config(), now: NOW, env, gh });
      expect(again.activity).toMatchObject({ state: 'failed', error: 'Reviews not updated for acme/gadgets: GitHub answered that acme/gadgets does not exist or the token cannot see it' });
      expect(again.activityKept).toBe(true);
    } finally {
      await gadgets.cleanup();
    }
  });

  it("merge says in last-update.json, and returns, that a part's review sync failed", async () => {
    const partA = await tempData();
    const partB = await tempData();
    await refresh({ repo: onGithub.dir, sources: [{ name: 'widgets', path: onGithub.dir }], dataDir: partA, config: config(), now: NOW, env: { GITHUB_TOKEN: 'ghp_expired' }, gh });
    await refresh({ repo: elsewhere.dir, sources: [{ name: 'other', path: elsewhere.dir }], dataDir: partB, config: config(), now: NOW, env, gh });
    const board = await tempData();
    const merged = await mergeParts({ partDirs: [partA, partB], dataDir: board, repo: onGithub.dir, config: config(), now: NOW });
    // The board has several repositories: which one failed.
    const failed = { state: 'failed', error: 'Reviews not updated for acme/widgets: GitHub answered 401 Bad credentials', syncedAt: null };
    expect(merged.activity).toEqual(failed);
    // Nothing was ever read: nothing is said to be kept.
    expect(merged.activityKept).toBeUndefined();
    const status = JSON.parse(await readFile(path.join(board, 'last-update.json'), 'utf8'));
    expect(status).toMatchObject({ success: true, activity: failed });
  });
});
