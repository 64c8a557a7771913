import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubEmulator, type GitHubEmulator } from '../support/github-emulator.js';
import { OpenApiValidator } from '../support/github-openapi.js';

let gh: GitHubEmulator;
beforeAll(async () => {
  gh = await startGitHubEmulator();
  gh.addUser({ login: 'alice', token: 'tok' });
  gh.addRepo({ owner: 'acme', name: 'widgets' });
});
afterAll(async () => { await gh.close(); });

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${gh.url}${path}`, { ...init, headers: { authorization: 'token tok', 'content-type': 'application/json', ...init.headers } });

describe('the GitHub emulator keeps to the OpenAPI description', () => {
  it('sends bodies that conform, for every endpoint the product uses', async () => {
    expect((await get('/user')).status).toBe(200);
    expect((await get('/user/emails')).status).toBe(200);
    expect((await get('/repos/acme/widgets')).status).toBe(200);
    expect((await get('/repos/acme/widgets/git/ref/heads%2Fmain')).status).toBe(200);
    expect((await get('/repos/acme/widgets/contents/README.md')).status).toBe(200);
    expect((await get('/repos/acme/widgets/pulls?state=open')).status).toBe(200);
    expect((await get('/repos/acme/widgets/contents/missing.json')).status).toBe(404);
    expect((await get('/user', { headers: { authorization: 'token nope' } })).status).toBe(401);
    expect(gh.validationErrors).toEqual([]);
  });

  it('answers 500 and records it when a response would not conform', async () => {
    gh.fault({ method: 'GET', path: '/user', status: 200, body: { login: 'alice' } });
    const res = await get('/user');
    expect(res.status).toBe(500);
    expect(gh.validationErrors).toHaveLength(1);
    expect(gh.validationErrors[0]).toMatch(/GET \/user 200 does not match GitHub's OpenAPI description: .*avatar_url/);
    gh.validationErrors.length = 0;
  });

  it('refuses (422) and records a request body that does not conform', async () => {
    const res = await get('/repos/acme/widgets/git/refs/heads%2Fmain', { method: 'PATCH', body: JSON.stringify({ force: true }) });
    expect(res.status).toBe(422);
    expect(gh.validationErrors[0]).toMatch(/request PATCH .*'sha'/);
    gh.validationErrors.length = 0;
  });

  it('the validator is not vacuous: wrong types and missing fields are problems', () => {
    const v = new OpenApiValidator();
    expect(v.validateResponse('/user/emails', 'GET', 200, [{ email: 'a@b.c', primary: 'yes', verified: true, visibility: null }])).not.toEqual([]);
    expect(v.validateResponse('/repos/{owner}/{repo}/git/ref/{ref}', 'GET', 200, { ref: 'refs/heads/main' })).not.toEqual([]);
    expect(v.validateResponse('/repos/{owner}/{repo}/contents/{path}', 'PUT', 204, undefined)).not.toEqual([]);
    expect(v.validateResponse('/user', 'GET', 429, { message: 'slow down', documentation_url: 'https://docs.github.com' })).toEqual([]);
  });
});
