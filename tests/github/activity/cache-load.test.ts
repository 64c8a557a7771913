import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ActivityCache } from '../../../src/core/github/activity/cache.js';
import { tempCacheFile } from './fixture.js';

const review = { pr: 7, title: 'Fix', url: 'https://github.com/a/b/pull/7', state: 'APPROVED', submittedAt: '2025-03-04T09:00:00Z', login: 'ann' };
const pull = (reviews: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ t: 'pull', number: 7, updatedAt: '2025-03-05T00:00:00Z', reviews, ...extra });

// Pull request lines are taken as JSON.parse gives them when the schema would give them back
// unchanged; every other line goes through the schema. Either way the same cache comes out.
describe('loading pull request lines', () => {
  it('keeps a pull request line as written', async () => {
    const file = await tempCacheFile();
    await writeFile(file, `${pull([review])}\n`);
    expect((await ActivityCache.load(file)).pulls.get(7)?.reviews).toEqual([review]);
  });

  it('gives what the schema gives for a review with an unknown key or its keys in another order', async () => {
    const file = await tempCacheFile();
    const reordered = { login: 'bob', pr: 7, title: 'Fix', url: review.url, state: 'COMMENTED', submittedAt: review.submittedAt };
    await writeFile(file, `${pull([{ ...review, extra: 1 }, reordered])}\n`);
    const reviews = (await ActivityCache.load(file)).pulls.get(7)?.reviews ?? [];
    expect(reviews.map((r) => JSON.stringify(r))).toEqual([JSON.stringify(review), JSON.stringify({ ...review, state: 'COMMENTED', login: 'bob' })]);
  });

  it('drops a pull request line the schema rejects (a state that cannot count) and keeps the rest', async () => {
    const file = await tempCacheFile();
    await writeFile(file, `${pull([{ ...review, state: 'PENDING' }])}\n${JSON.stringify({ t: 'email', email: 'a@x.org', login: 'ann' })}\n`);
    const cache = await ActivityCache.load(file);
    expect(cache.pulls.size).toBe(0);
    expect(cache.emailLogins.get('a@x.org')).toBe('ann');
  });

  it('drops a line that looks like a pull request but does not parse, and rewrites the log without it when it next compacts', async () => {
    const file = await tempCacheFile();
    const broken = '{"t":"pull","number":8,"updatedAt":';
    await writeFile(file, `${broken}\n${pull([review])}\n`);
    const cache = await ActivityCache.load(file);
    expect([...cache.pulls.keys()]).toEqual([7]);
    await cache.compact();
    expect(await readFile(file, 'utf8')).toBe(`${pull([review])}\n${JSON.stringify({ t: 'stream', stream: 'pulls', state: { highWater: null, resume: null } })}\n${JSON.stringify({ t: 'stream', stream: 'issues', state: { highWater: null, resume: null } })}\n`);
  });
});

describe("the activity head's source", () => {
  it('is the same for the same lines, repository and window, and changes with any of them', async () => {
    const file = await tempCacheFile();
    await writeFile(file, `${pull([review])}\n`);
    const cache = await ActivityCache.load(file);
    const source = cache.headSource('a/b', '');
    expect((await ActivityCache.load(file)).headSource('a/b', '')).toBe(source);
    expect(cache.headSource('a/c', '')).not.toBe(source);
    expect(cache.headSource('a/b', '2025-01-01T00:00:00.000Z')).not.toBe(source);
    // The same pull request read again unchanged leaves it as it was; a new review changes it.
    await cache.record([JSON.parse(pull([review]))]);
    expect(cache.headSource('a/b', '')).toBe(source);
    await cache.record([JSON.parse(pull([review, { ...review, login: 'bob' }]))]);
    expect(cache.headSource('a/b', '')).not.toBe(source);
    expect(cache.pulls.get(7)?.reviews).toHaveLength(2);
  });

  it('is kept in the log by each finished sync, and a line read after it (a sync cut off) changes it', async () => {
    const file = await tempCacheFile();
    await writeFile(file, `${pull([review])}\n`);
    const cache = await ActivityCache.load(file);
    await cache.record([{ t: 'synced', at: '2026-01-01T00:00:00Z', head: cache.linesDigest() }]);
    const source = cache.headSource('a/b', '');
    expect((await ActivityCache.load(file)).headSource('a/b', '')).toBe(source);
    await cache.record([JSON.parse(pull([{ ...review, login: 'bob' }]))]);
    const cut = await ActivityCache.load(file);
    expect(cut.headSource('a/b', '')).not.toBe(source);
    expect(cut.headSource('a/b', '')).toBe(cache.headSource('a/b', ''));
  });

  it('once let go of, its pull requests are read from the log again to record or compact, and nothing is lost', async () => {
    const file = await tempCacheFile();
    await writeFile(file, `${pull([review])}\n${JSON.stringify({ t: 'pull', number: 9, updatedAt: '2025-03-06T00:00:00Z', reviews: [] })}\n`);
    const cache = await ActivityCache.load(file);
    const source = cache.headSource('a/b', '');
    cache.releasePullLines();
    expect(cache.headSource('a/b', '')).toBe(source);
    expect(() => cache.pulls).toThrow(/load it again/);
    await cache.record([{ t: 'email', email: 'a@x.org', login: 'ann' }]);
    await cache.compact();
    const again = await ActivityCache.load(file);
    expect([...again.pulls.keys()]).toEqual([7, 9]);
    expect(again.emailLogins.get('a@x.org')).toBe('ann');
    cache.releasePullLines();
    await cache.record([JSON.parse(pull([review, { ...review, login: 'bob' }]))]);
    expect(cache.pulls.get(7)?.reviews).toHaveLength(2);
    expect([...cache.pulls.keys()]).toEqual([7, 9]);
  });
});
