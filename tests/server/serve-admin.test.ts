/**
 * `leaderboard serve` (the built bin) with the admin features against the local GitHub emulator:
 * the wiring of --github-repo, GITHUB_API_URL, the primary admins of the config, the real
 * gateway and the timer's refresher behind pull-and-refresh.
 */
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_PATH, UPDATE_BRANCH } from '../../src/core/github/types.js';
import { manualEtag } from '../../src/core/manual-service.js';
import { pullAndRefreshResponseSchema, sessionResponseSchema, updateAdminsResponseSchema } from '../../src/shared/admin-api.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { startGitHubEmulator, type GitHubEmulator } from '../support/github-emulator.js';

const ALICE = 'ghp_alice_primary_admin_token_12345';
const EVE = 'ghp_eve_outsider_token_1234567890ab';

/** A day this week, so the commits are in the default analysis window. */
const recent = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();

let gh: GitHubEmulator;
let upstream: TestRepo;
let clone: TestRepo;
let serve: ServeProcess;

beforeAll(async () => {
  gh = await startGitHubEmulator();
  gh.addRepo({ owner: 'acme', name: 'widgets', files: { 'README.md': '# widgets\n', [ADMIN_LIST_PATH]: '{"admins":["bob"]}\n' } });
  gh.addUser({ login: 'alice', token: ALICE, emails: [{ email: 'alice@example.com', primary: true, verified: true, visibility: 'private' }] });
  gh.addUser({ login: 'eve', token: EVE, emails: [] });
  Object.assign(process.env, gitIsolationVars());
  upstream = await createTestRepo();
  await upstream.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', date: recent(3) });
  clone = await createTestRepo({ cloneFrom: upstream.dir });
  await writeFile(`${clone.dir}/leaderboard.config.json`, JSON.stringify({ primaryAdmins: { email: 'alice@example.com' } }));
  serve = await startServe(['--github-repo', 'acme/widgets'], { cwd: clone.dir, env: { ...gitIsolationVars(), GITHUB_API_URL: gh.url } });
});
afterAll(async () => {
  await serve?.stop();
  await gh?.close();
  await clone?.cleanup();
  await upstream?.cleanup();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('serve with a GitHub repository', () => {
  it('says where admins sign in', () => {
    expect(serve.output()).toContain('Admin sign-in: GitHub repository acme/widgets (primary admins: alice@example.com)');
  });

  it('signs in the primary admin of the config, says it refreshes, and denies anyone else', async () => {
    const alice = sessionResponseSchema.parse(await (await fetch(`${serve.url}api/session`, { headers: auth(ALICE) })).json());
    expect(alice).toEqual({ user: { login: 'alice', email: 'alice@example.com' }, authorized: true, repository: 'acme/widgets', refreshes: true });
    const eve = sessionResponseSchema.parse(await (await fetch(`${serve.url}api/session`, { headers: auth(EVE) })).json());
    expect(eve.message).toBe('Access Denied: eve is not authorized. Contact alice@example.com for access.');
    const bad = await fetch(`${serve.url}api/session`, { headers: auth('ghp_not_a_real_token') });
    expect(bad.status).toBe(401);
  });

  it('proposes an admin-list change in a pull request from leaderboard-updates', async () => {
    const res = await fetch(`${serve.url}api/admins`, { method: 'PUT', headers: { ...auth(ALICE), 'Content-Type': 'application/json' }, body: JSON.stringify({ add: ['carol@example.com'] }) });
    expect(res.status).toBe(200);
    const body = updateAdminsResponseSchema.parse(await res.json());
    expect(body.admins).toEqual(['bob', 'carol@example.com']);
    const pulls = gh.pulls('acme/widgets');
    expect(pulls).toHaveLength(1);
    expect(body.pullRequestUrl).toBe(pulls[0]!.htmlUrl);
    expect(pulls[0]).toMatchObject({ head: UPDATE_BRANCH, state: 'open' });
    expect(JSON.parse(gh.fileContent('acme/widgets', UPDATE_BRANCH, ADMIN_LIST_PATH) ?? 'null')).toMatchObject({ admins: ['bob', 'carol@example.com'] });
    expect(gh.validationErrors).toEqual([]);
    // A second change, made from the default branch's list, replaces carol's proposal: the answer says so.
    const again = updateAdminsResponseSchema.parse(await (await fetch(`${serve.url}api/admins`, { method: 'PUT', headers: { ...auth(ALICE), 'Content-Type': 'application/json' }, body: JSON.stringify({ add: ['dave'] }) })).json());
    expect(again.message).toContain('It replaces the change proposed before and not merged yet (added carol@example.com): propose that again to keep it.');
    // Back to carol's proposal, for the tests after.
    await fetch(`${serve.url}api/admins`, { method: 'PUT', headers: { ...auth(ALICE), 'Content-Type': 'application/json' }, body: JSON.stringify({ add: ['carol@example.com'] }) });
  });

  it('saves manual contributions and serves the rebuilt leaderboard', async () => {
    const res = await fetch(`${serve.url}api/update-manual-contributions`, {
      method: 'POST',
      headers: { ...auth(ALICE), 'Content-Type': 'application/json', 'If-Match': manualEtag(null) },
      body: JSON.stringify({ contributors: { 'Grace Hopper': { contributions: [{ score: 40 }] } } }),
    });
    expect(res.status).toBe(200);
    expect(await (await fetch(`${serve.url}leaderboard-data.json`)).text()).toContain('Grace Hopper');
  });

  it('pulls and refreshes from the upstream', async () => {
    const head = await upstream.commit({ files: { 'b.ts': 'export const b = 2;\n' }, message: 'feat: b', author: { name: 'Newcomer', email: 'new@example.com' }, date: recent(1) });
    const res = await fetch(`${serve.url}api/pull-and-refresh`, { method: 'POST', headers: auth(ALICE) });
    expect(res.status).toBe(200);
    expect(pullAndRefreshResponseSchema.parse(await res.json())).toMatchObject({ success: true, latestCommit: head });
    expect(await (await fetch(`${serve.url}leaderboard-data.json`)).text()).toContain('Newcomer');
  });

  it('never prints a token', () => {
    expect(serve.output()).not.toContain(ALICE);
    expect(serve.output()).not.toContain(EVE);
  });
});
