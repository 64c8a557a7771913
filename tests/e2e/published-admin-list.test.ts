// The published page's admin panel, found by a review against the GitHub emulator: the admin list
// re-applies only this admin's change, a change that leaves the list as on main proposes nothing,
// contributors named like Object's properties, and where the token is kept on a shared origin.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_LIST_INSTRUCTIONS } from '../../src/shared/admin-rules.js';
import { keepScreenshot } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';
import { banner, modal, signIn, sitePage, SLUG, TOKENS, usePublishedSite } from './support/published-admin.js';

const env = usePublishedSite();
const UPDATES = 'leaderboard-updates';
const adminsOn = (branch: string) => (JSON.parse(env.site.gh.fileContent(SLUG, branch, 'admin-list.json') ?? '{}') as { admins?: string[] }).admins;
const entries = (page: Page) => modal(page).getByTestId('admin-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-value')));
const removeAdmin = (page: Page, value: string) => modal(page).locator(`[data-testid="admin-entry"][data-value="${value}"]`).getByTestId('remove-admin').click();
/** Sets the admin list of main, in the form the page writes it, and closes any pull request of leaderboard-updates. */
function resetAdmins(admins: string[]) {
  env.site.gh.pushFile(SLUG, 'main', 'admin-list.json', `${JSON.stringify({ admins, instructions: ADMIN_LIST_INSTRUCTIONS }, null, 2)}\n`, 'admin list');
  for (const p of env.site.gh.pulls(SLUG)) if (p.state === 'open') env.site.gh.closePull(SLUG, p.number);
}
/** The token's key of each board of the origin (the site is served under /board/ and /docs/). */
const BOARD_KEY = 'leaderboard:admin-token:/board/';
const DOCS_KEY = 'leaderboard:admin-token:/docs/';
/** Every entry of the origin's localStorage (and this tab's sessionStorage) that names or holds a token. */
const storedTokens = (page: Page) => page.evaluate(() => Object.fromEntries(
  [...Object.entries(localStorage), ...Object.entries(sessionStorage)].filter(([k, v]) => k.includes('token') || v.startsWith('tok-')),
));
async function addAdmin(page: Page, value: string) {
  await modal(page).getByTestId('admin-input').fill(value);
  await modal(page).getByTestId('add-admin').click();
}

describe('the admin list on the published page', () => {
  it("re-applies only this admin's change: an admin added on main since the panel loaded is kept", async () => {
    resetAdmins(['nora']);
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.owner);
    await pw(modal(page).getByTestId('admin-list')).toBeVisible();
    expect(await entries(page)).toEqual(['owner@example.com', 'owner', 'nora']);
    // Someone else's change adding zed lands on main while the panel is open.
    env.site.gh.pushFile(SLUG, 'main', 'admin-list.json', `${JSON.stringify({ admins: ['nora', 'zed'], instructions: ADMIN_LIST_INSTRUCTIONS }, null, 2)}\n`, 'Merge: add zed');
    await addAdmin(page, 'xavier');
    await pw(banner(page)).toContainText(/^Admin list change proposed \(added xavier\): merge \S+ to apply it\.$/);
    expect(adminsOn(UPDATES)).toEqual(['nora', 'zed', 'xavier']);
    // The list shown is what the pull request proposes, zed included.
    await pw(modal(page).locator('[data-testid="admin-entry"][data-value="zed"]')).toBeVisible();
    await keepScreenshot(page, 'published-admin-list-kept');
    await context.close();
  });

  it('proposes nothing for a change that leaves the list as on main, after its pull request was closed', async () => {
    resetAdmins(['nora']);
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.owner);
    await pw(modal(page).getByTestId('admin-list')).toBeVisible();
    await addAdmin(page, 'yves');
    await pw(banner(page)).toContainText('Admin list change proposed (added yves)');
    const proposal = env.site.gh.pulls(SLUG).find((p) => p.state === 'open');
    env.site.gh.closePull(SLUG, proposal?.number ?? 0);
    const pulls = env.site.gh.pulls(SLUG).length;
    await removeAdmin(page, 'yves');
    // Nothing else: not a word of proposing the undone change again.
    await pw(banner(page)).toHaveText(/^No change to propose: the admin list on main already leaves out yves\.$/);
    expect(await entries(page)).toEqual(['owner@example.com', 'owner', 'nora']);
    // No pull request proposing no change, no link to one.
    expect(env.site.gh.pulls(SLUG)).toHaveLength(pulls);
    await pw(modal(page).getByTestId('pr-link')).toHaveCount(0);
    await keepScreenshot(page, 'published-admin-list-no-change');
    await context.close();
  });

  it('closes the pull request of an addition undone before it was merged, without asking to propose it again', async () => {
    resetAdmins(['nora']);
    env.site.gh.pushFile(SLUG, 'main', 'admin-list.json', '{"admins":["nora"]}', 'admin list, by hand');
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.owner);
    await pw(modal(page).getByTestId('admin-list')).toBeVisible();
    await addAdmin(page, 'yves');
    await pw(banner(page)).toContainText('Admin list change proposed (added yves)');
    const open = env.site.gh.pulls(SLUG).find((p) => p.state === 'open');
    await removeAdmin(page, 'yves');
    await pw(banner(page)).toHaveText(`No change to propose: the admin list on main already leaves out yves. Pull request ${open?.htmlUrl}, which proposed a change not merged yet, is closed.`);
    expect(env.site.gh.pulls(SLUG).filter((p) => p.state === 'open')).toEqual([]);
    expect(env.site.gh.branches(SLUG)[UPDATES]).toBe(env.site.gh.branches(SLUG).main);
    await context.close();
  });
});

