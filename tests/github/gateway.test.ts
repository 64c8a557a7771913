import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LeaderboardError } from '../../src/core/errors.js';
import { createGitHubGateway } from '../../src/core/github/gateway.js';
import { ADMIN_LIST_PATH, UPDATE_BRANCH, type AdminGateway } from '../../src/core/github/types.js';
import { startGitHubEmulator, type GitHubEmulator } from '../support/github-emulator.js';

const REPO = 'acme/widgets';
const actor = { login: 'alice', email: 'alice@example.com' };

let gh: GitHubEmulator;
let gateway: AdminGateway;

/** The error a promise rejects with, for assertions on code, message and status. */
async function failure(promise: Promise<unknown>): Promise<LeaderboardError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(LeaderboardError);
  return err as LeaderboardError;
}

beforeAll(async () => {
  gh = await startGitHubEmulator();
});
afterAll(async () => {
  await gh.close();
});

let repoCounter = 0;
let slug = REPO;
beforeEach(() => {
  gh.requests.length = 0;
  // A fresh repository per test, so tests do not see each other's branches and pull requests.
  slug = `acme/widgets-${++repoCounter}`;
  gh.addRepo({ owner: 'acme', name: slug.split('/')[1] ?? '', files: { 'README.md': '# widgets\n' } });
  gh.addUser({ login: 'alice', token: 'tok-alice', name: 'Alice', emails: [
    { email: 'alice-old@example.com', primary: false, verified: true, visibility: null },
    { email: 'alice@example.com', primary: true, verified: true, visibility: 'private' },
  ] });
  gateway = createGitHubGateway({ repo: slug, apiUrl: gh.url }, { writeSpacingMs: 0, retryBaseMs: 10 });
});
afterEach(() => {
  expect(gh.validationErrors).toEqual([]);
  expect(gh.pendingFaults()).toBe(0);
});

describe('verifyToken', () => {
  it('returns the login and the primary email', async () => {
    expect(await gateway.verifyToken('tok-alice')).toEqual({ login: 'alice', email: 'alice@example.com' });
  });

  it('takes the first email when none is primary, and null when there are none', async () => {
    gh.addUser({ login: 'bob', token: 'tok-bob', emails: [{ email: 'bob@example.com', primary: false, verified: true, visibility: null }] });
    gh.addUser({ login: 'carol', token: 'tok-carol', emails: [] });
    expect(await gateway.verifyToken('tok-bob')).toEqual({ login: 'bob', email: 'bob@example.com' });
    expect(await gateway.verifyToken('tok-carol')).toEqual({ login: 'carol', email: null });
  });

  it('falls back to the public email when the token lacks the user:email scope (403 or 404)', async () => {
    gh.addUser({ login: 'dave', token: 'tok-dave', publicEmail: 'dave@public.example', emailsStatus: 403 });
    gh.addUser({ login: 'erin', token: 'tok-erin', emailsStatus: 404 });
    expect(await gateway.verifyToken('tok-dave')).toEqual({ login: 'dave', email: 'dave@public.example' });
    expect(await gateway.verifyToken('tok-erin')).toEqual({ login: 'erin', email: null });
  });

  it("refuses a bad token with 'Invalid GitHub token' (401)", async () => {
    const err = await failure(gateway.verifyToken('not-a-token'));
    expect(err.code).toBe('INVALID_TOKEN');
    expect(err.message).toBe('Invalid GitHub token');
    expect(err.status).toBe(401);
    expect(JSON.stringify(err)).not.toContain('not-a-token');
  });

  it('sends the token as authorization and never puts it in an error message', async () => {
    gh.fault({ method: 'GET', path: '/user', status: 404, message: 'Not Found' });
    const err = await failure(gateway.verifyToken('tok-alice'));
    expect(err.code).toBe('GITHUB_ERROR');
    expect(err.status).toBe(404);
    expect(`${err.message} ${err.hint ?? ''}`).not.toContain('tok-alice');
  });
});

