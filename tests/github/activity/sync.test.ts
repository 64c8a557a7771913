import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ActivityCache } from '../../../src/core/github/activity/cache.js';
import { describeSyncFailure } from '../../../src/core/github/activity/faults.js';
import { startGraphqlEmulator, type GqlEmulator } from '../../support/github-graphql-emulator.js';
import { emptyFixture, pulls, syncOnce, tempCacheFile } from './fixture.js';

let emu: GqlEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});
const ops = () => emu!.requests.map((r) => r.operation);

describe('first and incremental sync of pull requests', () => {
  it('reads every PR of the window in pages of 50, then nothing new is one request', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: [...pulls(5, '2024-06-01T00:00:00Z', 1, 1000), ...pulls(120)] });
    const file = await tempCacheFile();
    const first = await syncOnce(emu.apiUrl, file);
    // 120 PRs in the window + the first one before it ends the read: 3 pages.
    expect(ops()).toEqual(['Pulls', 'Pulls', 'Pulls']);
    expect(first.cache.pulls.size).toBe(120);
    expect(first.result).toMatchObject({ changed: true, requests: 3 });
    expect(first.result.remaining).toBeGreaterThan(0);

    emu.requests.length = 0;
    const again = await syncOnce(emu.apiUrl, file);
    expect(ops()).toEqual(['Pulls']);
    expect(again.result.changed).toBe(false);
    expect(again.cache.pulls.size).toBe(120);
  });

  it('reads only what changed since the high-water mark', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(200) });
    const file = await tempCacheFile();
    await syncOnce(emu.apiUrl, file);
    expect(emu.requests).toHaveLength(4);
    const pr = emu.fixture.pulls.find((p) => p.number === 7)!;
    pr.updatedAt = '2026-06-01T00:00:00Z';
    pr.reviews.push({ state: 'CHANGES_REQUESTED', submittedAt: '2026-06-01T00:00:00Z', author: 'carol' });
    emu.requests.length = 0;
    const { cache, result } = await syncOnce(emu.apiUrl, file);
    expect(ops()).toEqual(['Pulls']);
    expect(result.changed).toBe(true);
    expect(cache.pulls.get(7)!.reviews.map((r) => r.login)).toEqual(['rev0', 'carol']);
  });

  it('a window reaching further back reads again down to its start, once', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: [...pulls(60, '2024-06-01T00:00:00Z', 1, 1000), ...pulls(10)] });
    const file = await tempCacheFile();
    expect((await syncOnce(emu.apiUrl, file)).cache.pulls.size).toBe(10);
    emu.requests.length = 0;
    const wider = await syncOnce(emu.apiUrl, file, { windowStart: '2024-01-01T00:00:00Z' });
    expect(wider.cache.pulls.size).toBe(70);
    expect(ops()).toEqual(['Pulls', 'Pulls']);
    emu.requests.length = 0;
    await syncOnce(emu.apiUrl, file, { windowStart: '2024-01-01T00:00:00Z' });
    expect(ops()).toEqual(['Pulls']);
  });

  it('the progress it reports counts the pull requests of every page read, the last one included', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(120) });
    const seen: number[] = [];
    await syncOnce(emu.apiUrl, await tempCacheFile(), { onProgress: (p) => seen.push(p.pulls) });
    expect(seen.at(-1)).toBe(120);
    expect(seen).toContain(50);
  });

  it("pages a PR's reviews only when it has more than the first 50", async () => {
    const [big, small] = pulls(2, '2026-01-01T00:00:00Z', 1);
    big!.reviews = Array.from({ length: 180 }, (_, i) => ({ state: 'COMMENTED' as const, body: 'lgtm', submittedAt: '2026-01-01T00:00:00Z', author: `r${i}` }));
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: [big!, small!] });
    const { cache } = await syncOnce(emu.apiUrl, await tempCacheFile());
    expect(ops()).toEqual(['Pulls', 'Reviews', 'Reviews']);
    expect(cache.pulls.get(big!.number)!.reviews).toHaveLength(180);
    expect(cache.pulls.get(small!.number)!.reviews).toHaveLength(1);
  });

  it('a sync with nothing new is one request when the newest PR has more than 50 reviews', async () => {
    const [small, big] = pulls(2, '2026-01-01T00:00:00Z', 1);
    big!.reviews = Array.from({ length: 80 }, (_, i) => ({ state: 'COMMENTED' as const, body: 'lgtm', submittedAt: big!.updatedAt, author: `r${i}` }));
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: [small!, big!] });
    const file = await tempCacheFile();
    await syncOnce(emu.apiUrl, file);
    expect(ops()).toEqual(['Pulls', 'Reviews']);
    emu.requests.length = 0;
    const again = await syncOnce(emu.apiUrl, file);
    expect(ops()).toEqual(['Pulls']);
    expect(again.cache.pulls.get(big!.number)!.reviews).toHaveLength(80);
  });

  it('a sync with nothing new adds one line to the log, and a log grown long is rewritten', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(300, '2026-01-01T00:00:00Z', 3) });
    const file = await tempCacheFile();
    await syncOnce(emu.apiUrl, file);
    const lines = async () => (await readFile(file, 'utf8')).split('\n').filter(Boolean).length;
    const whole = await lines();
    await syncOnce(emu.apiUrl, file);
    expect(await lines()).toBe(whole + 1);
    // Syncs with nothing new, until the lines beyond the state's own pass 500: then it is rewritten.
    await appendSyncedLines(file, 500);
    await syncOnce(emu.apiUrl, file);
    expect(await lines()).toBe(whole);
  });
});

