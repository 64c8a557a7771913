/**
 * `leaderboard refresh` (the built CLI) reading reviews from the GraphQL emulator: GITHUB_TOKEN
 * from the environment and `github.apiUrl` pointing at the emulator; the part's activity and the
 * status file show them, and the token is written nowhere.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPartActivity } from '../../src/core/github/activity/part-activity.js';
import { NO_REPO_REASON } from '../../src/core/github/activity/refresh-step.js';
import { parseLeaderboardData } from '../../src/shared/data-file.js';
import { runCliAsync } from '../support/cli.js';
import { gitIsolationVars } from '../support/git-repo.js';
import { GQL_TOKEN, startGraphqlEmulator, type GqlEmulator } from '../support/github-graphql-emulator.js';
import { hoursAgo } from '../support/recent.js';
import { tempResources } from './helpers.js';

const { newRepo } = tempResources();
let emu: GqlEmulator | undefined;
afterAll(async () => { await emu?.close(); });

describe('leaderboard refresh with GitHub activity', () => {
  it('reads the reviews into the part activity and says so in last-update.json', async () => {
    const repo = await newRepo();
    const sha = await repo.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', author: { name: 'Ann', email: 'ann@example.com' }, date: hoursAgo(30) });
    const at = hoursAgo(20);
    emu = await startGraphqlEmulator({
      // Ann's commit is on GitHub, linked to no account: her email is asked about once.
      repository: 'acme/widgets', issues: [], commits: { [sha]: { email: 'ann@example.com', login: null } }, names: { bob: 'Bob Reviewer' },
      pulls: [{ number: 9, title: 'Add a', updatedAt: at, author: 'ann', reviews: [{ state: 'APPROVED', submittedAt: at, author: 'bob' }, { state: 'APPROVED', submittedAt: at, author: 'ann' }] }],
    });
    await repo.writeFile('leaderboard.config.json', JSON.stringify({ github: { repo: 'acme/widgets', apiUrl: emu.apiUrl } }));
    const env = { ...gitIsolationVars(), GITHUB_TOKEN: GQL_TOKEN, GH_TOKEN: '', GITHUB_API_URL: '' };
    const r = await runCliAsync(['refresh'], { cwd: repo.dir, env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const dataDir = path.join(repo.dir, '.leaderboard');
    const activity = (await readPartActivity(path.join(dataDir, 'github-activity.json')))!;
    expect(activity).toMatchObject({ repository: 'acme/widgets', reviews: [{ pr: 9, login: 'bob', state: 'APPROVED', url: 'https://github.com/acme/widgets/pull/9' }], profiles: { bob: 'Bob Reviewer' } });
    expect(activity.reviews).toHaveLength(1);
    const status = JSON.parse(await readFile(path.join(dataDir, 'last-update.json'), 'utf8'));
    expect(status).toMatchObject({ success: true, activity: { state: 'ok' } });
    // The board counts Bob's approval: a reviews-only contributor under his profile name.
    const board = async () => parseLeaderboardData(JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8')));
    const bobOf = async () => Object.values((await board()).leaderboards.weekly).flat().find((e) => e.name === 'Bob Reviewer');
    expect(await bobOf()).toMatchObject({ total_commits: 0, review_count: 1, review_score: 15, total_score: 15 });
    const state = JSON.parse(await readFile(path.join(dataDir, 'refresh-state.json'), 'utf8'));
    expect(state.activity).toMatchObject({ state: 'ok' });
    // The token is in no file of the data directory.
    for (const f of await readdir(dataDir, { recursive: true })) {
      const text = await readFile(path.join(dataDir, f), 'utf8').catch(() => '');
      expect(text.includes(GQL_TOKEN), f).toBe(false);
    }

    // A bad token: the board is still written, the status says why, the reviews are kept.
    emu.requests.length = 0;
    const bad = await runCliAsync(['refresh'], { cwd: repo.dir, env: { ...env, GITHUB_TOKEN: 'ghp_wrong' } });
    expect(bad.code).toBe(0);
    expect(bad.stderr).toContain('Warning: Reviews not updated: GitHub answered 401 Bad credentials. The last review data read is kept.');
    expect(bad.stderr + bad.stdout).not.toContain('ghp_wrong');
    expect(emu.requests).toEqual([{ operation: 'Pulls', status: 401 }]);
    const after = JSON.parse(await readFile(path.join(dataDir, 'last-update.json'), 'utf8'));
    expect(after.activity).toMatchObject({ state: 'failed', error: 'Reviews not updated: GitHub answered 401 Bad credentials' });
    expect((await readPartActivity(path.join(dataDir, 'github-activity.json')))!.reviews).toHaveLength(1);
    expect(await bobOf()).toMatchObject({ review_count: 1, review_score: 15 });
    expect((await board()).metadata['activity']).toMatchObject({ status: { state: 'failed', error: 'Reviews not updated: GitHub answered 401 Bad credentials' } });
  });

  it('does not say review data is kept when a first sync was refused before reading any', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', author: { name: 'Ann', email: 'ann@example.com' }, date: hoursAgo(30) });
    emu ??= await startGraphqlEmulator({ repository: 'acme/widgets', pulls: [], issues: [], commits: {}, names: {} });
    await repo.writeFile('leaderboard.config.json', JSON.stringify({ github: { repo: 'acme/widgets', apiUrl: emu.apiUrl } }));
    const env = { ...gitIsolationVars(), GITHUB_TOKEN: 'ghp_wrong', GH_TOKEN: '', GITHUB_API_URL: '' };
    // The first refresh, and one with nothing new (the up-to-date path) say it alike.
    for (let i = 0; i < 2; i++) {
      const r = await runCliAsync(['refresh', '-q'], { cwd: repo.dir, env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr.trim()).toBe('Warning: Reviews not updated: GitHub answered 401 Bad credentials.');
    }
  });

  it('says why a token read nothing when no repository is on the GitHub of the API URL, and stays silent without a token', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', author: { name: 'Ann', email: 'ann@example.com' }, date: hoursAgo(30) });
    await repo.git('remote', 'add', 'origin', 'https://github.com/acme/app.git');
    emu ??= await startGraphqlEmulator({ repository: 'acme/widgets', pulls: [], issues: [], commits: {}, names: {} });
    emu.requests.length = 0;
    // The API is the emulator's (a GitHub Enterprise of 127.0.0.1): origin on github.com is not on it.
    await repo.writeFile('leaderboard.config.json', JSON.stringify({ github: { apiUrl: emu.apiUrl } }));
    const env = { ...gitIsolationVars(), GITHUB_TOKEN: GQL_TOKEN, GH_TOKEN: '', GITHUB_API_URL: '' };
    const dataDir = path.join(repo.dir, '.leaderboard');
    const json = async (file: string) => JSON.parse(await readFile(path.join(dataDir, file), 'utf8'));
    const warning = `Warning: a GitHub token was found (GITHUB_TOKEN), but no repository of this board is on 127.0.0.1 (the GitHub of ${emu.apiUrl}): `
      + 'origin is https://github.com/acme/app.git. Reviews are not counted. Set github.repo in leaderboard.config.json to its owner/name on 127.0.0.1, or an origin remote there, and refresh.';
    // The first refresh, and one with nothing new (the up-to-date path) say it alike.
    for (let i = 0; i < 2; i++) {
      const r = await runCliAsync(['refresh', '-q'], { cwd: repo.dir, env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr.trim()).toBe(warning);
      expect(emu.requests).toEqual([]);
      expect((await json('last-update.json')).activity).toEqual({ state: 'off', reason: NO_REPO_REASON });
      // The board stays commits-only; its metadata gives the page the reason.
      const board = await json('leaderboard-data.json');
      expect(board.metadata.activity).toEqual({ status: { state: 'off', reason: NO_REPO_REASON }, points: { approved: 15, changesRequested: 15, commented: 5, issueCompleted: 0 }, reviews: 0, issues: 0 });
      expect(board).not.toHaveProperty('reviews');
    }

    // Without a token: no warning, and neither file says anything of reviews (as before reviews existed).
    const plain = await runCliAsync(['refresh', '-q'], { cwd: repo.dir, env: { ...env, GITHUB_TOKEN: '' } });
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toBe('');
    expect(await json('last-update.json')).not.toHaveProperty('activity');
    expect((await json('leaderboard-data.json')).metadata).not.toHaveProperty('activity');
  });
});