describe('readAdminList', () => {
  it('is [] when admin-list.json is missing', async () => {
    expect(await gateway.readAdminList('tok-alice')).toEqual([]);
  });

  it('reads admins from the default branch, not from the update branch', async () => {
    gh.pushFile(slug, 'main', ADMIN_LIST_PATH, JSON.stringify({ admins: ['bob', 'carol@example.com'] }), 'Add admins');
    gh.pushFile(slug, UPDATE_BRANCH, ADMIN_LIST_PATH, JSON.stringify({ admins: ['mallory'] }), 'Proposed');
    expect(await gateway.readAdminList('tok-alice')).toEqual(['bob', 'carol@example.com']);
  });

  it('reports a malformed file instead of treating it as empty', async () => {
    gh.pushFile(slug, 'main', ADMIN_LIST_PATH, '{"admins": [42]}', 'Broken');
    const err = await failure(gateway.readAdminList('tok-alice'));
    expect(err.code).toBe('INVALID_DATA_FILE');
    expect(err.message).toContain(ADMIN_LIST_PATH);
  });

  it('maps a missing repository to GITHUB_ERROR 404', async () => {
    gh.fault({ method: 'GET', path: '/contents/', status: 404 });
    expect(await gateway.readAdminList('tok-alice')).toEqual([]);
    const missing = createGitHubGateway({ repo: 'acme/nope', apiUrl: gh.url });
    const err = await failure(missing.saveAdminList('tok-alice', ['x'], actor));
    expect(err.code).toBe('GITHUB_ERROR');
    expect(err.status).toBe(404);
  });
});

