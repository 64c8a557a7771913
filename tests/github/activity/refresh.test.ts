/**
 * GitHub activity through `refresh()` in this process (the emulator answers in the same event
 * loop): reviews reach the part and its stored file, the fast path syncs with one request and
 * rebuilds only when something new came, a fault keeps the board and the last good reviews, and
 * without a token or with activity off no request is made and the data file is today's.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LeaderboardConfig } from '../../../src/core/config.js';
import { defaultConfig } from '../../../src/core/config.js';
import { rebuildFromCache } from '../../../src/core/rebuild.js';
import { refresh } from '../../../src/core/refresh.js';
import { findGitHubToken } from '../../../src/core/github/activity/token.js';
import { NO_TOKEN_REASON, readBoardActivity } from '../../../src/core/github/activity/refresh-step.js';
import { readPartActivity, recordsOf } from '../../../src/core/github/activity/part-activity.js';
import { expandCompactDataFile } from '../../../src/shared/compact-data-file.js';
import { createTestRepo, type TestRepo } from '../../support/git-repo.js';
import { GQL_TOKEN, startGraphqlEmulator, type GqlEmulator } from '../../support/github-graphql-emulator.js';
import { emptyFixture, pulls } from './fixture.js';

const NOW = new Date('2026-03-01T12:00:00Z');
let repo: TestRepo;
let sha: string;
let emu: GqlEmulator | undefined;
const dirs: string[] = [];

beforeAll(async () => {
  repo = await createTestRepo();
  sha = await repo.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', author: { name: 'Ann', email: 'ann@example.com' }, date: '2026-02-10T10:00:00Z' });
});
afterAll(async () => {
  await repo.cleanup();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const tempData = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'lb-act-refresh-'));
  dirs.push(d);
  return d;
};
const config = (apiUrl: string, activity = true): LeaderboardConfig => {
  const c = defaultConfig();
  return { ...c, github: { ...c.github, repo: 'acme/widgets', apiUrl, activity } };
};
const fixture = () => ({
  ...emptyFixture(),
  names: { bob: 'Bob Reviewer', ann: 'Ann A.' },
  pulls: [{ number: 5, title: 'Add a', updatedAt: '2026-02-11T00:00:00Z', author: 'ann', reviews: [{ state: 'APPROVED' as const, submittedAt: '2026-02-11T00:00:00Z', author: 'bob' }] }],
});
const noGh = () => Promise.resolve(null);

describe('refresh with GitHub activity', () => {
  it('attaches reviews to the part, stores them, and a no-change refresh is one request', async () => {
    emu = await startGraphqlEmulator({ ...fixture(), commits: { [sha]: { email: 'ann@example.com', login: 'ann' } } });
    const dataDir = await tempData();
    const opts = { repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh };
    const first = await refresh(opts);
    expect(first.activity).toMatchObject({ state: 'ok' });
    expect(emu.requests.map((r) => r.operation)).toEqual(['Pulls', 'CommitAuthors']);
    const stored = (await readPartActivity(path.join(dataDir, 'github-activity.json')))!;
    expect(stored).toMatchObject({ repository: 'acme/widgets', reviews: [{ pr: 5, login: 'bob', state: 'APPROVED' }], emailLogins: { 'ann@example.com': 'ann' }, profiles: { bob: 'Bob Reviewer', ann: 'Ann A.' } });
    const status = JSON.parse(await readFile(path.join(dataDir, 'last-update.json'), 'utf8'));
    expect(status.activity).toMatchObject({ state: 'ok' });

    emu.requests.length = 0;
    const again = await refresh(opts);
    expect(again.upToDate).toBe(true);
    expect(emu.requests.map((r) => r.operation)).toEqual(['Pulls']);

    // A new review with git unchanged: one request, and the board is rebuilt.
    emu.fixture.pulls[0]!.updatedAt = '2026-02-20T00:00:00Z';
    emu.fixture.pulls[0]!.reviews.push({ state: 'CHANGES_REQUESTED', submittedAt: '2026-02-20T00:00:00Z', author: 'carol' });
    emu.requests.length = 0;
    const third = await refresh(opts);
    expect(third.upToDate).toBe(false);
    expect(emu.requests.map((r) => r.operation)).toEqual(['Pulls']);
    const after = (await readPartActivity(path.join(dataDir, 'github-activity.json')))!;
    // Newest first, as the board lists them.
    expect(recordsOf(after.reviews).map((r) => r.login)).toEqual(['carol', 'bob']);

    // A rebuild reads nothing from GitHub and still has the part's activity.
    emu.requests.length = 0;
    expect((await rebuildFromCache({ repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW })).rebuilt).toBe(true);
    expect(emu.requests).toEqual([]);
  });

  it("reads GitHub at once but the activity file's head only once told git's readers run (parsed during the listing, it held up their start)", async () => {
    emu = await startGraphqlEmulator({ ...fixture(), commits: { [sha]: { email: 'ann@example.com', login: 'ann' } } });
    const dataDir = await tempData();
    await refresh({ repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh });
    emu.requests.length = 0;
    let readersRun = () => {};
    const headAfter = new Promise<void>((resolve) => { readersRun = resolve; });
    let settled = false;
    const step = readBoardActivity({
      config: config(emu.apiUrl), env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh, dataDir, single: true, windowStart: null, now: NOW, headAfter,
      parts: [{ name: 'widgets', dir: '', url: null, commits: [] }],
    }).finally(() => { settled = true; });
    await vi.waitFor(() => expect(emu?.requests.map((r) => r.operation)).toEqual(['Pulls']));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    readersRun();
    const read = await step;
    expect(read.status).toMatchObject({ state: 'ok' });
    expect(recordsOf(read.activity.get('widgets')?.reviews ?? []).map((r) => r.login)).toEqual(['bob']);
  });

  it('a new author with the same reviews rewrites only the answers: the file stays whole and reads back', async () => {
    const own = await createTestRepo();
    try {
      const first = await own.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', author: { name: 'Ann', email: 'ann@example.com' }, date: '2026-02-10T10:00:00Z' });
      const second = await own.commit({ files: { 'd.ts': 'export const d = 1;\n' }, message: 'feat: d', author: { name: 'Dee', email: 'dee@example.com' }, date: '2026-02-12T10:00:00Z' });
      emu = await startGraphqlEmulator({ ...fixture(), commits: { [first]: { email: 'ann@example.com', login: 'ann' }, [second]: { email: 'dee@example.com', login: 'dee' } } });
      const dataDir = await tempData();
      const opts = { repo: own.dir, dataDir, config: config(emu.apiUrl), now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh };
      await refresh({ ...opts, since: new Date('2026-02-11T00:00:00Z') });
      const before = (await readPartActivity(path.join(dataDir, 'github-activity.json')))!;
      expect(before.emailLogins).toEqual({ 'dee@example.com': 'dee' });
      // A wider window brings Ann's commit, and so her email, with the same reviews.
      emu.requests.length = 0;
      await refresh({ ...opts, since: new Date('2026-02-01T00:00:00Z') });
      expect(emu.requests.map((r) => r.operation)).toEqual(['Pulls', 'CommitAuthors']);
      const stored = (await readPartActivity(path.join(dataDir, 'github-activity.json')))!;
      expect(stored.emailLogins).toEqual({ 'dee@example.com': 'dee', 'ann@example.com': 'ann' });
      expect(stored.reviews).toEqual(before.reviews);
    } finally {
      await own.cleanup();
    }
  });

  it('takes the stored reviews as they are only when they were made from the same cache lines and window', async () => {
    const own = await createTestRepo();
    try {
      const commit = (file: string, date: string) => own.commit({ files: { [file]: `export const x = '${file}';\n` }, message: `feat: ${file}`, author: { name: 'Ann', email: 'ann@example.com' }, date });
      await commit('a.ts', '2026-02-10T10:00:00Z');
      emu = await startGraphqlEmulator(fixture());
      const dataDir = await tempData();
      const file = path.join(dataDir, 'github-activity.json');
      const opts = { repo: own.dir, dataDir, config: config(emu.apiUrl), now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh };
      await refresh(opts);
      const written = await readFile(file, 'utf8');
      expect(written).toMatch(/^\{"source":"[0-9a-f]{40}","repository":"acme\/widgets","review_pulls":\[\[5,"Add a"\]\],"review_pull_author":\[0\],"review_logins":\["ann","bob"\],"review_pull":\[0\],/);
      const titles = async () => expandCompactDataFile(JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8'))).reviews?.map((r) => r[1]);
      // Marked by hand, the source unchanged: a refresh whose sync read nothing new takes the file as it is.
      await writeFile(file, written.replace('[5,"Add a"]', '[5,"Add a (stored)"]'));
      await commit('b.ts', '2026-02-12T10:00:00Z');
      await refresh(opts);
      expect(await titles()).toEqual(['Add a (stored)']);
      // Another window is another source: the reviews are made again from the cache, and stored.
      await refresh({ ...opts, since: new Date('2026-02-01T00:00:00Z') });
      expect(await titles()).toEqual(['Add a']);
      const remade = await readFile(file, 'utf8');
      expect(remade).not.toBe(written);
      expect(await readPartActivity(file)).toMatchObject({ reviews: [{ pr: 5, title: 'Add a', login: 'bob' }] });
      // A stored file that does not read as written (a review's state that cannot count), one without
      // a source (as `merge` and earlier versions write it), or one with a row per review (as an
      // earlier version wrote the head) is made again too.
      const rows = remade.replace(/"review_pull_author".*"review_at":\[[^\]]*\]/, '"reviews":[[0,"APPROVED","2026-02-11T00:00:00Z","bob"]]');
      expect(rows).toContain('"review_pulls":[[5,"Add a"]],"reviews":[[0,');
      for (const stored of [remade.replace('"review_state":"A"', '"review_state":"P"'), remade.replace(/^\{"source":"[0-9a-f]{40}",/, '{'), rows]) {
        await writeFile(file, stored.replace('[5,"Add a"]', '[5,"Add a (stored)"]'));
        await commit(`c${stored.length}.ts`, '2026-02-13T10:00:00Z');
        await refresh({ ...opts, since: new Date('2026-02-01T00:00:00Z') });
        expect(await titles()).toEqual(['Add a']);
        expect(await readFile(file, 'utf8')).toBe(remade);
      }
    } finally {
      await own.cleanup();
    }
  });

  it('a board up to date stays so without making its reviews; an activity file an earlier version wrote is made again once', async () => {
    emu = await startGraphqlEmulator({ ...fixture(), commits: { [sha]: { email: 'ann@example.com', login: 'ann' } } });
    const dataDir = await tempData();
    const file = path.join(dataDir, 'github-activity.json');
    const opts = { repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh };
    await refresh(opts);
    const written = await readFile(file, 'utf8');
    expect((await refresh(opts)).upToDate).toBe(true);
    // Without a source (as before this version): not known to be current, so the board is built again.
    await writeFile(file, written.replace(/^\{"source":"[0-9a-f]{40}",/, '{'));
    expect((await refresh(opts)).upToDate).toBe(false);
    expect(await readFile(file, 'utf8')).toBe(written);
    expect((await refresh(opts)).upToDate).toBe(true);
  });

  it('a token given to a board that is up to date asks about its authors\' emails too, and a 401 there is the refresh\'s status', async () => {
    emu = await startGraphqlEmulator({ ...fixture(), commits: { [sha]: { email: 'ann@example.com', login: 'ann' } } });
    const dataDir = await tempData();
    const opts = { repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, gh: noGh };
    await refresh({ ...opts, env: {} });
    const failed = await refresh({ ...opts, env: { GITHUB_TOKEN: 'ghp_expired' } });
    expect(failed.activity).toMatchObject({ state: 'failed', error: 'Reviews not updated: GitHub answered 401 Bad credentials' });
    emu.requests.length = 0;
    const linked = await refresh({ ...opts, env: { GITHUB_TOKEN: GQL_TOKEN } });
    expect(linked.activity).toMatchObject({ state: 'ok' });
    expect(emu.requests.map((r) => r.operation)).toEqual(['Pulls', 'CommitAuthors']);
    const data = JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8'));
    // The people table (schema_version 4) gives each person's login after their email.
    expect(data.people).toContainEqual(['Ann', 'ann@example.com', 'ann']);
  });

  it("does not count a review of a person's own pull request from another account of theirs (linked by identities)", async () => {
    const at = '2026-02-11T00:00:00Z';
    emu = await startGraphqlEmulator({
      ...fixture(), commits: { [sha]: { email: 'ann@example.com', login: 'ann' } },
      pulls: [
        { number: 5, title: 'Add a', updatedAt: at, author: 'ann', reviews: [{ state: 'APPROVED' as const, submittedAt: at, author: 'bob' }, { state: 'APPROVED' as const, submittedAt: at, author: 'ann-work' }] },
        { number: 6, title: 'Fix b', updatedAt: at, author: 'bob', reviews: [{ state: 'APPROVED' as const, submittedAt: at, author: 'ann-work' }] },
      ],
    });
    const dataDir = await tempData();
    const c = config(emu.apiUrl);
    await refresh({ repo: repo.dir, dataDir, config: { ...c, identities: { Ann: ['@ann-work'] } }, now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh });
    const board = expandCompactDataFile(JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8')));
    const entries = Object.values(board.leaderboards.quarterly).flat();
    // Ann's second account reviewed Bob's pull request, not her own; Bob reviewed hers.
    expect(entries.find((e) => e.name === 'Ann')).toMatchObject({ review_count: 1 });
    expect(entries.find((e) => e.name === 'Bob Reviewer')).toMatchObject({ review_count: 1 });
  });

  it('a board whose last refresh counted no reviews (the token gone) is rebuilt without the reviews an earlier one read', async () => {
    emu = await startGraphqlEmulator({ ...fixture(), commits: { [sha]: { email: 'ann@example.com', login: 'ann' } } });
    const dataDir = await tempData();
    const opts = { repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, gh: noGh };
    await refresh({ ...opts, env: { GITHUB_TOKEN: GQL_TOKEN } });
    const data = async () => expandCompactDataFile(JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8')));
    expect((await data()).reviews).toHaveLength(1);
    const off = await refresh({ ...opts, env: {} });
    expect(off.activity).toMatchObject({ state: 'off', reason: NO_TOKEN_REASON });
    const commitsOnly = await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8');
    expect((await data()).reviews).toBeUndefined();
    // An admin's save rebuilds it: the same board, not one with the reviews the token read before.
    expect((await rebuildFromCache({ repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW })).rebuilt).toBe(true);
    expect((await data()).reviews).toBeUndefined();
    expect(JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8')).leaderboards).toEqual(JSON.parse(commitsOnly).leaderboards);
  });

  it('names an issue reporter linked to no committer by the profile name, as a reviewer', async () => {
    const at = '2026-02-11T00:00:00Z';
    emu = await startGraphqlEmulator({ ...fixture(), pulls: [], names: { ivan: 'Ivan Issuer' }, issues: [{ number: 100, title: 'Crash on start', createdAt: at, updatedAt: at, stateReason: 'COMPLETED', author: 'ivan' }] });
    const dataDir = await tempData();
    const c = config(emu.apiUrl);
    await refresh({ repo: repo.dir, dataDir, config: { ...c, github: { ...c.github, points: { ...c.github.points, issueCompleted: 2 } } }, now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh });
    const board = expandCompactDataFile(JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8')));
    const entries = Object.values(board.leaderboards.quarterly).flat();
    expect(entries.find((e) => e.name === 'Ivan Issuer')).toMatchObject({ issue_count: 1, issue_score: 2 });
    expect(entries.map((e) => e.name)).not.toContain('ivan');
  });

  it('a 401 still writes the board, keeps the last good reviews and says why', async () => {
    emu = await startGraphqlEmulator(fixture());
    const dataDir = await tempData();
    const opts = { repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh };
    await refresh(opts);
    await repo.commit({ files: { 'b.ts': 'export const b = 2;\n' }, message: 'feat: b', author: { name: 'Ann', email: 'ann@example.com' }, date: '2026-02-12T10:00:00Z' });
    const result = await refresh({ ...opts, env: { GITHUB_TOKEN: 'ghp_expired' } });
    expect(result.upToDate).toBe(false);
    expect(result.activity).toMatchObject({ state: 'failed', error: 'Reviews not updated: GitHub answered 401 Bad credentials' });
    const status = JSON.parse(await readFile(path.join(dataDir, 'last-update.json'), 'utf8'));
    expect(status).toMatchObject({ success: true, activity: { state: 'failed', error: 'Reviews not updated: GitHub answered 401 Bad credentials' } });
    expect(JSON.stringify(status)).not.toContain('ghp_expired');
    const stored = (await readPartActivity(path.join(dataDir, 'github-activity.json')))!;
    expect(stored.reviews).toHaveLength(1);
  });

  it('a first sync cut off after its first page counts what it read and says it is kept, though no sync finished', async () => {
    emu = await startGraphqlEmulator({ ...fixture(), pulls: pulls(51, '2026-02-01T00:00:00Z') });
    const dataDir = await tempData();
    let cut = false;
    const result = await refresh({
      repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh,
      // The first page answered: the next request is refused.
      onProgress: (p) => { if (p.github && p.github.requests >= 1 && !cut) { cut = true; emu?.fault({ kind: '401' }); } },
    });
    expect(result.activity).toEqual({ state: 'failed', error: 'Reviews not updated: GitHub answered 401 Bad credentials', syncedAt: null });
    expect(result.activityKept).toBe(true);
    const board = expandCompactDataFile(JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8')));
    // What the page decides from: the reviews it counts.
    expect(board.metadata.activity).toMatchObject({ status: { state: 'failed', syncedAt: null }, reviews: 50 });
    // Refused at once, a first sync has nothing to keep.
    const fresh = await refresh({ repo: repo.dir, dataDir: await tempData(), config: config(emu.apiUrl), now: NOW, env: { GITHUB_TOKEN: 'ghp_expired' }, gh: noGh });
    expect(fresh.activity).toMatchObject({ state: 'failed', syncedAt: null });
    expect(fresh.activityKept).toBeUndefined();
  });

  it('a failure that changes (a 401 fixed, then a 403) rebuilds the board, so the page says the new one', async () => {
    emu = await startGraphqlEmulator(fixture());
    const dataDir = await tempData();
    const opts = { repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, gh: noGh };
    await refresh({ ...opts, env: { GITHUB_TOKEN: GQL_TOKEN } });
    expect((await refresh({ ...opts, env: { GITHUB_TOKEN: 'ghp_expired' } })).activity).toMatchObject({ error: 'Reviews not updated: GitHub answered 401 Bad credentials' });
    const refused = { kind: 'status', status: 403, message: 'Resource protected by organization SAML enforcement' } as const;
    emu.fault(refused);
    const down = await refresh({ ...opts, env: { GITHUB_TOKEN: GQL_TOKEN } });
    expect(down.upToDate).toBe(false);
    const data = expandCompactDataFile(JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8'))) as unknown as { metadata: { activity: { status: { error: string } } } };
    expect(data.metadata.activity.status.error).not.toContain('401');
    expect(data.metadata.activity.status.error).toBe((down.activity as { error: string }).error);
    // The same failure again: nothing to rebuild.
    emu.fault(refused);
    expect((await refresh({ ...opts, env: { GITHUB_TOKEN: GQL_TOKEN } })).upToDate).toBe(true);
  });

  it('a read that failed on an up-to-date board is not followed by another request while the board is rebuilt', async () => {
    // The commit is not on GitHub: its author's email is asked about on every refresh that reads the commits.
    emu = await startGraphqlEmulator(fixture());
    const dataDir = await tempData();
    const opts = { repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh };
    await refresh(opts);
    emu.requests.length = 0;
    emu.fault({ kind: 'primary', resetInSeconds: 3600 });
    const limited = await refresh(opts);
    expect(limited.upToDate).toBe(false);
    expect(limited.activity).toMatchObject({ state: 'failed' });
    expect(limited.activity?.state === 'failed' && limited.activity.error).toMatch(/^Reviews not updated: GitHub's rate limit is used up until \d\d:\d\d UTC/);
    expect(emu.requests.map((r) => [r.operation, r.status])).toEqual([['Pulls', 403]]);
    const board = expandCompactDataFile(JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8')));
    expect(board.reviews?.map((r) => r[0])).toEqual([5]);
  });

  it('an activity cache that cannot be read fails the reviews, not the refresh, and the board keeps the last good ones', async () => {
    emu = await startGraphqlEmulator(fixture());
    const dataDir = await tempData();
    const opts = { repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh };
    await refresh(opts);
    const cacheFile = path.join(dataDir, 'github-activity-cache.jsonl');
    await rm(cacheFile);
    await mkdir(cacheFile);
    const result = await refresh(opts);
    expect(result.upToDate).toBe(false);
    expect(result.activity).toMatchObject({ state: 'failed' });
    expect(result.activity?.state === 'failed' && result.activity.error).toContain(`Reviews not updated: ${cacheFile} could not be read`);
    const board = expandCompactDataFile(JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8')));
    expect(board.reviews?.map((r) => r[0])).toEqual([5]);
  });

  it('asks again next time about an email whose commit GitHub does not have yet', async () => {
    // The commit is not on GitHub: no answer is kept for its email.
    emu = await startGraphqlEmulator(fixture());
    const dataDir = await tempData();
    const opts = { repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh };
    await refresh(opts);
    expect(emu.requests.map((r) => r.operation)).toEqual(['Pulls', 'CommitAuthors']);
    expect((await readPartActivity(path.join(dataDir, 'github-activity.json')))?.emailLogins).toEqual({});
    // Pushed since: the next refresh that reads the commits asks again and links it.
    emu.fixture.commits = { [sha]: { email: 'ann@example.com', login: 'ann' } };
    emu.requests.length = 0;
    await repo.commit({ files: { 'c.ts': 'export const c = 3;\n' }, message: 'feat: c', author: { name: 'Ann', email: 'ann@example.com' }, date: '2026-02-13T10:00:00Z' });
    await refresh(opts);
    expect(emu.requests.map((r) => r.operation)).toContain('CommitAuthors');
    expect((await readPartActivity(path.join(dataDir, 'github-activity.json')))?.emailLogins).toEqual({ 'ann@example.com': 'ann' });
  });

  it('never sends the environment\'s token to an API only the config file names (the repository\'s, cloned from anyone)', async () => {
    const dataDir = await tempData();
    const evil = 'https://collect.example/api/v3';
    const opts = { repo: repo.dir, dataDir, config: config(evil), now: NOW, gh: noGh };
    const refused = await refresh({ ...opts, env: { GITHUB_TOKEN: GQL_TOKEN } });
    expect(refused.activity).toMatchObject({ state: 'failed', error: `Reviews not updated: leaderboard.config.json's github.apiUrl ${evil} would get your GITHUB_TOKEN. If you trust that server, set GITHUB_API_URL to it yourself (GitHub Actions sets it on GitHub Enterprise), or sign in to it with \`gh auth login --hostname collect.example\`` });
    // An API the user names (or GitHub Actions does) in GITHUB_API_URL is used.
    emu = await startGraphqlEmulator(fixture());
    const named = await refresh({ ...opts, env: { GITHUB_TOKEN: GQL_TOKEN, GITHUB_API_URL: emu.apiUrl } });
    expect(named.activity).toMatchObject({ state: 'ok' });
  });

  it('a malformed GITHUB_API_URL fails the sync, not the refresh, and keeps the reviews read', async () => {
    emu = await startGraphqlEmulator(fixture());
    const dataDir = await tempData();
    const opts = { repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, gh: noGh };
    await refresh({ ...opts, env: { GITHUB_TOKEN: GQL_TOKEN } });
    const result = await refresh({ ...opts, env: { GITHUB_TOKEN: GQL_TOKEN, GITHUB_API_URL: 'ftp://github.example.com' } });
    expect(result.activity).toMatchObject({ state: 'failed', error: 'Reviews not updated: GitHub API URL "ftp://github.example.com" is not an http(s) URL' });
    const stored = (await readPartActivity(path.join(dataDir, 'github-activity.json')))!;
    expect(stored.reviews).toHaveLength(1);
  });

  it('a github.repo GitHub does not know, or an API that cannot be reached, keeps the last good reviews and their cache', async () => {
    emu = await startGraphqlEmulator({ ...fixture(), commits: { [sha]: { email: 'ann@example.com', login: 'ann' } } });
    const dataDir = await tempData();
    const opts = { repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, env: { GITHUB_TOKEN: GQL_TOKEN }, gh: noGh };
    await refresh(opts);
    const cacheFile = path.join(dataDir, 'github-activity-cache.jsonl');
    const cached = await readFile(cacheFile, 'utf8');
    const typo = { ...opts.config, github: { ...opts.config.github, repo: 'acme/widgetz' } };
    const unreachable = { ...opts.config, github: { ...opts.config.github, apiUrl: 'http://127.0.0.1:1' } };
    for (const [c, error] of [[typo, 'acme/widgetz does not exist or the token cannot see it'], [unreachable, '127.0.0.1:1']] as const) {
      emu.requests.length = 0;
      const result = await refresh({ ...opts, config: c });
      expect(result.activity).toMatchObject({ state: 'failed' });
      expect(result.activity?.state === 'failed' && result.activity.error).toContain(error);
      const board = expandCompactDataFile(JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8')));
      expect(board.reviews?.map((r) => [r[0], r[5]])).toEqual([[5, 'acme/widgets']]);
      expect(await readFile(cacheFile, 'utf8')).toBe(cached);
    }
    // Back to the right name: nothing is read again.
    emu.requests.length = 0;
    expect((await refresh(opts)).activity).toMatchObject({ state: 'ok' });
    expect(emu.requests.map((r) => r.operation)).toEqual(['Pulls']);
  });

  it('refuses a token with a line break or space inside, sending nothing and writing the token nowhere', async () => {
    emu = await startGraphqlEmulator(fixture());
    const dataDir = await tempData();
    const secret = 'ghp_SECRET1234567890';
    const result = await refresh({ repo: repo.dir, dataDir, config: config(emu.apiUrl), now: NOW, gh: noGh, env: { GITHUB_TOKEN: `${secret}\nsecond line` } });
    expect(result.activity).toMatchObject({ state: 'failed', error: 'Reviews not updated: GITHUB_TOKEN is not a single GitHub token: it holds a space, a line break or a character tokens never have. Set it to the token alone' });
    expect(emu.requests).toEqual([]);
    // The header error held the whole token, and went into the published data file and the status.
    for (const name of ['leaderboard-data.json', 'last-update.json', 'refresh-state.json', 'leaderboard-index.json']) {
      expect(await readFile(path.join(dataDir, name), 'utf8')).not.toContain('SECRET');
    }
  });

  it('without a token, or with github.activity false, makes no request and writes the same data file as without the feature', async () => {
    emu = await startGraphqlEmulator(fixture());
    const plain = await tempData();
    await refresh({ repo: repo.dir, dataDir: plain, config: config(emu.apiUrl, false), now: NOW });
    const noToken = await tempData();
    const r = await refresh({ repo: repo.dir, dataDir: noToken, config: config(emu.apiUrl), now: NOW, env: {}, gh: noGh });
    expect(r.activity).toEqual({ state: 'off', reason: NO_TOKEN_REASON });
    expect(emu.requests).toEqual([]);
    const data = (d: string) => readFile(path.join(d, 'leaderboard-data.json'), 'utf8');
    expect(await data(noToken)).toBe(await data(plain));
  });
});

describe('the token', () => {
  it('comes from GITHUB_TOKEN, then GH_TOKEN, then gh, else none', async () => {
    const gh = () => Promise.resolve('gho_fromgh');
    expect(await findGitHubToken({ GITHUB_TOKEN: 'a', GH_TOKEN: 'b' }, gh)).toEqual({ token: 'a', source: 'GITHUB_TOKEN' });
    expect(await findGitHubToken({ GH_TOKEN: 'b' }, gh)).toEqual({ token: 'b', source: 'GH_TOKEN' });
    expect(await findGitHubToken({ GITHUB_TOKEN: ' ' }, gh)).toEqual({ token: 'gho_fromgh', source: 'gh' });
    expect(await findGitHubToken({}, noGh)).toBeNull();
    expect(await findGitHubToken({}, () => Promise.reject(new Error('boom')))).toBeNull();
  });

  it("asks gh for the token of the API's host: a GitHub Enterprise board does not get the github.com token", async () => {
    const asked: string[] = [];
    const gh = (host: string) => { asked.push(host); return Promise.resolve(null); };
    const dataDir = await tempData();
    await refresh({ repo: repo.dir, dataDir, config: config('https://ghe.example.com/api/v3'), now: NOW, env: {}, gh });
    await refresh({ repo: repo.dir, dataDir: await tempData(), config: { ...config('https://api.github.com'), github: { ...defaultConfig().github, repo: 'acme/widgets' } }, now: NOW, env: {}, gh });
    expect(asked).toEqual(['ghe.example.com', 'github.com']);
  });

  it('gh absent from PATH: no token, no failure', async () => {
    const { runGhAuthToken } = await import('../../../src/core/github/activity/token.js');
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(await runGhAuthToken('github.com')).toBeNull();
    } finally {
      process.env.PATH = saved;
    }
  });
});
