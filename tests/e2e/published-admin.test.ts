// The published board administered from its own page, through GitHub: the real `leaderboard
// build`, a plain static server under a subpath, Chromium, and GitHub's REST API emulated on
// another loopback origin (CORS as GitHub does it).
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cli } from '../cli/helpers.js';
import { keepScreenshot } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';
import {
  banner, MANUAL_PATH, modal, OVERRIDES_PATH, PUBLISHED_MANUAL, signIn, sitePage, skipToNextRunPoll, SLUG, TOKENS, usePublishedSite,
} from './support/published-admin.js';

const env = usePublishedSite();
const BRANCH = 'leaderboard-contributions';

const manualOn = (branch: string) => JSON.parse(env.site.gh.fileContent(SLUG, branch, MANUAL_PATH) ?? '{}') as { contributors: Record<string, { contributions: { score: number; notes: string }[] }> };
const contributor = (name: string) => `[data-testid="manual-contributor"][data-name="${name}"]`;
const runLink = (page: Page) => banner(page).getByTestId('status-banner-link').getAttribute('href');
const writes = () => env.site.gh.requests.filter((r) => r.method !== 'GET');
/** A page signed in with `token`, and `name`'s row of the manual contributions panel, once shown. */
async function signedInAt(token: string, name: string) {
  const { page, context } = await sitePage(env.browser, env.site.server);
  await signIn(page, token);
  const row = modal(page).locator(contributor(name));
  await pw(row).toBeVisible();
  return { page, context, row };
}

describe('the visitor', () => {
  it('sees an Admin button, and the page asks GitHub nothing and loads no admin code', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.reload();
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    await pw(page.getByTestId('admin-button')).toBeVisible();
    await page.getByTestId('admin-button').hover();
    await page.waitForTimeout(300);
    expect(env.site.gh.requests).toEqual([]);
    expect(env.site.gh.preflights).toEqual([]);
    expect(requested.filter((u) => !u.startsWith(env.site.server.url))).toEqual([]);
    expect(requested.some((u) => /AdminModal|github-|leaderboard-admin\.json/.test(u))).toBe(false);
    // Nor is any admin code inside what the visitor did load.
    for (const script of requested.filter((u) => u.endsWith('.js'))) {
      const text = await (await fetch(script)).text();
      expect(text, script).not.toContain('leaderboard-contributions');
      expect(text, script).not.toContain('return_run_details');
    }
    // Pressed: the modal, the site's admin settings and the GitHub client, from the site alone.
    await page.getByTestId('admin-button').click();
    await pw(page.getByTestId('login-view')).toBeVisible();
    await pw(page.getByTestId('login-view')).toContainText("sent to GitHub's API alone");
    expect(requested.some((u) => u.endsWith('/board/leaderboard-admin.json'))).toBe(true);
    expect(env.site.gh.requests).toEqual([]);
    await context.close();
  });
});

describe('building without admin', () => {
  it('--no-admin leaves out the settings, the marker and the API origin', async () => {
    const out = path.join(env.site.repo.dir, 'plain-site');
    const built = cli(env.site.repo.dir, ['build', '--no-refresh', '--no-admin', '--out', out], { GITHUB_API_URL: env.site.gh.url });
    expect(built.code).toBe(0);
    expect(built.stdout).toContain('No Admin button: --no-admin.');
    const html = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(html).not.toContain('leaderboard-admin');
    expect(html).not.toContain(new URL(env.site.gh.url).origin);
    await expect(readFile(path.join(out, 'leaderboard-admin.json'), 'utf8')).rejects.toThrow(/ENOENT/);
  });
});

describe('building from outside the repository', () => {
  it('--no-refresh --data-dir administers the repository holding the data directory', () => {
    const out = path.join(env.site.repo.dir, 'outside-site');
    const built = cli(os.tmpdir(), ['build', '--no-refresh', '--data-dir', path.join(env.site.repo.dir, '.leaderboard'), '--out', out], { GITHUB_API_URL: env.site.gh.url });
    expect(built.code).toBe(0);
    expect(built.stdout).toContain(`Admins sign in on it and save to ${SLUG} through GitHub (by pull request).`);
  });
});