describe('one log, one repository', () => {
  it('a log read from another repository starts again: the fork\'s reviews go, upstream is read whole', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), repository: 'me/widgets', pulls: pulls(3, '2026-03-01T00:00:00Z') });
    const file = await tempCacheFile();
    await syncOnce(emu.apiUrl, file, { repository: 'me/widgets' });
    // Upstream's pull requests were all updated before the fork's newest one.
    emu.fixture.repository = 'acme/widgets';
    emu.fixture.pulls = pulls(80, '2026-01-01T00:00:00Z', 1, 100);
    emu.requests.length = 0;
    const upstream = await syncOnce(emu.apiUrl, file);
    expect(ops()).toEqual(['Pulls', 'Pulls']);
    expect(upstream.result.changed).toBe(true);
    expect([...upstream.cache.pulls.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, i) => 100 + i));
    expect((await ActivityCache.load(file)).source).toEqual({ repository: 'acme/widgets', api: emu.apiUrl, reads: 2 });
  });

  it('a log an earlier version read (no source line, or one before review apps were left out) is read again whole, once', async () => {
    const at = '2026-02-01T00:00:00Z';
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: [...pulls(3), { number: 90, title: 'Bump', updatedAt: at, author: 'alice', reviews: [{ state: 'COMMENTED', submittedAt: at, author: 'coderabbitai', authorType: 'Bot', body: 'Summary by CodeRabbit' }] }] });
    const file = await tempCacheFile();
    await syncOnce(emu.apiUrl, file);
    const asWritten = await readFile(file, 'utf8');
    // The bot's review as an earlier version kept it, which did not ask for the author's type.
    const botReview = { pr: 90, title: 'Bump', url: 'https://github.com/acme/widgets/pull/90', state: 'COMMENTED', submittedAt: at, login: 'coderabbitai' };
    const earlier = (keepSource: boolean) => asWritten.split('\n')
      .filter((l) => keepSource || !l.startsWith('{"t":"source"'))
      .map((l) => l.replace(/,"reads":2/, '').replace(/^\{"t":"pull","number":90,"updatedAt":"([^"]+)","author":"alice","reviews":\[\]\}$/, (_m, u: string) => JSON.stringify({ t: 'pull', number: 90, updatedAt: u, reviews: [botReview] })))
      .join('\n');
    for (const keepSource of [true, false]) {
      await writeFile(file, earlier(keepSource));
      expect((await ActivityCache.load(file)).pulls.get(90)!.reviews).toHaveLength(1);
      emu.requests.length = 0;
      const again = await syncOnce(emu.apiUrl, file);
      expect(ops()).toEqual(['Pulls']);
      expect(again.result.changed).toBe(true);
      expect(again.cache.pulls.get(90)!.reviews).toEqual([]);
      expect((await ActivityCache.load(file)).source).toEqual({ repository: 'acme/widgets', api: emu.apiUrl, reads: 2 });
      emu.requests.length = 0;
      expect((await syncOnce(emu.apiUrl, file)).result.changed).toBe(false);
    }
  });
});

/** What 500 syncs with nothing new leave: their times, one line each. */
async function appendSyncedLines(file: string, n: number): Promise<void> {
  const text = Array.from({ length: n }, (_, i) => JSON.stringify({ t: 'synced', at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() })).join('\n');
  await appendFile(file, `${text}\n`);
}

