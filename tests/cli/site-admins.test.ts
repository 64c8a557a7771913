/**
 * A published site whose Admin button nobody could use (no primaryAdmins in the config, no admin
 * in admin-list.json): `build` and `init github-actions` say so, and how to name one.
 */
import { describe, expect, it } from 'vitest';
import type { TestRepo } from '../support/git-repo.js';
import { hoursAgo } from '../support/recent.js';
import { cli, tempResources } from './helpers.js';

const { newRepo } = tempResources();
const NOBODY = /^Warning: Nobody can sign in on the site's Admin button: leaderboard\.config\.json names no primaryAdmins and (.*)\. Name yourself in leaderboard\.config\.json, e\.g\. "primaryAdmins": \{ "login": "your-github-login" \} \(or "email"\), and commit it; or leave the Admin button out with "publish": \{ "admin": false \} \(build --no-admin\)\.$/m;

/** A repository whose origin is on github.com, with one commit and the files given. */
async function onGitHub(files: Record<string, string> = {}): Promise<TestRepo> {
  const repo = await newRepo();
  await repo.commit({ files: { 'a.ts': 'a\n'.repeat(30), ...files }, message: 'feat: a', date: hoursAgo(30) });
  await repo.git('remote', 'add', 'origin', 'https://github.com/acme/board.git');
  return repo;
}

describe('a site nobody could administer', () => {
  it('build warns, naming what is missing and how to name an admin', async () => {
    const repo = await onGitHub();
    const r = cli(repo.dir, ['build', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Admins sign in on it and save to acme/board through GitHub (by pull request).');
    expect(r.stderr).toMatch(NOBODY);
    expect(NOBODY.exec(r.stderr)?.[1]).toBe('there is no admin-list.json');
  });

  it('build says an admin-list.json without admins lists nobody', async () => {
    const repo = await onGitHub({ 'admin-list.json': '{"admins":[]}\n' });
    const r = cli(repo.dir, ['build', '--quiet']);
    expect(NOBODY.exec(r.stderr)?.[1]).toBe('admin-list.json lists nobody');
  });

  it('init github-actions warns too (the runner builds the site with an Admin button)', async () => {
    const repo = await onGitHub();
    const r = cli(repo.dir, ['init', 'github-actions']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(NOBODY);
  });

  it('says nothing with a primary admin, an admin in admin-list.json, or no Admin button', async () => {
    const primary = await onGitHub({ 'leaderboard.config.json': JSON.stringify({ primaryAdmins: { login: 'octocat' } }) });
    const listed = await onGitHub({ 'admin-list.json': JSON.stringify({ admins: ['octocat'] }) });
    const off = await onGitHub({ 'leaderboard.config.json': JSON.stringify({ publish: { admin: false } }) });
    for (const repo of [primary, listed, off]) {
      const r = cli(repo.dir, ['build', '--quiet']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
    expect(cli(off.dir, ['init', 'github-actions']).stderr).toBe('');
    expect(cli(primary.dir, ['build', '--quiet', '--no-admin']).stderr).toBe('');
  });
});