describe('signing in on the published page', () => {
  it('checks the token with GitHub: empty, refused, denied by name, then the panel; Logout forgets it', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    await page.getByTestId('admin-button').click();
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('login-error')).toHaveText('Please enter a GitHub token');
    await page.getByTestId('token-input').fill('tok-nobody');
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('login-error')).toHaveText('Invalid GitHub token');
    await page.getByTestId('token-input').fill(TOKENS.mallory);
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('access-denied')).toContainText('Access Denied: mallory@example.com is not authorized. Contact owner@example.com for access.');
    await page.getByTestId('access-denied').getByTestId('logout-button').click();
    await page.getByTestId('token-input').fill(TOKENS.owner);
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('signed-in-as')).toContainText(`Signed in as owner (owner@example.com) · ${SLUG}`);
    // The stored token is checked again when the modal opens again (it is kept under this
    // board's key: see published-admin-list.test.ts).
    await page.getByTestId('modal-close').click();
    await page.getByTestId('admin-button').click();
    await pw(page.getByTestId('admin-panel')).toBeVisible();
    expect(env.site.gh.requests.every((r) => !r.url.includes(TOKENS.owner))).toBe(true);
    await page.getByTestId('logout-button').click();
    await pw(page.getByTestId('login-view')).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('token')))).toEqual([]);
    await context.close();
  });
});