describe('which reviews count', () => {
  it('leaves out self-reviews, PENDING, DISMISSED, empty COMMENTED, Bot accounts and [bot] logins', async () => {
    const at = '2026-02-01T00:00:00Z';
    emu = await startGraphqlEmulator({
      ...emptyFixture(),
      names: { bob: 'Bob B.' },
      pulls: [{ number: 1, title: 'Fix', updatedAt: at, author: 'alice', reviews: [
        { state: 'APPROVED', submittedAt: at, author: 'alice' },
        { state: 'PENDING', submittedAt: null, author: 'bob' },
        { state: 'DISMISSED', submittedAt: at, author: 'bob' },
        { state: 'COMMENTED', submittedAt: at, author: 'bob' },
        { state: 'COMMENTED', submittedAt: at, author: 'bob', body: '  ' },
        { state: 'COMMENTED', submittedAt: at, author: 'bob', body: 'nit: naming' },
        { state: 'COMMENTED', submittedAt: at, author: 'carol', comments: 2 },
        { state: 'APPROVED', submittedAt: at, author: 'dependabot[bot]' },
        // A review app: GraphQL names it without `[bot]`.
        { state: 'COMMENTED', submittedAt: at, author: 'coderabbitai', authorType: 'Bot', body: 'Walkthrough: ...' },
        { state: 'CHANGES_REQUESTED', submittedAt: at, author: 'dave' },
        { state: 'APPROVED', submittedAt: at, author: null },
      ] }],
    });
    const { cache } = await syncOnce(emu.apiUrl, await tempCacheFile());
    expect(cache.pulls.get(1)!.reviews).toEqual([
      { pr: 1, title: 'Fix', url: 'https://github.com/acme/widgets/pull/1', state: 'COMMENTED', submittedAt: at, login: 'bob' },
      { pr: 1, title: 'Fix', url: 'https://github.com/acme/widgets/pull/1', state: 'COMMENTED', submittedAt: at, login: 'carol' },
      { pr: 1, title: 'Fix', url: 'https://github.com/acme/widgets/pull/1', state: 'CHANGES_REQUESTED', submittedAt: at, login: 'dave' },
    ]);
    expect(cache.profiles.get('bob')).toBe('Bob B.');
  });

  it('counts issues opened by a person and closed as completed, when asked', async () => {
    const at = '2026-03-01T00:00:00Z';
    emu = await startGraphqlEmulator({ ...emptyFixture(), issues: [
      { number: 1, title: 'done', createdAt: at, updatedAt: at, stateReason: 'COMPLETED', author: 'erin' },
      { number: 2, title: 'wontfix', createdAt: at, updatedAt: at, stateReason: 'NOT_PLANNED', author: 'erin' },
      { number: 3, title: 'bot', createdAt: at, updatedAt: at, stateReason: 'COMPLETED', author: 'renovate[bot]', authorType: 'Bot' },
    ], names: { erin: 'Erin E.' } });
    const file = await tempCacheFile();
    const { cache } = await syncOnce(emu.apiUrl, file, { issues: true });
    // The first pages of pull requests and issues in one request.
    expect(ops()).toEqual(['PullsAndIssues']);
    expect([...cache.issues.values()].filter(Boolean).map((i) => i!.number)).toEqual([1]);
    // Its author's profile name, which names an author linked to no committer (as a reviewer's does).
    expect(cache.profiles.get('erin')).toBe('Erin E.');

    // Reopened since (and still open): it counts no more.
    const done = emu.fixture.issues[0]!;
    done.stateReason = 'REOPENED';
    done.updatedAt = '2026-03-05T00:00:00Z';
    const again = await syncOnce(emu.apiUrl, file, { issues: true });
    expect(again.result.changed).toBe(true);
    expect([...again.cache.issues.values()].filter(Boolean)).toEqual([]);
  });

  it('with issues read too, a sync with nothing new is still one request; more pages of either follow on their own', async () => {
    const at = (i: number) => new Date(Date.UTC(2026, 2, 1) + i * 60_000).toISOString();
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(70, '2026-01-01T00:00:00Z'), issues: Array.from({ length: 60 }, (_, i) => (
      { number: 1000 + i, title: `issue ${i}`, createdAt: at(i), updatedAt: at(i), stateReason: 'COMPLETED' as const, author: 'erin' })) });
    const file = await tempCacheFile();
    const first = await syncOnce(emu.apiUrl, file, { issues: true });
    expect(ops()).toEqual(['PullsAndIssues', 'Pulls', 'Issues']);
    expect(first.cache.pulls.size).toBe(70);
    expect([...first.cache.issues.keys()]).toHaveLength(60);
    emu.requests.length = 0;
    const again = await syncOnce(emu.apiUrl, file, { issues: true });
    expect(ops()).toEqual(['PullsAndIssues']);
    expect(again.result.changed).toBe(false);
  });
});

