import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LeaderboardError } from '../../src/core/errors.js';
import { createApp } from '../../src/server/app.js';
import { applyAdminChange } from '../../src/shared/admin-rules.js';
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
  it('proposes the change in a pull request, named after the actor, and answers its link', async () => {
    const res = await put({ add: ['carol@example.com'] });
    expect(res.status).toBe(200);
    expect(updateAdminsResponseSchema.parse(await res.json())).toEqual({
      admins: ['bob', 'alice@example.com', 'carol@example.com'],
      published: ['bob', 'alice@example.com'],
      pullRequestUrl: 'https://github.example/acme/widgets/pull/7',
      message: 'Admin list change proposed (added carol@example.com): merge https://github.example/acme/widgets/pull/7 to apply it.',
    });
    expect(gateway.saves).toEqual([{ admins: ['bob', 'alice@example.com', 'carol@example.com'], actor: USERS[TOKENS.listed] }]);
  });

  it('re-applies the change to the list as it is now: an admin added meanwhile is kept, not revoked', async () => {
    // The page loaded [bob, alice@]; zed was added on the default branch since. Its change adds xavier.
    gateway.adminList = ['bob', 'alice@example.com', 'zed'];
    const body = updateAdminsResponseSchema.parse(await (await put({ add: ['xavier'] })).json());
    expect(body.admins).toEqual(['bob', 'alice@example.com', 'zed', 'xavier']);
    expect(body.published).toEqual(['bob', 'alice@example.com', 'zed']);
    expect(body.message).toBe('Admin list change proposed (added xavier): merge https://github.example/acme/widgets/pull/7 to apply it.');
    expect(gateway.saves[0]?.admins).toEqual(['bob', 'alice@example.com', 'zed', 'xavier']);
  });

  it('keeps a primary admin the request removes', async () => {
    const res = await put({ remove: ['bob', 'ALICE@example.com'] });
    expect(res.status).toBe(200);
    const body = updateAdminsResponseSchema.parse(await res.json());
    expect(body.admins).toEqual(['alice@example.com']);
    expect(body.message).toContain('removed bob');
    expect(body.message).not.toContain('alice');
    expect(gateway.saves[0]?.admins).toEqual(['alice@example.com']);
  });

  it('drops duplicates (case-insensitive) and trims entries', async () => {
    const res = await put({ add: [' Carol ', 'carol', 'BOB'] });
    expect(updateAdminsResponseSchema.parse(await res.json()).admins).toEqual(['bob', 'alice@example.com', 'Carol']);
  });

  it('proposes nothing for a change the default branch already has, and says so', async () => {
    const res = await put({ add: ['BOB'], remove: ['yves'] });
    expect(res.status).toBe(200);
    expect(updateAdminsResponseSchema.parse(await res.json())).toEqual({
      admins: ['bob', 'alice@example.com'],
      published: ['bob', 'alice@example.com'],
      pullRequestUrl: '',
      message: 'No change to propose: the admin list on main already lists BOB and leaves out yves.',
    });
    expect(gateway.calls.saveAdminList).toBe(0);
    expect(gateway.calls.withdrawAdminProposal).toBe(1);
  });

  it('closes a proposal that only held what the change undid, without telling the admin to propose it again', async () => {
    gateway.openProposal = { url: 'https://github.example/acme/widgets/pull/7', pending: ['bob', 'alice@example.com', 'yves'] };
    const body = updateAdminsResponseSchema.parse(await (await put({ remove: ['yves'] })).json());
    expect(body.pullRequestUrl).toBe('');
    expect(body.message).toBe('No change to propose: the admin list on main already leaves out yves. Pull request https://github.example/acme/widgets/pull/7, which proposed a change not merged yet, is closed.');
    expect(gateway.calls.saveAdminList).toBe(0);
  });

  it("names what else the closed proposal held (another admin's), so it can be proposed again", async () => {
    gateway.openProposal = { url: 'https://github.example/acme/widgets/pull/7', pending: ['bob', 'alice@example.com', 'yves', 'wanda'] };
    const body = updateAdminsResponseSchema.parse(await (await put({ remove: ['yves'] })).json());
    expect(body.message).toMatch(/is closed\. It also proposed \(added wanda\): propose that again to keep it\.$/);
  });

  it('refuses an empty entry with the spec\'s message, naming the field', async () => {
    const res = await put({ add: ['bob', '  '] });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: 'INVALID_INPUT', message: 'Invalid request body: add.1: Please enter an email address or GitHub username.' });
    expect(gateway.calls.saveAdminList).toBe(0);
  });

  it('refuses a body with another field (the whole list, as an older page sent it)', async () => {
    const res = await put({ admins: [] });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/admins/);
  });

  it('reports a GitHub failure with its status, and a network failure as 500', async () => {
    gateway.saveError = new LeaderboardError('GITHUB_ERROR', 'GitHub request failed: Validation Failed', undefined, { cause: Object.assign(new Error('Validation Failed'), { status: 422 }) });
    const refused = await put({ add: ['dave'] });
    expect(refused.status).toBe(422);
    expect(await errorOf(refused)).toEqual({ code: 'GITHUB_ERROR', message: 'GitHub request failed: Validation Failed' });
    gateway.saveError = new LeaderboardError('GITHUB_ERROR', 'GitHub request failed: socket hang up', undefined, { cause: new Error('socket hang up') });
    const down = await put({ add: ['dave'] });
    expect(down.status).toBe(500);
    expect((await errorOf(down)).code).toBe('GITHUB_ERROR');
  });

  it('answers 403 to a non-admin without saving', async () => {
    const res = await put({ add: ['eve@example.com'] }, TOKENS.outsider);
    expect(res.status).toBe(403);
    expect(gateway.calls.saveAdminList).toBe(0);
  });
});

describe('applyAdminChange', () => {
  it('keeps primary admins of the current list by email or login', () => {
    expect(applyAdminChange(['ALICE-GH', 'x', 'alice@example.com'], { add: ['y'], remove: ['x', 'alice-gh', 'ALICE@example.com'] }, PRIMARY)).toEqual(['ALICE-GH', 'alice@example.com', 'y']);
  });
});