describe('saveAdminList', () => {
  it('creates the branch, commits admin-list.json naming the actor and opens a pull request', async () => {
    const { pullRequestUrl } = await gateway.saveAdminList('tok-alice', ['bob', 'carol@example.com'], actor);
    const mainHead = gh.branches(slug).main;
    const commits = gh.commits(slug, UPDATE_BRANCH);
    expect(commits[0]?.message).toBe('Update admin list (by alice)');
    expect(commits[1]?.sha).toBe(mainHead);
    const file = JSON.parse(gh.fileContent(slug, UPDATE_BRANCH, ADMIN_LIST_PATH) ?? 'null') as { admins: string[]; instructions: string };
    expect(file.admins).toEqual(['bob', 'carol@example.com']);
    expect(file.instructions).toMatch(/\w/);
    expect(gh.fileContent(slug, 'main', ADMIN_LIST_PATH)).toBeNull();
    const pulls = gh.pulls(slug);
    expect(pulls).toHaveLength(1);
    expect(pulls[0]).toMatchObject({ head: UPDATE_BRANCH, base: 'main', state: 'open' });
    expect(pullRequestUrl).toBe(pulls[0]?.htmlUrl);
  });

  it('a second save force-resets the branch to the default head; GitHub closes the emptied pull request, so another opens', async () => {
    const first = await gateway.saveAdminList('tok-alice', ['bob'], actor);
    // Meanwhile the default branch moves on, and the update branch has a stray commit.
    const newMain = gh.pushFile(slug, 'main', 'CHANGELOG.md', 'v2\n', 'Release v2');
    gh.pushFile(slug, UPDATE_BRANCH, 'stray.txt', 'x\n', 'Stray commit');
    const second = await gateway.saveAdminList('tok-alice', ['bob', 'dave'], actor);
    expect(second.pullRequestUrl).not.toBe(first.pullRequestUrl);
    expect(gh.pulls(slug).map((p) => [p.htmlUrl, p.state])).toEqual([[first.pullRequestUrl, 'closed'], [second.pullRequestUrl, 'open']]);
    // What the open pull request proposed, which the reset replaced.
    expect(second.pending).toEqual(['bob']);
    const commits = gh.commits(slug, UPDATE_BRANCH);
    expect(commits.map((c) => c.message)).toEqual(['Update admin list (by alice)', 'Release v2', 'Initial commit']);
    expect(commits[1]?.sha).toBe(newMain);
    expect(gh.fileContent(slug, UPDATE_BRANCH, 'stray.txt')).toBeNull();
    expect(JSON.parse(gh.fileContent(slug, UPDATE_BRANCH, ADMIN_LIST_PATH) ?? '{}')).toMatchObject({ admins: ['bob', 'dave'] });
    // The reset was a forced PATCH of the existing ref.
    expect(gh.requests.some((r) => r.method === 'PATCH' && r.path.endsWith(`/git/refs/heads/${UPDATE_BRANCH}`) && r.status === 200)).toBe(true);
  });

  it('names no pending proposal when the pull request of the branch is closed (a reviewer turned it down)', async () => {
    await gateway.saveAdminList('tok-alice', ['bob'], actor);
    gh.closePull(slug, 1);
    expect((await gateway.saveAdminList('tok-alice', ['carol'], actor)).pending).toBeUndefined();
  });

  it('updates an admin-list.json that exists on the default branch (sends its sha)', async () => {
    gh.pushFile(slug, 'main', ADMIN_LIST_PATH, JSON.stringify({ admins: ['bob'] }), 'Add bob');
    await gateway.saveAdminList('tok-alice', ['bob', 'erin'], actor);
    expect(JSON.parse(gh.fileContent(slug, UPDATE_BRANCH, ADMIN_LIST_PATH) ?? '{}')).toMatchObject({ admins: ['bob', 'erin'] });
    expect(gh.requests.filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual([200]);
  });

  it('re-reads the file and writes again when its sha went stale (409)', async () => {
    gh.pushFile(slug, 'main', ADMIN_LIST_PATH, JSON.stringify({ admins: ['bob'] }), 'Add bob');
    // Between the read of the file's sha and the write, someone else changes it on the branch.
    gh.fault({ method: 'PUT', path: '/contents/', before: () => { gh.pushFile(slug, UPDATE_BRANCH, ADMIN_LIST_PATH, '{"admins":["zed"]}', 'Concurrent edit'); } });
    await gateway.saveAdminList('tok-alice', ['bob', 'frank'], actor);
    expect(gh.requests.filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual([409, 200]);
    expect(JSON.parse(gh.fileContent(slug, UPDATE_BRANCH, ADMIN_LIST_PATH) ?? '{}')).toMatchObject({ admins: ['bob', 'frank'] });
  });

  it('gives up on a sha that stays stale, with status 409', async () => {
    gh.fault({ method: 'PUT', path: '/contents/', status: 409, message: 'admin-list.json does not match abc', times: 3 });
    const err = await failure(gateway.saveAdminList('tok-alice', ['bob'], actor));
    expect(err.code).toBe('GITHUB_ERROR');
    expect(err.status).toBe(409);
  });

  it('reports a 422 of GitHub with its status', async () => {
    gh.fault({ method: 'POST', path: '/pulls', status: 422, body: { message: 'Validation Failed', documentation_url: 'https://docs.github.com', errors: [{ resource: 'PullRequest', code: 'custom', message: 'nope' }] } });
    const err = await failure(gateway.saveAdminList('tok-alice', ['bob'], actor));
    expect(err.code).toBe('GITHUB_ERROR');
    expect(err.status).toBe(422);
    expect(err.message).toContain('422');
  });

  it('refuses a bad token before touching the repository', async () => {
    const err = await failure(gateway.saveAdminList('bad', ['bob'], actor));
    expect(err.message).toBe('Invalid GitHub token');
    expect(gh.branches(slug)).not.toHaveProperty(UPDATE_BRANCH);
  });
});

describe('rate limits and network failures', () => {
  it('waits out a secondary rate limit (429 with Retry-After) and retries', async () => {
    gh.fault({ method: 'GET', path: '/user', status: 429, message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', headers: { 'retry-after': '1' } });
    const started = Date.now();
    expect(await gateway.verifyToken('tok-alice')).toEqual(actor);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(gh.requests.filter((r) => r.path === '/user').map((r) => r.status)).toEqual([429, 200]);
  });

  it('waits out a primary rate limit (403, X-RateLimit-Remaining 0, X-RateLimit-Reset) and retries', async () => {
    const reset = String(Math.floor(Date.now() / 1000) + 1);
    gh.fault({ method: 'GET', path: '/contents/', status: 403, message: 'API rate limit exceeded for user ID 1000.', headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset } });
    expect(await gateway.readAdminList('tok-alice')).toEqual([]);
    expect(gh.requests.filter((r) => r.path.includes('/contents/')).map((r) => r.status)).toEqual([403, 404]);
  });

  it('does not wait for a rate limit longer than allowed: the 403 is reported', async () => {
    const reset = String(Math.floor(Date.now() / 1000) + 3600);
    gh.fault({ method: 'GET', path: '/user', status: 403, message: 'API rate limit exceeded for user ID 1000.', headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset } });
    const err = await failure(gateway.verifyToken('tok-alice'));
    expect(err.code).toBe('GITHUB_ERROR');
    expect(err.status).toBe(403);
  });

  it('retries a dropped connection, then reports a network failure as status 500', async () => {
    gh.fault({ method: 'GET', path: '/user', drop: true });
    expect(await gateway.verifyToken('tok-alice')).toEqual(actor);

    gh.fault({ method: 'GET', path: '/user', drop: true, times: 3 });
    const err = await failure(gateway.verifyToken('tok-alice'));
    expect(err.code).toBe('GITHUB_ERROR');
    expect(err.status).toBe(500);
    expect(err.message).toContain(gh.url);
  });

  it('reports an unreachable API as status 500', async () => {
    const nowhere = createGitHubGateway({ repo: REPO, apiUrl: 'http://127.0.0.1:9' }, { retries: 0 });
    const err = await failure(nowhere.readAdminList('tok-alice'));
    expect(err.status).toBe(500);
  });

  it('times out a request that gets no answer in time, as status 500', async () => {
    const impatient = createGitHubGateway({ repo: slug, apiUrl: gh.url }, { retries: 0, timeoutMs: 300 });
    gh.fault({ method: 'GET', path: '/user', delayMs: 2000 });
    const err = await failure(impatient.verifyToken('tok-alice'));
    expect(err.status).toBe(500);
  });
});

describe('GitHub Enterprise Server', () => {
  it('works the same under an /api/v3 base URL', async () => {
    const ghe = await startGitHubEmulator({ pathPrefix: '/api/v3' });
    try {
      expect(ghe.url).toMatch(/\/api\/v3$/);
      ghe.addRepo({ owner: 'corp', name: 'tool', files: { [ADMIN_LIST_PATH]: JSON.stringify({ admins: ['bob'] }) } });
      ghe.addUser({ login: 'alice', token: 'tok-alice', emails: [{ email: 'alice@corp.example', primary: true, verified: true, visibility: null }] });
      const enterprise = createGitHubGateway({ repo: 'corp/tool', apiUrl: ghe.url }, { writeSpacingMs: 0, retryBaseMs: 10 });
      expect(await enterprise.verifyToken('tok-alice')).toEqual({ login: 'alice', email: 'alice@corp.example' });
      expect(await enterprise.readAdminList('tok-alice')).toEqual(['bob']);
      await enterprise.saveAdminList('tok-alice', ['bob', 'carol'], actor);
      expect(JSON.parse(ghe.fileContent('corp/tool', UPDATE_BRANCH, ADMIN_LIST_PATH) ?? '{}')).toMatchObject({ admins: ['bob', 'carol'] });
      expect(ghe.requests.every((r) => !r.path.startsWith('/outside-the-api-prefix'))).toBe(true);
      expect(ghe.validationErrors).toEqual([]);
      // The same emulator refuses requests that miss the prefix, so the test above proves it was used.
      const wrong = createGitHubGateway({ repo: 'corp/tool', apiUrl: ghe.url.replace(/\/api\/v3$/, '') }, { writeSpacingMs: 0, retryBaseMs: 10 });
      expect((await failure(wrong.verifyToken('tok-alice'))).status).toBe(404);
    } finally {
      await ghe.close();
    }
  });
});

describe('withdrawAdminProposal', () => {
  it('with no open pull request, changes nothing and names the default branch', async () => {
    expect(await gateway.withdrawAdminProposal('tok-alice')).toEqual({ defaultBranch: 'main', closedPullRequestUrl: null });
    expect(gh.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(gh.branches(slug)[UPDATE_BRANCH]).toBeUndefined();
  });

  it('resets the branch and closes the open pull request, naming what it proposed', async () => {
    const { pullRequestUrl } = await gateway.saveAdminList('tok-alice', ['yves'], actor);
    expect(await gateway.withdrawAdminProposal('tok-alice')).toEqual({ defaultBranch: 'main', closedPullRequestUrl: pullRequestUrl, pending: ['yves'] });
    expect(gh.pulls(slug).map((p) => p.state)).toEqual(['closed']);
    expect(gh.branches(slug)[UPDATE_BRANCH]).toBe(gh.branches(slug).main);
  });

  it('closes it itself when GitHub has not yet (it does so after the push)', async () => {
    const late = await startGitHubEmulator({ closeEmptiedPulls: false });
    try {
      late.addRepo({ owner: 'acme', name: 'late', files: { 'README.md': '# late\n' } });
      late.addUser({ login: 'alice', token: 'tok-alice', emails: [{ email: 'alice@example.com', primary: true, verified: true, visibility: null }] });
      const g = createGitHubGateway({ repo: 'acme/late', apiUrl: late.url }, { writeSpacingMs: 0, retryBaseMs: 10 });
      await g.saveAdminList('tok-alice', ['yves'], actor);
      expect((await g.withdrawAdminProposal('tok-alice')).closedPullRequestUrl).toMatch(/\/pull\/1$/);
      expect(late.pulls('acme/late').map((p) => p.state)).toEqual(['closed']);
      expect(late.requests.some((r) => r.method === 'PATCH' && r.path.endsWith('/pulls/1') && r.status === 200)).toBe(true);
      expect(late.validationErrors).toEqual([]);
    } finally {
      await late.close();
    }
  });
});
