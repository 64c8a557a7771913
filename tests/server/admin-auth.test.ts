import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp, NO_GITHUB_REPO_MESSAGE } from '../../src/server/app.js';
import { sessionResponseSchema } from '../../src/shared/admin-api.js';
import { errorEnvelopeSchema } from '../../src/shared/api.js';
import type { TestRepo } from '../support/git-repo.js';
import { listen } from '../support/http.js';
import { bearer, FakeGateway, PRIMARY, refreshedRepo, TARGET, TOKENS } from './admin-support.js';

/** Every admin route with a body it accepts. */
const ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/manual-contributions' },
  { method: 'POST', path: '/api/update-manual-contributions', body: { contributors: {} } },
  { method: 'GET', path: '/api/export-manual-contributions' },
  { method: 'POST', path: '/api/pull-and-refresh' },
  { method: 'GET', path: '/api/admins' },
  { method: 'PUT', path: '/api/admins', body: { add: ['bob'] } },
];

let repo: TestRepo;
let dataDir: string;
let gateway: FakeGateway;
let server: { url: string; close: () => Promise<void> };
let pulls = 0;
let clock = 0;

beforeAll(async () => {
  ({ repo, dataDir } = await refreshedRepo());
});
afterAll(async () => {
  await repo.cleanup();
});

beforeEach(async () => {
  gateway = new FakeGateway();
  pulls = 0;
  clock = 1_000_000;
  server = await listen(createApp({
    dataDir,
    repo: repo.dir,
    version: '1.0.0',
    admin: { gateway, target: TARGET, primary: PRIMARY },
    pullAndRefresh: async () => {
      pulls += 1;
      return { success: true, timestamp: '2025-03-10T00:00:00.000Z', latestCommit: 'abc' };
    },
    auth: { now: () => clock },
  }));
  return () => server.close();
});