describe('the panel, saving through GitHub', () => {
  it('adds, edits and deletes contributions and adds a contributor: a commit each on one branch, one pull request', async () => {
    const { page, context, row: grace } = await signedInAt(TOKENS.owner, 'Grace Speaker');

    await grace.getByTestId('add-contribution-toggle').click();
    await grace.getByTestId('add-score').fill('15');
    await grace.getByTestId('add-notes').fill('Mentoring');
    await grace.getByTestId('add-contribution-submit').click();
    await pw(banner(page)).toContainText('Added a contribution of 15 points to Grace Speaker');
    await pw(modal(page).getByTestId('pending-pull-request')).toContainText('pull request #1');
    await pw(grace.getByTestId('pending-note')).toHaveText('Pending: published +20 (1 contribution)');

    await grace.getByTestId('edit-button').click();
    await grace.getByTestId('score-input').first().fill('25');
    await grace.getByTestId('save-button').click();
    await pw(banner(page)).toContainText('Updated Grace Speaker');

    await modal(page).getByTestId('new-name').fill('Hedy Mentor');
    await modal(page).getByTestId('new-score').fill('30');
    await modal(page).getByTestId('new-notes').fill('Workshop');
    await modal(page).getByTestId('create-contributor').click();
    await pw(banner(page)).toContainText('Added contributor Hedy Mentor');
    const hedy = modal(page).locator(contributor('Hedy Mentor'));
    await pw(hedy.getByTestId('pending-note')).toHaveText('Pending: not published yet');

    await grace.getByTestId('delete-contribution').last().click();
    await pw(banner(page)).toContainText('Deleted a contribution of Grace Speaker');

    const messages = env.site.gh.commits(SLUG, BRANCH).slice(0, 4).map((c) => c.message);
    expect(messages).toEqual([
      'Deleted a contribution of Grace Speaker (by owner)',
      'Added contributor Hedy Mentor (by owner)',
      'Updated Grace Speaker (by owner)',
      'Added a contribution of 15 points to Grace Speaker (by owner)',
    ]);
    expect(manualOn(BRANCH).contributors['Grace Speaker']?.contributions.map((c) => c.score)).toEqual([25]);
    expect(manualOn(BRANCH).contributors['Hedy Mentor']?.contributions.map((c) => c.notes)).toEqual(['Workshop']);
    // The default branch, and so the published board, is untouched until the pull request is merged.
    expect(env.site.gh.fileContent(SLUG, 'main', MANUAL_PATH)).toBe(PUBLISHED_MANUAL);
    const open = env.site.gh.pulls(SLUG).filter((p) => p.head === BRANCH && p.state === 'open');
    expect(open).toHaveLength(1);
    await keepScreenshot(page, 'published-admin-pending');
    await context.close();
  });

  it("keeps both admins' changes when someone else saved in between, and says so", async () => {
    const { page, context, row: hedy } = await signedInAt(TOKENS.owner, 'Hedy Mentor');
    // Another admin's save lands after this panel read the file.
    const theirs = manualOn(BRANCH);
    theirs.contributors['Ida Reviewer'] = { contributions: [{ score: 5, notes: 'Triage' }] } as never;
    const text = `${JSON.stringify({ contributors: Object.fromEntries(Object.entries(theirs.contributors).map(([k, v]) => [k, { contributions: v.contributions.map((c) => ({ start_date: null, end_date: null, ...c })) }])) }, null, 2)}\n`;
    env.site.gh.pushFile(SLUG, BRANCH, MANUAL_PATH, text, 'Added contributor Ida Reviewer (by nora)');

    await hedy.getByTestId('add-contribution-toggle').click();
    await hedy.getByTestId('add-score').fill('8');
    await hedy.getByTestId('add-contribution-submit').click();
    await pw(banner(page)).toContainText('Added a contribution of 8 points to Hedy Mentor');
    await pw(banner(page)).toContainText(/changed .* meanwhile/i);
    const saved = manualOn(BRANCH).contributors;
    expect(saved['Ida Reviewer']?.contributions.map((c) => c.score)).toEqual([5]);
    expect(saved['Hedy Mentor']?.contributions.map((c) => c.score)).toEqual([30, 8]);
    await pw(modal(page).locator(contributor('Ida Reviewer'))).toBeVisible();
    await context.close();
  });

  it('sets and removes an AI score override by short hash, on the same pull request', async () => {
    const sha = (await env.site.repo.git('rev-parse', 'HEAD')).trim();
    env.site.gh.addCommitSha(SLUG, sha, 'feat: alice adds a');
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.owner);
    await page.getByTestId('ai-override-commit').fill(sha.slice(0, 8));
    await page.getByTestId('ai-override-score').fill('20');
    await page.getByTestId('ai-override-note').fill('Core design work');
    await page.getByTestId('ai-override-save').click();
    const item = modal(page).locator(`[data-testid="ai-override"][data-hash="${sha}"]`);
    await pw(item).toBeVisible();
    await pw(item.getByTestId('pending-note')).toHaveText('Pending: not published yet');
    const file = JSON.parse(env.site.gh.fileContent(SLUG, BRANCH, OVERRIDES_PATH) ?? '{}') as { overrides: { hash: string; score: number; by: string }[] };
    expect(file.overrides).toMatchObject([{ hash: sha, score: 20, by: 'owner' }]);

    await item.getByTestId('remove-ai-override').click();
    await pw(item).toHaveCount(0);
    expect(JSON.parse(env.site.gh.fileContent(SLUG, BRANCH, OVERRIDES_PATH) ?? '{}')).toEqual({ overrides: [] });
    expect(env.site.gh.pulls(SLUG).filter((p) => p.head === BRANCH && p.state === 'open')).toHaveLength(1);

    // An unknown commit is named, and what was typed stays.
    await page.getByTestId('ai-override-commit').fill('deadbeef');
    await page.getByTestId('ai-override-score').fill('3');
    await page.getByTestId('ai-override-note').fill('Typo');
    await page.getByTestId('ai-override-save').click();
    await pw(banner(page)).toContainText('Failed to save:');
    await pw(banner(page)).toContainText('deadbeef');
    await pw(page.getByTestId('ai-override-note')).toHaveValue('Typo');
    await context.close();
  });

  it('proposes an admin list change on leaderboard-updates, as serve does', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.owner);
    await page.getByTestId('admin-input').fill('grace@example.com');
    await page.getByTestId('add-admin').click();
    await pw(banner(page)).toContainText('Admin list change proposed (added grace@example.com): merge ');
    expect(JSON.parse(env.site.gh.fileContent(SLUG, 'leaderboard-updates', 'admin-list.json') ?? '{}')).toMatchObject({ admins: ['nora', 'grace@example.com'] });
    expect(env.site.gh.commits(SLUG, 'leaderboard-updates')[0]?.message).toBe('Update admin list (by owner)');
    await context.close();
  });

  it('exports the pending manual contributions, saying where they were read', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.owner);
    await pw(modal(page).getByTestId('pending-pull-request')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
    expect(download.suggestedFilename()).toMatch(/^manual-contributions-backup-\d{4}-\d{2}-\d{2}\.json$/);
    expect(await readFile(await download.path(), 'utf8')).toBe(env.site.gh.fileContent(SLUG, BRANCH, MANUAL_PATH));
    await pw(banner(page)).toContainText('pending pull request #1');
    await context.close();
  });

  it('names the missing scope before writing anything, and keeps what was typed', async () => {
    const { page, context, row: grace } = await signedInAt(TOKENS.noRepo, 'Grace Speaker');
    const before = writes().length;
    await grace.getByTestId('add-contribution-toggle').click();
    await grace.getByTestId('add-score').fill('4');
    await grace.getByTestId('add-notes').fill('Blog post');
    await grace.getByTestId('add-contribution-submit').click();
    await pw(banner(page)).toContainText('Failed to save:');
    await pw(banner(page)).toContainText('repo scope');
    expect(writes().length).toBe(before);
    await pw(grace.getByTestId('add-notes')).toHaveValue('Blog post');
    await context.close();
  });
  it('deletes all of a published contributor: the deletion waits in the pull request, the board still shows them', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.owner);
    await modal(page).locator(contributor('Grace Speaker')).getByTestId('delete-all').click();
    await pw(banner(page)).toContainText('Deleted all manual contributions of Grace Speaker');
    await pw(modal(page).locator(contributor('Grace Speaker'))).toHaveCount(0);
    await pw(modal(page).getByTestId('pending-deletions')).toHaveText('Deletion pending (still on the board): Grace Speaker (+20).');
    expect(env.site.gh.commits(SLUG, BRANCH)[0]?.message).toBe('Deleted all manual contributions of Grace Speaker (by owner)');
    expect(manualOn(BRANCH).contributors['Grace Speaker']).toBeUndefined();
    await pw(page.locator('[data-testid="leaderboard-row"][data-name="Grace Speaker"]')).toHaveCount(1);
    expect(env.site.gh.pulls(SLUG).filter((p) => p.head === BRANCH)).toHaveLength(1);
    await context.close();
  });
});