describe('email -> login look-ups', () => {
  it('asks 100 commits a query, once per email, and caches "no account" too', async () => {
    const commits: Record<string, { email: string; login: string | null }> = {};
    const byEmail = new Map<string, string>();
    for (let i = 0; i < 250; i++) {
      const sha = i.toString(16).padStart(40, '0');
      commits[sha] = { email: `p${i}@example.com`, login: i % 2 ? `user${i}` : null };
      byEmail.set(`p${i}@example.com`, sha);
    }
    emu = await startGraphqlEmulator({ ...emptyFixture(), commits, names: { user1: 'User One' } });
    const file = await tempCacheFile();
    const { cache } = await syncOnce(emu.apiUrl, file, { commitsByEmail: byEmail });
    expect(ops()).toEqual(['Pulls', 'CommitAuthors', 'CommitAuthors', 'CommitAuthors']);
    expect(cache.emailLogins.get('p1@example.com')).toBe('user1');
    expect(cache.emailLogins.get('p0@example.com')).toBeNull();
    expect(cache.profiles.get('user1')).toBe('User One');
    emu.requests.length = 0;
    byEmail.set('new@example.com', '1'.repeat(40));
    await syncOnce(emu.apiUrl, file, { commitsByEmail: byEmail });
    expect(ops()).toEqual(['Pulls', 'CommitAuthors']);
  });
});