async function call(route: { method: string; path: string; body?: unknown }, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${route.path}`, {
    method: route.method,
    headers: { ...(route.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(route.body !== undefined ? { body: JSON.stringify(route.body) } : {}),
  });
}

async function errorOf(res: Response) {
  return errorEnvelopeSchema.parse(await res.json()).error;
}

describe('admin routes: who may call them', () => {
  for (const route of ROUTES) {
    describe(`${route.method} ${route.path}`, () => {
      it('answers 401 without a token', async () => {
        const res = await call(route);
        expect(res.status).toBe(401);
        expect(await errorOf(res)).toEqual({ code: 'INVALID_TOKEN', message: 'Sign in with a GitHub token' });
      });

      it('answers 401 with a token GitHub refuses, without echoing it', async () => {
        const res = await call(route, bearer(TOKENS.bad));
        expect(res.status).toBe(401);
        const text = await res.text();
        expect(text).not.toContain(TOKENS.bad);
        expect(errorEnvelopeSchema.parse(JSON.parse(text)).error).toEqual({ code: 'INVALID_TOKEN', message: 'Invalid GitHub token' });
      });

      it('answers 403 with the spec\'s denial to a non-admin', async () => {
        const res = await call(route, bearer(TOKENS.outsider));
        expect(res.status).toBe(403);
        expect(await errorOf(res)).toEqual({ code: 'FORBIDDEN', message: 'Access Denied: eve@example.com is not authorized. Contact alice@example.com for access.' });
      });

      it('lets a listed admin in', async () => {
        const res = await call(route, bearer(TOKENS.listed));
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
      });
    });
  }

  it('does nothing for a non-admin (no save, no pull)', async () => {
    await call(ROUTES[3]!, bearer(TOKENS.outsider));
    await call(ROUTES[5]!, bearer(TOKENS.outsider));
    expect(pulls).toBe(0);
    expect(gateway.calls.saveAdminList).toBe(0);
  });

  it('accepts the `token <t>` form of the header', async () => {
    const res = await call(ROUTES[0]!, { Authorization: `token ${TOKENS.primary}` });
    expect(res.status).toBe(200);
  });

  it('answers 401 to a malformed Authorization header', async () => {
    const res = await call(ROUTES[0]!, { Authorization: 'Basic abc' });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).message).toBe('Sign in with a GitHub token');
  });
});

describe('GET /api/session', () => {
  it('names the primary admin, authorized, without looking up the list', async () => {
    const res = await call({ method: 'GET', path: '/api/session' }, bearer(TOKENS.primary));
    expect(res.status).toBe(200);
    expect(sessionResponseSchema.parse(await res.json())).toEqual({ user: { login: 'alice-gh', email: 'alice@example.com' }, authorized: true, repository: 'acme/widgets', refreshes: true });
    expect(gateway.calls.readAdminList).toBe(0);
  });

  it('authorizes a login in admin-list.json (case-insensitive)', async () => {
    gateway.adminList = ['BOB'];
    const body = sessionResponseSchema.parse(await (await call({ method: 'GET', path: '/api/session' }, bearer(TOKENS.listed))).json());
    expect(body.authorized).toBe(true);
    expect(body.message).toBeUndefined();
  });

  it('answers 200 with the denial for a non-admin, so the page can show who was denied', async () => {
    const res = await call({ method: 'GET', path: '/api/session' }, bearer(TOKENS.outsider));
    expect(res.status).toBe(200);
    expect(sessionResponseSchema.parse(await res.json())).toEqual({
      user: { login: 'eve', email: 'eve@example.com' },
      authorized: false,
      message: 'Access Denied: eve@example.com is not authorized. Contact alice@example.com for access.',
      repository: 'acme/widgets',
      refreshes: true,
    });
  });

  it('names the login in the denial when the account has no email', async () => {
    gateway.adminList = [];
    const body = sessionResponseSchema.parse(await (await call({ method: 'GET', path: '/api/session' }, bearer(TOKENS.listed))).json());
    expect(body).toMatchObject({ authorized: false, message: 'Access Denied: bob is not authorized. Contact alice@example.com for access.' });
  });

  it('answers 401 without a token and with a refused one', async () => {
    expect((await call({ method: 'GET', path: '/api/session' })).status).toBe(401);
    const res = await call({ method: 'GET', path: '/api/session' }, bearer(TOKENS.bad));
    expect(res.status).toBe(401);
    expect((await errorOf(res)).message).toBe('Invalid GitHub token');
  });

  it('reports GitHub failures with their status: unreachable is 500, 404 stays 404', async () => {
    const down = await call({ method: 'GET', path: '/api/session' }, bearer(TOKENS.network));
    expect(down.status).toBe(500);
    expect((await errorOf(down)).code).toBe('GITHUB_ERROR');
    const missing = await call({ method: 'GET', path: '/api/session' }, bearer(TOKENS.notFound));
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe('GITHUB_ERROR');
  });
});

describe('verification cache', () => {
  it('verifies a token once for repeated requests within a minute, then again', async () => {
    for (let i = 0; i < 5; i++) expect((await call(ROUTES[0]!, bearer(TOKENS.listed))).status).toBe(200);
    expect(gateway.calls.verifyToken).toBe(1);
    expect(gateway.calls.readAdminList).toBe(1);
    clock += 61_000;
    expect((await call(ROUTES[0]!, bearer(TOKENS.listed))).status).toBe(200);
    expect(gateway.calls.verifyToken).toBe(2);
  });

  it('shares one verification between concurrent requests', async () => {
    gateway.verifyDelayMs = 50;
    const statuses = await Promise.all(Array.from({ length: 10 }, () => call(ROUTES[0]!, bearer(TOKENS.primary)).then((r) => r.status)));
    expect(statuses).toEqual(Array(10).fill(200));
    expect(gateway.calls.verifyToken).toBe(1);
  });

  it('keeps tokens apart and does not keep a refused token', async () => {
    await call(ROUTES[0]!, bearer(TOKENS.primary));
    await call(ROUTES[0]!, bearer(TOKENS.outsider));
    await call(ROUTES[0]!, bearer(TOKENS.bad));
    await call(ROUTES[0]!, bearer(TOKENS.bad));
    expect(gateway.calls.verifyToken).toBe(4);
  });

  it('forgets the oldest verification when full', async () => {
    await server.close();
    server = await listen(createApp({ dataDir, version: '1', admin: { gateway, target: TARGET, primary: PRIMARY }, auth: { maxEntries: 1 } }));
    await call(ROUTES[0]!, bearer(TOKENS.primary));
    await call(ROUTES[0]!, bearer(TOKENS.listed));
    await call(ROUTES[0]!, bearer(TOKENS.primary));
    expect(gateway.calls.verifyToken).toBe(3);
  });
});

describe('without a GitHub repository', () => {
  it('answers every admin route with 503 NO_GITHUB_REPO saying what to configure', async () => {
    const plain = await listen(createApp({ dataDir, version: '1' }));
    try {
      for (const route of [...ROUTES, { method: 'GET', path: '/api/session' }]) {
        const res = await fetch(`${plain.url}${route.path}`, { method: route.method, headers: bearer(TOKENS.primary) });
        expect(res.status, `${route.method} ${route.path}`).toBe(503);
        expect(await errorOf(res)).toEqual({ code: 'NO_GITHUB_REPO', message: NO_GITHUB_REPO_MESSAGE });
      }
      expect(NO_GITHUB_REPO_MESSAGE).toContain('--github-repo');
      expect((await fetch(`${plain.url}/api/health`)).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
