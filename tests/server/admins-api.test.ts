import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LeaderboardError } from '../../src/core/errors.js';
import { createApp } from '../../src/server/app.js';
import { nextAdminList } from '../../src/server/routes/admins.js';
import { adminsResponseSchema, updateAdminsResponseSchema } from '../../src/shared/admin-api.js';
import { errorEnvelopeSchema } from '../../src/shared/api.js';
import { listen } from '../support/http.js';
import { bearer, FakeGateway, PRIMARY, TARGET, TOKENS, USERS } from './admin-support.js';

let dir: string;
let gateway: FakeGateway;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lb-admins-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(async () => {
  gateway = new FakeGateway();
  server = await listen(createApp({ dataDir: dir, version: '1', admin: { gateway, target: TARGET, primary: PRIMARY } }));
  return () => server.close();
});

function put(body: unknown, token: string = TOKENS.listed) {
  return fetch(`${server.url}/api/admins`, { method: 'PUT', headers: { ...bearer(token), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

async function errorOf(res: Response) {
  return errorEnvelopeSchema.parse(await res.json()).error;
}

describe('GET /api/admins', () => {
  it('answers the list on the default branch and the primary admins', async () => {
    const res = await fetch(`${server.url}/api/admins`, { headers: bearer(TOKENS.primary) });
    expect(res.status).toBe(200);
    expect(adminsResponseSchema.parse(await res.json())).toEqual({ admins: ['bob', 'alice@example.com'], primary: PRIMARY });
  });

  it('answers an empty list when GitHub has none', async () => {
    gateway.adminList = [];
    const res = await fetch(`${server.url}/api/admins`, { headers: bearer(TOKENS.primary) });
    expect(adminsResponseSchema.parse(await res.json()).admins).toEqual([]);
  });
});

describe('PUT /api/admins', () => {
  it('proposes the new list in a pull request, named after the actor, and answers its link', async () => {
    const res = await put({ admins: ['bob', 'alice@example.com', 'carol@example.com'] });
    expect(res.status).toBe(200);
    expect(updateAdminsResponseSchema.parse(await res.json())).toEqual({
      admins: ['bob', 'alice@example.com', 'carol@example.com'],
      pullRequestUrl: 'https://github.example/acme/widgets/pull/7',
      message: 'Admin list change proposed (added carol@example.com): merge https://github.example/acme/widgets/pull/7 to apply it.',
    });
    expect(gateway.saves).toEqual([{ admins: ['bob', 'alice@example.com', 'carol@example.com'], actor: USERS[TOKENS.listed] }]);
  });

  it('keeps a primary admin the request leaves out', async () => {
    const res = await put({ admins: [] });
    expect(res.status).toBe(200);
    const body = updateAdminsResponseSchema.parse(await res.json());
    expect(body.admins).toEqual(['alice@example.com']);
    expect(body.message).toContain('removed bob');
    expect(body.message).not.toContain('alice');
    expect(gateway.saves[0]?.admins).toEqual(['alice@example.com']);
  });

  it('drops duplicates (case-insensitive) and trims entries', async () => {
    const res = await put({ admins: ['bob', ' Carol ', 'carol', 'BOB', 'alice@example.com'] });
    expect(updateAdminsResponseSchema.parse(await res.json()).admins).toEqual(['bob', 'Carol', 'alice@example.com']);
  });

  it('still saves a list equal to the default branch, so a pending change is withdrawn', async () => {
    const before = gateway.calls.saveAdminList;
    const res = await put({ admins: ['BOB'] });
    expect(res.status).toBe(200);
    const body = updateAdminsResponseSchema.parse(await res.json());
    expect(body.admins).toEqual(['BOB', 'alice@example.com']);
    expect(body.message).toMatch(/^The admin list is the same as on the default branch; \S+ now proposes no change\.$/);
    expect(gateway.calls.saveAdminList).toBe(before + 1);
  });

  it('refuses an empty entry with the spec\'s message, naming the field', async () => {
    const res = await put({ admins: ['bob', '  '] });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: 'INVALID_INPUT', message: 'Invalid request body: admins.1: Please enter an email address or GitHub username.' });
    expect(gateway.calls.saveAdminList).toBe(0);
  });

  it('refuses a body without admins', async () => {
    const res = await put({ people: [] });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/^Invalid request body: admins: /);
  });

  it('reports a GitHub failure with its status, and a network failure as 500', async () => {
    gateway.saveError = new LeaderboardError('GITHUB_ERROR', 'GitHub request failed: Validation Failed', undefined, { cause: Object.assign(new Error('Validation Failed'), { status: 422 }) });
    const refused = await put({ admins: ['dave'] });
    expect(refused.status).toBe(422);
    expect(await errorOf(refused)).toEqual({ code: 'GITHUB_ERROR', message: 'GitHub request failed: Validation Failed' });
    gateway.saveError = new LeaderboardError('GITHUB_ERROR', 'GitHub request failed: socket hang up', undefined, { cause: new Error('socket hang up') });
    const down = await put({ admins: ['dave'] });
    expect(down.status).toBe(500);
    expect((await errorOf(down)).code).toBe('GITHUB_ERROR');
  });

  it('answers 403 to a non-admin without saving', async () => {
    const res = await put({ admins: ['eve@example.com'] }, TOKENS.outsider);
    expect(res.status).toBe(403);
    expect(gateway.calls.saveAdminList).toBe(0);
  });
});

describe('nextAdminList', () => {
  it('keeps primary admins of the current list by email or login', () => {
    expect(nextAdminList(['ALICE-GH', 'x', 'alice@example.com'], ['y'], PRIMARY)).toEqual(['y', 'ALICE-GH', 'alice@example.com']);
  });
});
