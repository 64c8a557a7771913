import { describe, expect, it } from 'vitest';
import { githubRepoOf } from '../../../src/core/github/activity/refresh-step.js';
import { activityHead, activityHeadText, activityOf, activityTailText, partActivityText, storedHead } from '../../../src/core/github/activity/part-activity.js';
import { ActivityCache } from '../../../src/core/github/activity/cache.js';
import { tempCacheFile } from './fixture.js';

describe('which remote is a GitHub repository', () => {
  it('takes github.com (https, ssh, scp-like) and the API host of GitHub Enterprise, nothing else', () => {
    const api = 'https://api.github.com';
    expect(githubRepoOf('https://github.com/acme/widgets.git', api)).toBe('acme/widgets');
    expect(githubRepoOf('git@github.com:acme/widgets.git', api)).toBe('acme/widgets');
    expect(githubRepoOf('ssh://git@github.com/acme/widgets', api)).toBe('acme/widgets');
    expect(githubRepoOf('https://gitlab.com/acme/widgets.git', api)).toBeNull();
    expect(githubRepoOf('/home/me/widgets', api)).toBeNull();
    expect(githubRepoOf('https://ghe.example.com/acme/widgets.git', 'https://ghe.example.com/api/v3')).toBe('acme/widgets');
    expect(githubRepoOf('https://ghe.example.com/acme/widgets.git', api)).toBeNull();
  });
});

describe('what a part gives the board', () => {
  it('the reviews of the window newest first and its issues oldest first, with the email and profile answers', async () => {
    const cache = await ActivityCache.load(await tempCacheFile());
    const review = (pr: number, submittedAt: string) => ({ pr, title: 't', url: 'u', state: 'APPROVED' as const, submittedAt, login: 'bob' });
    await cache.record([
      { t: 'pull', number: 1, updatedAt: '2026-02-01T00:00:00Z', reviews: [review(1, '2026-02-01T00:00:00Z'), review(1, '2024-01-01T00:00:00Z')] },
      { t: 'pull', number: 2, updatedAt: '2026-01-01T00:00:00Z', reviews: [review(2, '2026-01-01T00:00:00Z')] },
      { t: 'issue', number: 3, issue: { number: 3, title: 'i', url: 'u', createdAt: '2026-01-05T00:00:00Z', login: 'erin' } },
      { t: 'issue', number: 4, issue: null },
      { t: 'email', email: 'a@x.org', login: null },
      { t: 'profile', login: 'bob', name: 'Bob' },
    ]);
    const a = activityOf(cache, 'acme/widgets', new Date('2025-01-01T00:00:00Z'));
    expect(a.reviews.map((r) => r.submittedAt)).toEqual(['2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z']);
    expect(a.issues.map((i) => i.number)).toEqual([3]);
    expect(a).toMatchObject({ repository: 'acme/widgets', emailLogins: { 'a@x.org': null }, profiles: { bob: 'Bob' } });
    expect(activityOf(cache, 'acme/widgets', null).reviews).toHaveLength(3);
    // The refresh writes the file in two pieces (the head while git is read): the same bytes as whole.
    const head = activityHead(cache, 'acme/widgets', null);
    const whole = activityOf(cache, 'acme/widgets', null, head);
    const source = cache.headSource('acme/widgets', '');
    const text = activityHeadText(head, source) + activityTailText(whole);
    expect(text).toBe(partActivityText({ source, ...whole } as typeof whole));
    expect(JSON.parse(text)).toEqual({ source, ...whole });
    // Read back from the same source only, without the answers.
    expect(storedHead(Buffer.from(text), source)).toEqual({ head, length: Buffer.byteLength(activityHeadText(head, source)) });
    expect(storedHead(Buffer.from(text), cache.headSource('acme/widgets', '2025-01-01T00:00:00.000Z'))).toBeNull();
  });
});
