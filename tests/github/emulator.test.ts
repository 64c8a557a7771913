import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, startGitHubEmulator, type GitHubEmulator } from '../support/github-emulator.js';
import { OpenApiValidator } from '../support/github-openapi.js';

let gh: GitHubEmulator;
beforeAll(async () => {
  gh = await startGitHubEmulator();
  gh.addUser({ login: 'alice', token: 'tok' });
  gh.addRepo({ owner: 'acme', name: 'widgets', workflows: ['build.yml'] });
  gh.addUser({ login: 'classic', token: 'classic-norepo', scopes: ['public_repo'] });
  gh.addUser({ login: 'fine', token: 'fine-ro', fineGrained: { contents: 'read', pull_requests: 'write' } });
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

describe('the GitHub emulator answers browsers as GitHub does (CORS)', () => {
  it('a preflight: 204 without authentication, any origin, the allowed methods and headers, cached a day; recorded apart', async () => {
    const before = gh.requests.length;
    const res = await fetch(`${gh.url}/repos/acme/widgets/contents/a.json`, {
      method: 'OPTIONS',
      headers: { origin: 'https://pages.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PATCH, PUT, DELETE');
    expect(res.headers.get('access-control-allow-headers')).toBe(CORS_ALLOW_HEADERS);
    for (const h of ['authorization', 'content-type']) expect(CORS_ALLOW_HEADERS.toLowerCase()).toContain(h);
    // As api.github.com: a browser may not send X-GitHub-Api-Version (github/docs#24706).
    expect(CORS_ALLOW_HEADERS.toLowerCase()).not.toContain('x-github-api-version');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
    expect(gh.requests.length).toBe(before);
    expect(gh.preflights.at(-1)).toEqual({ path: '/repos/acme/widgets/contents/a.json', origin: 'https://pages.example', requestMethod: 'PUT', requestHeaders: ['authorization', 'content-type'] });
  });

  it('every answer (success, error, 401) allows any origin and exposes GitHub\'s headers; the origin is recorded', async () => {
    for (const [path, token] of [['/user', 'tok'], ['/repos/acme/widgets/contents/none', 'tok'], ['/user', 'nope']] as const) {
      const res = await get(path, { headers: { origin: 'https://pages.example', authorization: `token ${token}` } });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toBe(CORS_EXPOSE_HEADERS);
    }
    expect(gh.requests.at(-1)).toMatchObject({ method: 'GET', path: '/user', status: 401, origin: 'https://pages.example' });
  });
});

describe('the GitHub emulator tells token kinds apart', () => {
  it('classic: X-OAuth-Scopes on every answer; a write without repo is a 404; emails without user:email a 404', async () => {
    const auth = { authorization: 'token classic-norepo' };
    const repo = await get('/repos/acme/widgets', { headers: auth });
    expect(repo.headers.get('x-oauth-scopes')).toBe('public_repo');
    expect((await get('/user/emails', { headers: auth })).status).toBe(404);
    const dispatch = await get('/repos/acme/widgets/actions/workflows/build.yml/dispatches', { method: 'POST', headers: auth, body: JSON.stringify({ ref: 'main' }) });
    expect(dispatch.status).toBe(404);
    expect(gh.runs('acme/widgets')).toEqual([]);
    expect((await get('/repos/acme/widgets', { headers: { authorization: 'token tok' } })).headers.get('x-oauth-scopes')).toBeNull();
  });

  it('fine-grained: 403 with X-Accepted-GitHub-Permissions, before the body is validated; push reflects Contents write', async () => {
    const auth = { authorization: 'token fine-ro' };
    const repo = await get('/repos/acme/widgets', { headers: auth });
    expect(repo.headers.get('x-oauth-scopes')).toBeNull();
    expect(((await repo.json()) as { permissions: { push: boolean } }).permissions.push).toBe(false);
    const res = await get('/repos/acme/widgets/git/refs', { method: 'POST', headers: auth, body: JSON.stringify({ not: 'valid' }) });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-accepted-github-permissions')).toBe('contents=write');
    expect(await res.json()).toMatchObject({ message: 'Resource not accessible by personal access token' });
    expect((await get('/repos/acme/widgets/actions/workflows/build.yml/runs', { headers: auth })).status).toBe(403);
    // Pull requests: write granted; an invalid (but well-formed) body reaches validation: 422.
    expect((await get('/repos/acme/widgets/pulls', { method: 'POST', headers: auth, body: JSON.stringify({ head: '', base: 'main' }) })).status).toBe(422);
    expect(gh.validationErrors).toEqual([]);
  });
});

describe('the GitHub emulator: commits, protected branches, workflow runs, merges', () => {
  it('GET commits/{ref}: a full or short sha, or a branch; else 422', async () => {
    const sha = 'feedface'.repeat(5);
    gh.addCommitSha('acme/widgets', sha);
    for (const ref of [sha, 'feedfac', 'FEEDFACE']) {
      const res = await get(`/repos/acme/widgets/commits/${ref}`);
      expect(res.status, ref).toBe(200);
      expect(((await res.json()) as { sha: string }).sha).toBe(sha);
    }
    expect((await get('/repos/acme/widgets/commits/main')).status).toBe(200);
    expect((await get('/repos/acme/widgets/commits/0badc0de')).status).toBe(422);
    expect(gh.validationErrors).toEqual([]);
  });

  it('a protected branch refuses contents writes (409) and ref updates (422)', async () => {
    gh.addRepo({ owner: 'acme', name: 'locked', files: { 'a.txt': 'a' } });
    gh.protectBranch('acme/locked', 'main');
    const file = (await (await get('/repos/acme/locked/contents/a.txt')).json()) as { sha: string };
    const put = await get('/repos/acme/locked/contents/a.txt', { method: 'PUT', body: JSON.stringify({ message: 'm', content: 'Yg==', sha: file.sha, branch: 'main' }) });
    expect(put.status).toBe(409);
    expect(await put.json()).toMatchObject({ message: 'Could not update file: Changes must be made through a pull request.' });
    const head = gh.branches('acme/locked').main ?? '';
    expect((await get('/repos/acme/locked/git/refs/heads%2Fmain', { method: 'PATCH', body: JSON.stringify({ sha: head, force: true }) })).status).toBe(422);
    expect(gh.fileContent('acme/locked', 'main', 'a.txt')).toBe('a');
    expect(gh.validationErrors).toEqual([]);
  });

  it('dispatch: 200 with run details when asked, else 204; runs follow their script, one step per GET, hooks before completion shows', async () => {
    gh.scriptRuns(['queued', 'in_progress', 'completed:failure']);
    const seen: string[] = [];
    gh.onRunCompleted((run) => { seen.push(`${run.id}:${run.conclusion}`); });
    const res = await get('/repos/acme/widgets/actions/workflows/build.yml/dispatches', { method: 'POST', body: JSON.stringify({ ref: 'main', return_run_details: true }) });
    expect(res.status).toBe(200);
    const { workflow_run_id: id, html_url: html } = (await res.json()) as { workflow_run_id: number; html_url: string };
    const status = async () => ((await (await get(`/repos/acme/widgets/actions/runs/${id}`)).json()) as { status: string; conclusion: string | null; html_url: string });
    expect(await status()).toMatchObject({ status: 'queued', html_url: html });
    expect(seen).toEqual([]);
    expect(await status()).toMatchObject({ status: 'in_progress' });
    expect(seen).toEqual([`${id}:failure`]);
    expect(await status()).toMatchObject({ status: 'completed', conclusion: 'failure' });

    const plain = await get('/repos/acme/widgets/actions/workflows/build.yml/dispatches', { method: 'POST', body: JSON.stringify({ ref: 'main' }) });
    expect(plain.status).toBe(204);
    const list = (await (await get('/repos/acme/widgets/actions/workflows/build.yml/runs?event=workflow_dispatch')).json()) as { total_count: number; workflow_runs: { id: number }[] };
    expect(list.total_count).toBe(2);
    expect(list.workflow_runs[0]?.id).toBe(id + 1);
    await gh.completeRun('acme/widgets', id + 1, 'cancelled');
    expect(gh.runs('acme/widgets')[1]).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
    expect(seen).toHaveLength(2);
    expect((await get('/repos/acme/widgets/actions/workflows/nope.yml/dispatches', { method: 'POST', body: JSON.stringify({ ref: 'main' }) })).status).toBe(404);
    expect((await get('/repos/acme/widgets/actions/workflows/build.yml/dispatches', { method: 'POST', body: JSON.stringify({ ref: 'nowhere' }) })).status).toBe(422);
    expect(gh.validationErrors).toEqual([]);
  });

  it('mergePull: a merge commit keeping both sides, the pull request closed and merged', async () => {
    gh.addRepo({ owner: 'acme', name: 'merging', files: { 'a.txt': 'a', 'b.txt': 'b' } });
    const main = gh.branches('acme/merging').main ?? '';
    gh.pushFile('acme/merging', 'topic', 'a.txt', 'a2', 'topic change');
    gh.pushFile('acme/merging', 'main', 'b.txt', 'b2', 'main change');
    expect(gh.branches('acme/merging').main).not.toBe(main);
    const res = await get('/repos/acme/merging/pulls', { method: 'POST', body: JSON.stringify({ head: 'topic', base: 'main', title: 't' }) });
    const { number } = (await res.json()) as { number: number };
    const merged = gh.mergePull('acme/merging', number);
    expect(gh.branches('acme/merging').main).toBe(merged);
    expect([gh.fileContent('acme/merging', 'main', 'a.txt'), gh.fileContent('acme/merging', 'main', 'b.txt')]).toEqual(['a2', 'b2']);
    expect(gh.pulls('acme/merging')[0]).toMatchObject({ state: 'closed', merged: true, mergeCommitSha: merged });
    const closed = (await (await get('/repos/acme/merging/pulls?state=closed')).json()) as { merged_at: string | null }[];
    expect(closed[0]?.merged_at).not.toBeNull();
    expect(gh.validationErrors).toEqual([]);
  });
});