describe('contributors named like the properties every object has', () => {
  it('are added while a pull request is pending, and the page keeps working', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, TOKENS.owner);
    await pw(modal(page).locator('[data-testid="manual-contributor"][data-name="Grace Speaker"]')).toBeVisible();
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      await modal(page).getByTestId('new-name').fill(name);
      await modal(page).getByTestId('new-score').fill('5');
      await modal(page).getByTestId('new-notes').fill('Talk');
      await modal(page).getByTestId('create-contributor').click();
      await pw(banner(page)).toContainText(`Added contributor ${name}`);
      const row = modal(page).locator(`[data-testid="manual-contributor"][data-name="${name}"]`);
      await pw(row.getByTestId('pending-note')).toHaveText('Pending: not published yet');
    }
    await pw(page.getByText('Error Loading Data')).toHaveCount(0);
    await pw(modal(page).locator('[data-testid="manual-contributor"][data-name="Grace Speaker"]')).toBeVisible();
    expect(errors).toEqual([]);
    await keepScreenshot(page, 'published-admin-object-names');
    await context.close();
  });
});

describe('where the published page keeps what it remembers', () => {
  it("keeps the token in localStorage under this board's key: a reload verifies it, another board of the origin has its own, Logout removes it", async () => {
    const [board, docs] = env.site.server.urls as [string, string];
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.owner);
    await pw(page.getByTestId('admin-panel')).toBeVisible();

    // A reload (or a new tab) opens the modal with the stored token, verified with GitHub, untyped.
    await page.reload();
    const sentToGitHub: string[] = [];
    page.on('request', (r) => { if (r.url().startsWith(env.site.gh.url)) sentToGitHub.push(r.headers().authorization ?? ''); });
    await page.getByTestId('admin-button').click();
    await pw(page.getByTestId('admin-panel')).toBeVisible();
    await pw(page.getByTestId('signed-in-as')).toContainText('Signed in as owner (owner@example.com)');
    expect(sentToGitHub.some((auth) => auth.endsWith(` ${TOKENS.owner}`))).toBe(true);
    expect(await storedTokens(page)).toEqual({ [BOARD_KEY]: TOKENS.owner });

    // Another board of the same origin does not share it, and its sign-in and Logout stay its own.
    const other = await context.newPage();
    await other.goto(docs);
    await other.getByTestId('admin-button').click();
    await pw(other.getByTestId('login-view')).toBeVisible();
    await pw(other.getByTestId('token-input')).toHaveValue('');
    await other.getByTestId('token-input').fill(TOKENS.mallory);
    await other.getByTestId('sign-in-button').click();
    await pw(other.getByTestId('access-denied')).toBeVisible();
    expect(await storedTokens(other)).toEqual({ [BOARD_KEY]: TOKENS.owner, [DOCS_KEY]: TOKENS.mallory });
    await other.getByTestId('access-denied').getByTestId('logout-button').click();
    await pw(other.getByTestId('login-view')).toBeVisible();
    expect(await storedTokens(other)).toEqual({ [BOARD_KEY]: TOKENS.owner });

    // Logout on this board removes its token: a reload asks for one.
    await page.getByTestId('logout-button').click();
    await pw(page.getByTestId('login-view')).toBeVisible();
    expect(await storedTokens(page)).toEqual({});
    await page.goto(board);
    await page.getByTestId('admin-button').click();
    await pw(page.getByTestId('login-view')).toBeVisible();
    await pw(page.getByTestId('token-input')).toHaveValue('');
    await pw(page.getByTestId('sign-in-button')).toBeEnabled();
    await context.close();
  });

  it('removes a token an earlier version left under the origin\'s one key, unused (any board may have written it), and asks to sign in', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((token) => {
      if (!sessionStorage.getItem('planted')) {
        localStorage.setItem('leaderboard:admin-token', token);
        sessionStorage.setItem('planted', '1');
      }
    }, TOKENS.owner);
    const page = await context.newPage();
    await page.goto(env.site.server.url);
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    // Neither kept under the old key nor moved to this board's, nor verified: the login view asks.
    expect(await storedTokens(page)).toEqual({});
    await page.getByTestId('admin-button').click();
    await pw(page.getByTestId('login-view')).toBeVisible();
    await pw(page.getByTestId('token-input')).toHaveValue('');
    await pw(page.getByTestId('sign-in-button')).toHaveText('Sign in');
    await pw(page.getByTestId('login-error')).toHaveCount(0);
    // Signed in again, the token is kept under this board's key alone.
    await page.getByTestId('token-input').fill(TOKENS.owner);
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('admin-panel')).toBeVisible();
    expect(await storedTokens(page)).toEqual({ [BOARD_KEY]: TOKENS.owner });
    await context.close();
  });

  it("keeps hidden contributors per board, under the board's path", async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    await page.getByTestId('filter-toggle').click();
    await page.getByTestId('filter-option').filter({ hasText: 'Alice Author' }).locator('input').click();
    await pw(page.locator('[data-testid="leaderboard-row"][data-name="Alice Author"]')).toHaveCount(0);
    expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({ 'leaderboard:hidden-contributors:/board/': '["Alice Author"]' });
    // Another board of the origin hid someone: not this board's business.
    await page.evaluate(() => localStorage.setItem('leaderboard:hidden-contributors:/docs/', '["Grace Speaker"]'));
    await page.reload();
    await pw(page.locator('[data-testid="leaderboard-row"][data-name="Grace Speaker"]')).toHaveCount(1);
    await pw(page.locator('[data-testid="leaderboard-row"][data-name="Alice Author"]')).toHaveCount(0);
    await context.close();
  });
});