describe('Pull & Refresh on the published page', () => {
  it('follows the workflow run to success and loads the new data, and shows a failed run with its link', async () => {
    env.site.gh.onRunCompleted(async (run) => { if (run.conclusion === 'success') await env.site.republish(); });
    const { page, context } = await sitePage(env.browser, env.site.server, 'light', { clock: true });
    await signIn(page, TOKENS.owner);
    await pw(page.getByTestId('admin-panel')).toBeVisible();
    const dataLoads: string[] = [];
    page.on('request', (r) => { if (r.url().includes('leaderboard-data.json')) dataLoads.push(r.url()); });

    env.site.gh.scriptRuns(['in_progress', 'completed:success']);
    await page.getByTestId('pull-refresh-button').click();
    await pw(page.getByTestId('pull-refresh-button')).toHaveText('Refreshing...');
    await pw(page.getByTestId('pull-refresh-button')).toBeDisabled();
    await pw(banner(page)).toContainText('Workflow run in progress.');
    expect(await runLink(page)).toMatch(/\/acme\/board\/actions\/runs\/\d+$/);
    await skipToNextRunPoll(page);
    await pw(banner(page)).toContainText('Refreshed: the board shows the new data.');
    await pw(page.getByTestId('pull-refresh-button')).toHaveText('Pull & Refresh');
    expect(dataLoads.length).toBeGreaterThan(0);
    expect(env.site.gh.runs(SLUG).at(-1)).toMatchObject({ workflow: 'leaderboard.yml', event: 'workflow_dispatch', branch: 'main', conclusion: 'success' });

    env.site.gh.scriptRuns(['in_progress', 'completed:failure']);
    await page.getByTestId('pull-refresh-button').click();
    await pw(banner(page)).toContainText('Workflow run in progress.');
    await skipToNextRunPoll(page);
    await pw(banner(page)).toContainText('Failed to refresh: the workflow run ended: failure');
    expect(await runLink(page)).toBe(env.site.gh.runs(SLUG).at(-1)?.htmlUrl);
    await context.close();
  });
});
