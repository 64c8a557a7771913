import { describe, expect, it } from 'vitest';
import { AdminApiError } from '../../../web/src/admin/api.js';
import { EMPTY_TOKEN_MESSAGE } from '../../../web/src/admin/use-admin-session.js';
import { TOKEN_CHARACTER_MESSAGE, hasForeignCharacter } from '../../../web/src/admin/token.js';
import { ADMIN_LIST_INSTRUCTIONS } from '../../../src/shared/admin-rules.js';
import { createGitHubBackend } from '../../../web/src/admin/github/index.js';
import { startGitHubEmulator } from '../../support/github-emulator.js';
import { ADMIN_LIST, BOB_TOKEN, EVE_TOKEN, OWNER_TOKEN, SLUG, acceptedWrites, config, rejection, useEmulator } from './setup.js';

const env = useEmulator();

describe('GitHub back end: session', () => {
  it('a primary admin (by login) and a listed admin are authorized; the repository is the config\'s', async () => {
    const backend = env.backend();
    expect(await backend.session(OWNER_TOKEN)).toEqual({ user: { login: 'owner', email: 'owner@example.com' }, authorized: true, repository: SLUG });
    expect(await backend.session(BOB_TOKEN)).toMatchObject({ user: { login: 'bob', email: 'bob@example.com' }, authorized: true });
    expect(backend.kind).toBe('github');
  });

  it('anyone else is denied with the spec\'s message naming the contact', async () => {
    const res = await env.backend().session(EVE_TOKEN);
    expect(res).toEqual({
      user: { login: 'eve', email: 'eve@example.com' }, authorized: false, repository: SLUG,
      message: 'Access Denied: eve@example.com is not authorized. Contact owner@example.com for access.',
    });
  });

  it('a token GitHub refuses: 401 \'Invalid GitHub token\'', async () => {
    const err = await rejection(env.backend().session('ghp_nobody_secret_token'));
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({ message: 'Invalid GitHub token', status: 401 });
  });

  it('a pasted token with a character no GitHub token has: said so, not a network error, and nothing is sent', async () => {
    for (const token of [`${OWNER_TOKEN}\u200b`, 'ghp_abc\u2026', `\u201c${OWNER_TOKEN}\u201d`, `ghp_\u00e9t\u00e9`, `ghp_a b`]) {
      expect([token, hasForeignCharacter(token)]).toEqual([token, true]);
      expect(await rejection(env.backend().session(token))).toMatchObject({ message: TOKEN_CHARACTER_MESSAGE, status: 400 });
    }
    expect(TOKEN_CHARACTER_MESSAGE).toBe('The token contains a character GitHub tokens never have (an invisible space or a typographic quote?). Paste it again.');
    expect(env.gh.requests).toEqual([]);
    for (const token of [OWNER_TOKEN, 'github_pat_11ABC_xyz09', 'a'.repeat(40)]) expect(hasForeignCharacter(token)).toBe(false);
    expect(EMPTY_TOKEN_MESSAGE).toBe('Please enter a GitHub token');
  });

  it('without the user:email scope the public email is used (and the admin list still applies by login)', async () => {
    env.addUser({ login: 'carol', token: 'ghp_carol_secret_token', publicEmail: 'carol@public.example', scopes: ['repo'] });
    env.gh.pushFile(SLUG, 'main', ADMIN_LIST, JSON.stringify({ admins: ['carol@public.example'] }), 'list carol');
    const res = await env.backend().session('ghp_carol_secret_token');
    expect(res).toMatchObject({ user: { login: 'carol', email: 'carol@public.example' }, authorized: true });
    expect(env.gh.requests.find((r) => r.path === '/user/emails')?.status).toBe(404);
  });

  it('a missing admin list is an empty one; a network failure says GitHub could not be reached (status 0)', async () => {
    env.gh.fault({ method: 'GET', path: `/contents/${ADMIN_LIST}`, status: 404, message: 'Not Found' });
    expect(await env.backend().session(BOB_TOKEN)).toMatchObject({ authorized: false });
    env.gh.fault({ method: 'GET', path: '/user', drop: true });
    const err = await rejection(env.backend().session(OWNER_TOKEN));
    expect(err).toMatchObject({ message: 'Could not reach GitHub (network error).', status: 0 });
  });

  it('GitHub\'s own errors are shown with their status and message, never the token', async () => {
    env.gh.fault({ method: 'GET', path: '/user', status: 403, message: 'Resource not accessible by personal access token' });
    const err = await rejection(env.backend().session(OWNER_TOKEN));
    expect(err).toMatchObject({ message: 'GitHub answered 403: Resource not accessible by personal access token', status: 403 });
    expect(err.message).not.toContain('secret');
  });
});

