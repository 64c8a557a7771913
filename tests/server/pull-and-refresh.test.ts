import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/core/config.js';
import { LeaderboardError } from '../../src/core/errors.js';
import { refresh } from '../../src/core/refresh.js';
import { dataDirPaths } from '../../src/core/store/data-dir.js';
import { createApp } from '../../src/server/app.js';
import { createRefreshRunner, pullAndRefreshWith } from '../../src/server/refresher.js';
import { pullAndRefreshResponseSchema, sessionResponseSchema } from '../../src/shared/admin-api.js';
import { errorEnvelopeSchema } from '../../src/shared/api.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { listen } from '../support/http.js';
import { bearer, FakeGateway, PRIMARY, refreshedRepo, TARGET, TOKENS } from './admin-support.js';

let upstream: TestRepo;
let clone: TestRepo;
let dataDir: string;

beforeAll(async () => {
  Object.assign(process.env, gitIsolationVars());
  upstream = await createTestRepo();
  await upstream.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', date: '2025-03-01T10:00:00Z' });
  clone = await createTestRepo({ cloneFrom: upstream.dir });
  dataDir = `${clone.dir}/.leaderboard`;
  await refresh({ repo: clone.dir, dataDir, config: defaultConfig(), all: true });
});
afterAll(async () => {
  await clone.cleanup();
  await upstream.cleanup();
});

function post(url: string, token: string = TOKENS.primary) {
  return fetch(`${url}/api/pull-and-refresh`, { method: 'POST', headers: bearer(token) });
}

describe('POST /api/pull-and-refresh', () => {
  it('pulls the new upstream commits, refreshes, and lets a second call join the running one', async () => {
    const runner = createRefreshRunner({ repo: clone.dir, dataDir, config: defaultConfig(), all: true });
    let runs = 0;
    const counted = { run: (o?: { pull?: boolean }) => { runs += 1; return runner.run(o); } };
    const server = await listen(createApp({ dataDir, repo: clone.dir, version: '1', admin: { gateway: new FakeGateway(), target: TARGET, primary: PRIMARY }, pullAndRefresh: pullAndRefreshWith(counted, dataDir, 15 * 60_000) }));
    try {
      const head = await upstream.commit({ files: { 'b.ts': 'export const b = 2;\n' }, message: 'feat: b', author: { name: 'Newcomer', email: 'new@example.com' }, date: '2025-03-05T10:00:00Z' });
      const [first, second] = await Promise.all([post(server.url), post(server.url)]);
      expect(first!.status).toBe(200);
      expect(second!.status).toBe(200);
      const a = pullAndRefreshResponseSchema.parse(await first!.json());
      const b = pullAndRefreshResponseSchema.parse(await second!.json());
      expect(a).toMatchObject({ success: true, latestCommit: head });
      expect(a.error).toBeUndefined();
      // Joined: one response for both, timestamp included.
      expect(b).toEqual(a);
      expect(runs).toBe(2);
      expect(await clone.git('rev-parse', 'HEAD')).toBe(head);
      expect(await readFile(dataDirPaths(dataDir).data, 'utf8')).toContain('Newcomer');
    } finally {
      await server.close();
    }
  });

  it('answers success false with the error when there is no upstream, and the commit the board still shows', async () => {
    const { repo, dataDir: dir, head } = await refreshedRepo();
    const runner = createRefreshRunner({ repo: repo.dir, dataDir: dir, config: defaultConfig() });
    const server = await listen(createApp({ dataDir: dir, version: '1', admin: { gateway: new FakeGateway(), target: TARGET, primary: PRIMARY }, pullAndRefresh: pullAndRefreshWith(runner, dir, 15 * 60_000) }));
    try {
      const res = await post(server.url);
      expect(res.status).toBe(200);
      const body = pullAndRefreshResponseSchema.parse(await res.json());
      expect(body).toMatchObject({ success: false, latestCommit: head });
      expect(body.error).toContain('has no upstream branch');
      // The CLI's hint in the page's words: no command-line flag, and what the server does meanwhile.
      expect(body.hint).toBe('Add one (git remote add origin URL), fetch it and set the upstream (git branch --set-upstream-to=origin/<branch>). '
        + 'Meanwhile the board goes on refreshing what is checked out, without pulling, every 15 minutes.');
    } finally {
      await server.close();
      await repo.cleanup();
    }
  });

  it("gives no hint of a failure other than the pull's, whose hints speak of the command line's flags", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-pull-hint-'));
    try {
      const failing = { run: () => Promise.reject(new LeaderboardError('INVALID_CONFIG', 'The config is broken.', 'Fix it, or pass --data-dir with another folder.')) };
      const body = await pullAndRefreshWith(failing, dir, 15 * 60_000)();
      expect(body).toMatchObject({ success: false, error: 'The config is broken.' });
      expect(body.hint).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers 503 when the server does not refresh (as its session says), and 401/403 before that', async () => {
    const server = await listen(createApp({ dataDir, version: '1', admin: { gateway: new FakeGateway(), target: TARGET, primary: PRIMARY } }));
    try {
      const session = await fetch(`${server.url}/api/session`, { headers: bearer(TOKENS.primary) });
      expect(sessionResponseSchema.parse(await session.json()).refreshes).toBe(false);
      const res = await post(server.url);
      expect(res.status).toBe(503);
      expect(errorEnvelopeSchema.parse(await res.json()).error.code).toBe('NO_REFRESH');
      expect((await fetch(`${server.url}/api/pull-and-refresh`, { method: 'POST' })).status).toBe(401);
      expect((await post(server.url, TOKENS.outsider)).status).toBe(403);
    } finally {
      await server.close();
    }
  });
});

describe('createRefreshRunner', () => {
  it('joins a running pull, and runs a pull asked during a plain refresh right after it', async () => {
    const runner = createRefreshRunner({ repo: clone.dir, dataDir, config: defaultConfig(), all: true });
    const pullA = runner.run({ pull: true });
    const pullB = runner.run({ pull: true });
    const plain = runner.run();
    expect(pullB).toBe(pullA);
    expect(plain).toBe(pullA);
    await pullA;

    const head = await upstream.commit({ files: { 'c.ts': 'export const c = 3;\n' }, message: 'feat: c', date: '2025-03-06T10:00:00Z' });
    const plainRun = runner.run();
    const pullAfter = runner.run({ pull: true });
    expect(pullAfter).not.toBe(plainRun);
    expect(runner.run({ pull: true })).toBe(pullAfter);
    const plainResult = await plainRun;
    expect(plainResult.pulled).toBeUndefined();
    const pulled = await pullAfter;
    expect(pulled.head).toBe(head);
    expect(pulled.pulled?.after).toBe(head);
    await runner.idle();
  });
});
