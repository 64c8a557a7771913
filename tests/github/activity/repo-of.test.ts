import { describe, expect, it } from 'vitest';
import { githubRepoOf } from '../../../src/core/github/activity/refresh-step.js';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { activityHead, activityHeadText, activityOf, activityTailText, partActivityText, readPartActivity, recordsOf, storedHead } from '../../../src/core/github/activity/part-activity.js';
import { ActivityCache } from '../../../src/core/github/activity/cache.js';
import { tempCacheFile } from './fixture.js';
import type { ReviewRecord } from '../../../src/core/activity.js';
import { columnsOf } from '../../../src/core/board/review-columns.js';

describe('which remote is a GitHub repository', () => {
  it('takes github.com (https, ssh, scp-like, ssh.github.com) for github.com, the API host of GitHub Enterprise for it, nothing else', () => {
    const api = 'https://api.github.com';
    expect(githubRepoOf('https://github.com/acme/widgets.git', api)).toBe('acme/widgets');
    expect(githubRepoOf('git@github.com:acme/widgets.git', api)).toBe('acme/widgets');
    expect(githubRepoOf('ssh://git@github.com/acme/widgets', api)).toBe('acme/widgets');
    expect(githubRepoOf('https://gitlab.com/acme/widgets.git', api)).toBeNull();
    expect(githubRepoOf('/home/me/widgets', api)).toBeNull();
    expect(githubRepoOf('https://ghe.example.com/acme/widgets.git', 'https://ghe.example.com/api/v3')).toBe('acme/widgets');
    expect(githubRepoOf('https://ghe.example.com/acme/widgets.git', api)).toBeNull();
    // GitHub's SSH over port 443, as the admin side takes it; a github.com remote on an Enterprise board is not on that server.
    expect(githubRepoOf('ssh://git@ssh.github.com:443/acme/widgets.git', api)).toBe('acme/widgets');
    expect(githubRepoOf('https://github.com/acme/widgets.git', 'https://ghe.example.com/api/v3')).toBeNull();
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
    expect(recordsOf(a.reviews).map((r) => r.submittedAt)).toEqual(['2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z']);
    expect(a.issues.map((i) => i.number)).toEqual([3]);
    expect(a).toMatchObject({ repository: 'acme/widgets', emailLogins: { 'a@x.org': null }, profiles: { bob: 'Bob' } });
    expect(activityOf(cache, 'acme/widgets', null).reviews).toHaveLength(3);
    // The refresh writes the file in two pieces (the head while git is read), which read back as the whole.
    const head = activityHead(cache, 'acme/widgets', null);
    const whole = activityOf(cache, 'acme/widgets', null, head);
    const source = cache.headSource('acme/widgets', '');
    const text = activityHeadText(head, source) + activityTailText(whole);
    expect(JSON.parse(text)).toMatchObject({ source, repository: 'acme/widgets', review_pulls: [[1, 't', 'u'], [2, 't', 'u']], emailLogins: { 'a@x.org': null } });
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'lb-part-activity-')), 'github-activity.json');
    await writeFile(file, text);
    // Read back as records (the refresh gave the board columns).
    const records = { ...whole, reviews: recordsOf(whole.reviews) };
    expect(await readPartActivity(file)).toEqual(records);
    // As `merge` writes it (reviews as objects) it reads back the same.
    await writeFile(file, partActivityText(whole));
    expect(await readPartActivity(file)).toEqual(records);
    // Read back from the same source only, without the answers.
    const kept = storedHead(Buffer.from(text), source);
    expect(kept && { ...kept, head: { ...kept.head, reviews: recordsOf(kept.head.reviews) } }).toEqual({ head: { ...head, reviews: recordsOf(head.reviews) }, length: Buffer.byteLength(activityHeadText(head, source)) });
    expect(storedHead(Buffer.from(text), cache.headSource('acme/widgets', '2025-01-01T00:00:00.000Z'))).toBeNull();
  });

  it('stores each reviewed pull request and login once, the reviews as columns, and refuses columns not as written', async () => {
    const r = (pr: number, login: string, url = `https://github.com/acme/widgets/pull/${pr}`, title = `PR ${pr}`, state: ReviewRecord['state'] = 'APPROVED') =>
      ({ pr, title, url, state, submittedAt: `2026-01-0${pr}T00:00:00Z`, login });
    const reviews: ReviewRecord[] = [r(1, 'ann'), r(1, 'bob', undefined, undefined, 'COMMENTED'), r(2, 'ann', 'https://ghe.example.com/acme/widgets/pull/2', undefined, 'CHANGES_REQUESTED'), r(1, 'cy', undefined, 'Renamed')];
    // The pull request's author, where the sync read it: kept once per pull request.
    for (const k of [0, 1]) reviews[k] = { ...reviews[k]!, prAuthor: 'dee' };
    const text = activityHeadText({ repository: 'acme/widgets', reviews: columnsOf(reviews, 'acme/widgets'), issues: [] }, 'src');
    const json = JSON.parse(`${text}}`);
    expect(json).toEqual({
      source: 'src', repository: 'acme/widgets',
      review_pulls: [[1, 'PR 1'], [2, 'PR 2', 'https://ghe.example.com/acme/widgets/pull/2'], [1, 'Renamed']],
      review_pull_author: [0, -1, -1],
      review_logins: ['dee', 'ann', 'bob', 'cy'],
      review_pull: [0, 0, 1, 2], review_login: [1, 2, 1, 3], review_state: 'AMCA',
      review_at: ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z'],
      issues: [],
    });
    const tail = activityTailText({ emailLogins: {}, profiles: {} });
    expect(recordsOf(storedHead(Buffer.from(text + tail), 'src')?.head.reviews ?? [])).toEqual(reviews);
    const bad = [
      text.replace('"review_pull":[0,', '"review_pull":[3,'), text.replace('"review_login":[1,', '"review_login":[-1,'), text.replace('"AMCA"', '"AMPA"'),
      text.replace('"AMCA"', '"AMC"'), text.replace('[1,"PR 1"]', '["1","PR 1"]'), text.replace('"review_at":["2026-01-01T00:00:00Z"', '"review_at":[7'),
      text.replace('"review_pull_author":[0,', '"review_pull_author":[9,'), text.replace('"review_pull_author":[0,-1,-1]', '"review_pull_author":[0,-1]'),
    ];
    for (const b of bad) {
      expect(b).not.toBe(text);
      expect(storedHead(Buffer.from(b + tail), 'src')).toBeNull();
    }
  });

  it('reads a part written by an earlier version (a row per review) for merge, and makes the refresh write its head again', async () => {
    const earlier = '{"source":"src","repository":"acme/widgets","review_pulls":[[1,"PR 1"],[2,"PR 2","https://ghe.example.com/acme/widgets/pull/2"]],'
      + '"reviews":[[1,"APPROVED","2026-01-02T00:00:00Z","ann"],[0,"COMMENTED","2026-01-01T00:00:00Z","bob"]],"issues":[],"emailLogins":{"a@x.org":"ann"},"profiles":{}}\n';
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'lb-part-activity-')), 'github-activity.json');
    await writeFile(file, earlier);
    expect(await readPartActivity(file)).toEqual({
      repository: 'acme/widgets', issues: [], emailLogins: { 'a@x.org': 'ann' }, profiles: {},
      reviews: [
        { pr: 2, title: 'PR 2', url: 'https://ghe.example.com/acme/widgets/pull/2', state: 'APPROVED', submittedAt: '2026-01-02T00:00:00Z', login: 'ann' },
        { pr: 1, title: 'PR 1', url: 'https://github.com/acme/widgets/pull/1', state: 'COMMENTED', submittedAt: '2026-01-01T00:00:00Z', login: 'bob' },
      ],
    });
    await writeFile(file, earlier.replace('[0,"COMMENTED"', '[5,"COMMENTED"'));
    expect(await readPartActivity(file)).toBeNull();
    expect(storedHead(Buffer.from(earlier), 'src')).toBeNull();
  });
});
