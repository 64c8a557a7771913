import { writeFile } from 'node:fs/promises';
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
});