describe('faults', () => {
  it('a 401 fails with "GitHub answered 401 Bad credentials" and keeps the cache', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(3) });
    const file = await tempCacheFile();
    await syncOnce(emu.apiUrl, file);
    emu.fault({ kind: '401' });
    const err = await syncOnce(emu.apiUrl, file).catch((e: unknown) => e);
    expect(describeSyncFailure(err, emu.apiUrl, 'acme/widgets')).toBe('GitHub answered 401 Bad credentials');
    expect((await ActivityCache.load(file)).pulls.size).toBe(3);
  });

  it('a 403 that is not a rate limit fails at once in GitHub\'s words, without its final full stop; a 502 is retried', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(3) });
    const file = await tempCacheFile();
    emu.fault({ kind: 'status', status: 403, message: 'Resource protected by organization SAML enforcement.' });
    const err = await syncOnce(emu.apiUrl, file).catch((e: unknown) => e);
    expect(describeSyncFailure(err, emu.apiUrl, 'acme/widgets')).toBe('GitHub answered 403 Resource protected by organization SAML enforcement');
    expect(emu.requests.map((r) => r.status)).toEqual([403]);
    emu.fault({ kind: 'status', status: 502, message: 'Server Error' });
    expect((await syncOnce(emu.apiUrl, file)).result.pulls).toBe(3);
    expect(emu.requests.map((r) => r.status)).toEqual([403, 502, 200]);
  });

  it('a 404 names the GraphQL URL it came from and the setting to check', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(3) });
    const wrong = `${emu.apiUrl}/api/v3`;
    const err = await syncOnce(wrong, await tempCacheFile()).catch((e: unknown) => e);
    expect(describeSyncFailure(err, wrong, 'acme/widgets')).toMatch(new RegExp(`^GitHub answered 404 .* at ${emu.apiUrl}/api/graphql: check github\\.apiUrl or GITHUB_API_URL`));
  });

  it('waits out a secondary rate limit as retry-after asks, then succeeds', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(3) });
    emu.fault({ kind: 'secondary', retryAfter: 1 });
    const waits: number[] = [];
    const started = Date.now();
    const { cache } = await syncOnce(emu.apiUrl, await tempCacheFile(), {}, waits);
    expect(waits).toEqual([1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(emu.requests.map((r) => r.status)).toEqual([403, 200]);
    expect(cache.pulls.size).toBe(3);
  });

  // The reset is the next whole second (as GitHub gives it, in whole seconds), so the wait is short;
  // the sync ending no earlier than that second shows the wait was for the reset.
  it('waits for x-ratelimit-reset when the rate limit is used up, then succeeds', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(3) });
    emu.fault({ kind: 'primary', resetInSeconds: 0 });
    const waits: number[] = [];
    const started = Date.now();
    const { cache } = await syncOnce(emu.apiUrl, await tempCacheFile(), {}, waits);
    expect(Date.now()).toBeGreaterThanOrEqual(Math.ceil(started / 1000) * 1000);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1);
    expect(emu.requests.map((r) => r.status)).toEqual([403, 200]);
    expect(cache.pulls.size).toBe(3);
  });

  it('a rate limit used up for longer than the client waits says until when, and that the next refresh goes on', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(3) });
    emu.fault({ kind: 'primary', resetInSeconds: 3600 });
    const primary = await syncOnce(emu.apiUrl, await tempCacheFile()).catch((e: unknown) => e);
    expect(describeSyncFailure(primary, emu.apiUrl, 'acme/widgets')).toMatch(/^GitHub's rate limit is used up until \d\d:\d\d UTC; the next refresh goes on from where this one stopped$/);
    emu.fault({ kind: 'secondary', retryAfter: 600 });
    const secondary = await syncOnce(emu.apiUrl, await tempCacheFile()).catch((e: unknown) => e);
    expect(describeSyncFailure(secondary, emu.apiUrl, 'acme/widgets')).toBe('GitHub answered 403 You have exceeded a secondary rate limit. Please wait a few minutes before you try again (it asked to wait 600 s); the next refresh goes on from where this one stopped');
  });

  it('waits out a GraphQL answer that the rate limit is used up (HTTP 200, RATE_LIMITED) on GitHub Enterprise too, and says when a wait would be too long', async () => {
    for (const pathPrefix of ['', '/api/v3']) {
      emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(3) }, { pathPrefix });
      // Reset at the next whole second: the sync ends no earlier (see the x-ratelimit-reset test).
      emu.fault({ kind: 'graphql-limited', resetInSeconds: 0 });
      const waits: number[] = [];
      const started = Date.now();
      const { cache } = await syncOnce(emu.apiUrl, await tempCacheFile(), { onRateLimitWait: (s) => waits.push(s) }, waits);
      expect(Date.now(), pathPrefix).toBeGreaterThanOrEqual(Math.ceil(started / 1000) * 1000);
      expect(waits, pathPrefix).toHaveLength(1);
      expect(emu.requests).toHaveLength(2);
      expect(cache.pulls.size).toBe(3);
      await emu.close();
    }
    // A wait too long: said as the limit, on both paths (at /graphql Octokit's throttling gives up first; it read as a network failure).
    for (const pathPrefix of ['/api/v3', '']) {
      emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(3) }, { pathPrefix });
      emu.fault({ kind: 'graphql-limited', resetInSeconds: 3600 });
      const err = await syncOnce(emu.apiUrl, await tempCacheFile()).catch((e: unknown) => e);
      expect(describeSyncFailure(err, emu.apiUrl, 'acme/widgets'), pathPrefix).toMatch(/^GitHub's GraphQL rate limit is used up until \d\d:\d\d UTC; the next refresh goes on from where this one stopped$/);
      if (pathPrefix === '/api/v3') await emu.close();
    }
  });

  it('a network cut keeps the pages read and the next sync resumes after them', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(150) });
    const file = await tempCacheFile();
    let cut = false;
    const first = await syncOnce(emu.apiUrl, file, {
      onProgress: (p) => {
        if (p.requests === 2 && !cut) emu!.fault({ kind: 'drop' }, 3);
        cut ||= p.requests === 2;
      },
    }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(Error);
    const kept = await ActivityCache.load(file);
    expect(kept.pulls.size).toBe(100);
    expect(kept.streams.pulls.resume).not.toBeNull();
    emu.requests.length = 0;
    const { cache, result } = await syncOnce(emu.apiUrl, file);
    expect(ops()).toEqual(['Pulls']);
    expect(cache.pulls.size).toBe(150);
    expect(result.changed).toBe(true);
    expect(cache.streams.pulls).toEqual({ highWater: emu.fixture.pulls[149]!.updatedAt, resume: null, from: '2025-01-01T00:00:00Z' });
  });

  it('a repository the token cannot see says so', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), repository: 'acme/secret' });
    const err = await syncOnce(emu.apiUrl, await tempCacheFile()).catch((e: unknown) => e);
    expect(describeSyncFailure(err, emu.apiUrl, 'acme/widgets')).toMatch(/acme\/widgets does not exist or the token cannot see it/);
  });

  it('an abort stops the sync and what was read stays', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(150) });
    const file = await tempCacheFile();
    const ac = new AbortController();
    const err = await syncOnce(emu.apiUrl, file, { signal: ac.signal, onProgress: () => ac.abort() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((await ActivityCache.load(file)).pulls.size).toBe(50);
  });
});

describe('GitHub Enterprise layout', () => {
  it('serves GraphQL at /api/graphql beside /api/v3, and the sync finds it', async () => {
    emu = await startGraphqlEmulator({ ...emptyFixture(), pulls: pulls(2) }, { pathPrefix: '/api/v3' });
    expect(emu.apiUrl).toMatch(/\/api\/v3$/);
    const { cache } = await syncOnce(emu.apiUrl, await tempCacheFile());
    expect(cache.pulls.size).toBe(2);
  });
});