describe('GitHub back end: the admin list', () => {
  it('is read from the default branch, for admins only', async () => {
    expect(await env.backend().admins(OWNER_TOKEN)).toEqual({ admins: ['bob'], primary: { email: 'owner@example.com', login: 'owner' } });
    expect(await rejection(env.backend().admins(EVE_TOKEN))).toMatchObject({ status: 403, message: expect.stringMatching(/^Access Denied: eve@example.com/) });
  });

  it('is saved as serve saves it: leaderboard-updates reset to the default head, one commit naming the admin, a pull request', async () => {
    const backend = env.backend();
    // A stale leaderboard-updates branch from earlier: reset, not built upon.
    env.gh.pushFile(SLUG, 'leaderboard-updates', 'stale.txt', 'old', 'stale work');
    const first = await backend.saveAdmins(OWNER_TOKEN, { add: ['carol@example.com'] });
    expect(first.admins).toEqual(['bob', 'carol@example.com']);
    expect(first.pullRequestUrl).toMatch(/\/acme\/board\/pull\/1$/);
    expect(first.message).toBe(`Admin list change proposed (added carol@example.com): merge ${first.pullRequestUrl} to apply it.`);
    const commits = env.gh.commits(SLUG, 'leaderboard-updates');
    expect(commits[0]?.message).toBe('Update admin list (by owner)');
    expect(commits[1]?.sha).toBe(env.gh.branches(SLUG).main);
    expect(env.gh.fileContent(SLUG, 'leaderboard-updates', 'stale.txt')).toBeNull();
    expect(env.gh.fileContent(SLUG, 'leaderboard-updates', ADMIN_LIST)).toBe(`${JSON.stringify({ admins: ['bob', 'carol@example.com'], instructions: ADMIN_LIST_INSTRUCTIONS }, null, 2)}\n`);

    const second = await backend.saveAdmins(BOB_TOKEN, { add: ['dave'], remove: ['bob'] });
    // The reset left the first pull request without commits, so GitHub closed it: the second opens another.
    expect(second.pullRequestUrl).toMatch(/\/acme\/board\/pull\/2$/);
    // carol, proposed by the first and not merged, is dropped by the reset (the spec's): said, with what to do.
    expect(second.message).toBe(`Admin list change proposed (added dave; removed bob): merge ${second.pullRequestUrl} to apply it. It replaces the change proposed before and not merged yet (added carol@example.com): propose that again to keep it.`);
    expect(env.gh.pulls(SLUG).map((p) => [p.number, p.state])).toEqual([[1, 'closed'], [2, 'open']]);
    expect(env.gh.pulls(SLUG)[0]).toMatchObject({ head: 'leaderboard-updates', base: 'main', title: 'Update leaderboard admin list', body: expect.stringContaining('@owner') });
    // Reset again: one commit on top of main, by bob.
    expect(env.gh.commits(SLUG, 'leaderboard-updates').map((c) => c.message).slice(0, 2)).toEqual(['Update admin list (by bob)', 'Initial commit']);
  });

  it("re-applies only this admin's change: an admin added on the default branch since the panel loaded is kept", async () => {
    const backend = env.backend();
    expect((await backend.admins(OWNER_TOKEN)).admins).toEqual(['bob']);
    // Someone else's change adding zed lands on main after the panel read the list.
    env.gh.pushFile(SLUG, 'main', ADMIN_LIST, `${JSON.stringify({ admins: ['bob', 'zed'] }, null, 2)}\n`, 'Merge: add zed');
    const saved = await backend.saveAdmins(OWNER_TOKEN, { add: ['xavier'] });
    expect(saved.message).toBe(`Admin list change proposed (added xavier): merge ${saved.pullRequestUrl} to apply it.`);
    expect(saved.admins).toEqual(['bob', 'zed', 'xavier']);
    expect(saved.published).toEqual(['bob', 'zed']);
    expect(JSON.parse(env.gh.fileContent(SLUG, 'leaderboard-updates', ADMIN_LIST) ?? '{}')).toMatchObject({ admins: ['bob', 'zed', 'xavier'] });
  });

  it.each([
    ['in the canonical form', `${JSON.stringify({ admins: ['bob'], instructions: ADMIN_LIST_INSTRUCTIONS }, null, 2)}\n`],
    ['written by hand', '{"admins":["bob"]}\n'],
  ])('proposes nothing for a change that leaves the list as on main (the file %s), after its pull request was closed', async (_, text) => {
    env.gh.pushFile(SLUG, 'main', ADMIN_LIST, text, 'admin list');
    const backend = env.backend();
    const added = await backend.saveAdmins(OWNER_TOKEN, { add: ['yves'] });
    expect(added.pullRequestUrl).toMatch(/\/pull\/1$/);
    env.gh.closePull(SLUG, 1);
    const branches = env.gh.branches(SLUG);
    const undone = await backend.saveAdmins(OWNER_TOKEN, { remove: ['yves'] });
    expect(undone).toEqual({
      admins: ['bob'], published: ['bob'], pullRequestUrl: '',
      message: 'No change to propose: the admin list on main already leaves out yves.',
    });
    // No commit, no pull request proposing no change.
    expect(env.gh.branches(SLUG)).toEqual(branches);
    expect(env.gh.pulls(SLUG).map((p) => [p.number, p.state])).toEqual([[1, 'closed']]);
  });

  it('closes the open pull request of a change undone before it was merged, and does not ask to propose it again', async () => {
    const backend = env.backend();
    await backend.saveAdmins(OWNER_TOKEN, { add: ['yves'] });
    const undone = await backend.saveAdmins(OWNER_TOKEN, { add: [], remove: ['yves'] });
    expect(undone.pullRequestUrl).toBe('');
    expect(undone.message).toBe(`No change to propose: the admin list on main already leaves out yves. Pull request ${env.gh.pulls(SLUG)[0]?.htmlUrl}, which proposed a change not merged yet, is closed.`);
    expect(env.gh.pulls(SLUG).map((p) => [p.number, p.state])).toEqual([[1, 'closed']]);
    expect(env.gh.branches(SLUG)['leaderboard-updates']).toBe(env.gh.branches(SLUG).main);
  });

  it('closes that pull request itself when GitHub has not yet (it does so after the push)', async () => {
    const late = await startGitHubEmulator({ closeEmptiedPulls: false });
    try {
      late.addUser({ login: 'owner', token: OWNER_TOKEN });
      late.addRepo({ owner: 'acme', name: 'board', files: { [ADMIN_LIST]: '{"admins":["bob"]}\n' } });
      const backend = createGitHubBackend(config(late.url), { pollMs: 5 });
      await backend.saveAdmins(OWNER_TOKEN, { add: ['yves'] });
      expect((await backend.saveAdmins(OWNER_TOKEN, { remove: ['yves'] })).message).toMatch(/\/pull\/1, which proposed a change not merged yet, is closed\.$/);
      expect(late.pulls(SLUG).map((p) => p.state)).toEqual(['closed']);
      expect(late.validationErrors).toEqual([]);
    } finally {
      await late.close();
    }
  });

  it('refuses a non-admin before writing anything', async () => {
    const err = await rejection(env.backend().saveAdmins(EVE_TOKEN, { add: ['eve'] }));
    expect(err).toMatchObject({ status: 403, message: 'Access Denied: eve@example.com is not authorized. Contact owner@example.com for access.' });
    expect(acceptedWrites(env.gh)).toEqual([]);
  });
});
