// The admin modal in Chromium, against the built bin serving a test repository, with GitHub
// replaced by the local emulator.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_LIST_PATH, UPDATE_BRANCH } from '../../src/core/github/types.js';
import { launchBrowser } from '../support/browser.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { keepScreenshot, newPage } from '../support/e2e.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { startGitHubEmulator, type GitHubEmulator } from '../support/github-emulator.js';
import { pw } from '../support/pw-expect.js';
import { hoursAgo } from '../support/recent.js';

const SLUG = 'acme/widgets';
const env = gitIsolationVars();
const ALICE = { name: 'Alice', email: 'alice@example.com' };

let gh: GitHubEmulator;
let upstream: TestRepo;
let repo: TestRepo;
let server: ServeProcess;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  gh = await startGitHubEmulator();
  gh.addRepo({ owner: 'acme', name: 'widgets', files: { [ADMIN_LIST_PATH]: JSON.stringify({ admins: ['bob'] }) } });
  gh.addUser({ login: 'owner', token: 'tok-owner', emails: [{ email: 'owner@example.com', primary: true, verified: true, visibility: null }] });
  gh.addUser({ login: 'mallory', token: 'tok-mallory', emails: [{ email: 'mallory@example.com', primary: true, verified: true, visibility: null }] });
  // The served repository tracks a bare upstream, so Pull & Refresh has something to pull.
  upstream = await createTestRepo({ bare: true });
  const seed = await createTestRepo({ cloneFrom: upstream.dir });
  await seed.commit({ files: { 'a.ts': 'a\n'.repeat(30) }, message: 'feat: first', author: ALICE, date: hoursAgo(6) });
  await seed.git('push', 'origin', 'HEAD:main');
  await seed.cleanup();
  repo = await createTestRepo({ cloneFrom: upstream.dir });
  await repo.writeFile('leaderboard.config.json', JSON.stringify({ github: { repo: SLUG }, primaryAdmins: { email: 'owner@example.com', login: 'owner' } }));
  server = await startServe(['--github-api-url', gh.url], { cwd: repo.dir, env });
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
  await gh?.close();
  await repo?.cleanup();
  await upstream?.cleanup();
});
afterEach(() => { expect(gh.validationErrors).toEqual([]); });

const modal = (page: Page) => page.getByTestId('admin-modal');
const banner = (page: Page) => modal(page).getByTestId('status-banner');
const contributor = (page: Page, name: string) => modal(page).locator(`[data-testid="manual-contributor"][data-name="${name}"]`);
const row = (page: Page, name: string) => page.locator(`[data-testid="leaderboard-row"][data-name="${name}"]`);

async function openAdmin(page: Page): Promise<void> {
  await page.getByTestId('admin-button').click();
  await pw(modal(page)).toBeVisible();
}

async function signIn(page: Page, token: string): Promise<void> {
  await openAdmin(page);
  await page.getByTestId('token-input').fill(token);
  await page.getByTestId('sign-in-button').click();
}

/** Creates a contributor with a first contribution through the panel's form. */
async function createContributor(page: Page, name: string, score: string, notes: string): Promise<void> {
  const form = modal(page).getByTestId('new-contributor-form');
  await form.getByTestId('new-name').fill(name);
  await form.getByTestId('new-score').fill(score);
  await form.getByTestId('new-notes').fill(notes);
  await form.getByTestId('create-contributor').click();
}

async function adminPage(): Promise<Page> {
  const page = await newPage(browser);
  page.on('dialog', (d) => void d.accept());
  await page.goto(server.url);
  await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
  await signIn(page, 'tok-owner');
  await pw(page.getByTestId('admin-panel')).toBeVisible();
  return page;
}

describe('signing in', () => {
  it('asks for a token, refuses a bad one and clears it, and denies a non-admin by name', async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    await openAdmin(page);
    // Admin is set up here: the token form, its field focused.
    await pw(page.getByTestId('token-input')).toBeFocused();
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('login-error')).toHaveText('Please enter a GitHub token');
    await keepScreenshot(page, 'admin-login-empty');

    await page.getByTestId('token-input').fill('not-a-token');
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('login-error')).toHaveText('Invalid GitHub token');
    expect(await page.evaluate(() => localStorage.getItem('leaderboard:admin-token'))).toBeNull();

    await page.getByTestId('token-input').fill('tok-mallory');
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('access-denied')).toBeVisible();
    await pw(page.getByTestId('access-denied-message')).toHaveText('Access Denied: mallory@example.com is not authorized. Contact owner@example.com for access.');
    await pw(page.getByTestId('signed-in-as')).toContainText('mallory');
    await keepScreenshot(page, 'admin-access-denied');
    await page.getByTestId('logout-button').click();
    await pw(page.getByTestId('login-view')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('leaderboard:admin-token'))).toBeNull();
    await page.context().close();
  });

  it('re-verifies a stored token when the modal opens', async () => {
    const page = await adminPage();
    await keepScreenshot(page, 'admin-panel');
    await page.reload();
    // Opening the modal sends the stored token for verification; no token is typed again.
    const checked = page.waitForRequest((r) => r.url().endsWith('/api/session') && r.headers().authorization === 'Bearer tok-owner');
    await openAdmin(page);
    await checked;
    await pw(page.getByTestId('admin-panel')).toBeVisible();
    await pw(page.getByTestId('login-view')).toHaveCount(0);
    await page.getByTestId('logout-button').click();
    await pw(page.getByTestId('login-view')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('leaderboard:admin-token'))).toBeNull();
    await page.context().close();
  });
});

describe('manual contributions', () => {
  it('creates a contributor who appears in the table, adds, edits and deletes contributions', async () => {
    const page = await adminPage();
    const form = modal(page).getByTestId('new-contributor-form');
    await form.getByTestId('create-contributor').click();
    await pw(form.getByTestId('form-error')).toHaveText('Contributor name is required');
    // The error is read with the field it is about.
    const errorId = await form.getByTestId('form-error').getAttribute('id');
    await pw(form.getByTestId('new-name')).toHaveAttribute('aria-invalid', 'true');
    await pw(form.getByTestId('new-name')).toHaveAttribute('aria-describedby', errorId!);
    await form.getByTestId('new-name').fill('Grace');
    await form.getByTestId('new-score').fill('0');
    await form.getByTestId('create-contributor').click();
    await pw(form.getByTestId('form-error')).toHaveText('Initial contribution score must be greater than 0');
    await pw(form.getByTestId('new-score')).toHaveAttribute('aria-describedby', errorId!);
    expect(await form.getByTestId('new-name').getAttribute('aria-invalid')).toBeNull();
    // A decimal is refused, not cut to 2 and saved.
    await form.getByTestId('new-score').fill('2.5');
    await form.getByTestId('create-contributor').click();
    await pw(form.getByTestId('form-error')).toHaveText('Initial contribution score must be a whole number');
    await pw(form.getByTestId('new-score')).toHaveAttribute('aria-invalid', 'true');
    await pw(contributor(page, 'Grace')).toHaveCount(0);
    await form.getByTestId('new-score').fill('40');
    await form.getByTestId('new-notes').fill('Conference talk');
    // Enter in the last field: the fields, disabled while saving, gave the focus to the page's start.
    await form.getByTestId('new-notes').press('Enter');
    await pw(contributor(page, 'Grace')).toBeVisible();
    await pw(row(page, 'Grace').getByTestId('cell-other')).toHaveText('+40');
    await pw(form.getByTestId('new-name')).toBeFocused();

    await form.getByTestId('new-name').fill('Grace');
    await form.getByTestId('new-score').fill('5');
    await form.getByTestId('create-contributor').click();
    await pw(form.getByTestId('form-error')).toHaveText('Contributor "Grace" already exists. Use the "Add Contribution" button instead.');
    // A committer on the board, in another case: a second person, refused.
    await form.getByTestId('new-name').fill('alice');
    await form.getByTestId('create-contributor').click();
    await pw(form.getByTestId('form-error')).toHaveText('Contributor "Alice" is on the board: "alice" would be a second person. Enter the name as "Alice" to add to theirs.');
    await pw(form.getByTestId('new-name')).toHaveAttribute('aria-invalid', 'true');
    await pw(contributor(page, 'alice')).toHaveCount(0);

    const grace = contributor(page, 'Grace');
    await grace.getByTestId('add-contribution-toggle').click();
    const add = grace.getByTestId('add-contribution-form');
    await add.getByTestId('add-score').fill('0');
    await add.getByTestId('add-contribution-submit').click();
    await pw(add.getByTestId('form-error')).toHaveText('Score must be greater than 0');
    await add.getByTestId('add-score').fill('10');
    await add.getByTestId('add-notes').fill('Mentoring');
    await add.getByTestId('add-notes').press('Enter');
    await pw(grace.getByTestId('contribution')).toHaveCount(2);
    await pw(row(page, 'Grace').getByTestId('cell-other')).toHaveText('+50');
    // Saved from the keyboard, focus is on the button that opened the form, not the page's start.
    await pw(grace.getByTestId('add-contribution-toggle')).toBeFocused();

    // Escape in an open form cancels that form; the panel stays open.
    await grace.getByTestId('edit-button').click();
    await grace.getByTestId('edit-form').getByTestId('score-input').first().fill('99');
    await page.keyboard.press('Escape');
    await pw(grace.getByTestId('edit-form')).toHaveCount(0);
    await pw(modal(page)).toBeVisible();
    await pw(grace.getByTestId('edit-button')).toBeFocused();
    await pw(row(page, 'Grace').getByTestId('cell-other')).toHaveText('+50');

    await grace.getByTestId('edit-button').click();
    const edit = grace.getByTestId('edit-form');
    await pw(edit.getByTestId('name-input')).toBeDisabled();
    // A decimal is refused as in the forms above, not cut to 2 and saved: the 40 stays.
    await edit.getByTestId('score-input').first().fill('2.5');
    await edit.getByTestId('score-input').first().press('Enter');
    await pw(edit.getByTestId('form-error')).toHaveText('Score must be a whole number');
    await pw(edit.getByTestId('score-input').first()).toHaveValue('2.5');
    await pw(grace.getByTestId('contributor-total')).toHaveText('+50');
    await pw(row(page, 'Grace').getByTestId('cell-other')).toHaveText('+50');
    await edit.getByTestId('score-input').first().fill('25');
    await edit.getByTestId('score-input').first().press('Enter');
    await pw(row(page, 'Grace').getByTestId('cell-other')).toHaveText('+35');
    await pw(grace.getByTestId('edit-button')).toBeFocused();
    await keepScreenshot(page, 'admin-contributions');

    await grace.getByTestId('delete-contribution').first().click(); // confirmed by the dialog handler
    await pw(grace.getByTestId('contribution')).toHaveCount(1);
    await pw(row(page, 'Grace').getByTestId('cell-other')).toHaveText('+10');
    await pw(grace.getByTestId('edit-button')).toBeFocused();
    await grace.getByTestId('delete-all').click();
    await pw(contributor(page, 'Grace')).toHaveCount(0);
    await pw(row(page, 'Grace')).toHaveCount(0);
    // Its item went: focus is on the search field, not the page's start.
    await pw(modal(page).getByTestId('contributor-search')).toBeFocused();
    await page.context().close();
  });

  it('a 409 and Reload under an open edit form: the form follows the list, and its save keeps what someone else did', async () => {
    const a = await adminPage();
    await createContributor(a, 'Hedy', '20', 'Talk');
    const hedyA = contributor(a, 'Hedy');
    await hedyA.getByTestId('add-contribution-toggle').click();
    await hedyA.getByTestId('add-score').fill('10');
    await hedyA.getByTestId('add-notes').fill('Blog');
    await hedyA.getByTestId('add-contribution-submit').click();
    await pw(hedyA.getByTestId('contribution')).toHaveCount(2);
    await hedyA.getByTestId('edit-button').click();
    await hedyA.getByTestId('score-input').first().fill('25');
    // Another admin deletes the talk meanwhile.
    const b = await adminPage();
    await contributor(b, 'Hedy').getByTestId('delete-contribution').first().click();
    await pw(banner(b)).toContainText('Deleted a contribution of Hedy');

    await hedyA.getByTestId('save-button').click();
    await pw(banner(a)).toContainText('Failed to save:');
    await pw(banner(a)).toContainText('Reload the contributions to see the latest version: the form keeps what you typed, to save again.');
    await modal(a).getByTestId('reload-contributions').click();
    // Said as the page does it: the form stays, with what was typed, rather than "make your change again".
    await pw(banner(a)).toHaveText(/^Reloaded the contributions: they are the latest version\. The form keeps what you typed where it still applies: check it and save again\.$/);
    await pw(hedyA.getByTestId('score-input')).toHaveCount(1);
    await pw(hedyA.getByTestId('notes-input')).toHaveValue('Blog');
    await pw(hedyA.getByTestId('edit-note')).toContainText('Your edit of the contribution of 20 points (“Talk”) was not kept');
    await hedyA.getByTestId('score-input').fill('12');
    await hedyA.getByTestId('save-button').click();
    await pw(banner(a)).toContainText('Updated Hedy');
    await pw(row(a, 'Hedy').getByTestId('cell-other')).toHaveText('+12');
    await pw(hedyA.getByTestId('contribution')).toHaveCount(1);
    await pw(hedyA.getByTestId('contribution')).toContainText(/\+12\s+Blog/);

    // A deletion refused the same way: no form keeps it, so the page says to delete again.
    const hedyB = contributor(b, 'Hedy');
    // B's list is from before A's save: B opens the panel again (the stored token signs in).
    await b.reload();
    await openAdmin(b);
    await hedyB.getByTestId('add-contribution-toggle').click();
    await hedyB.getByTestId('add-score').fill('3');
    await hedyB.getByTestId('add-contribution-submit').click();
    await pw(banner(b)).toContainText('Added a contribution of 3 points to Hedy');
    await hedyA.getByTestId('delete-contribution').first().click();
    await pw(banner(a)).toContainText('Failed to save:');
    await pw(banner(a)).toContainText('Reload the contributions to see the latest version, then delete again where it still applies.');
    await modal(a).getByTestId('reload-contributions').click();
    await pw(banner(a)).toHaveText(/^Reloaded the contributions: they are the latest version\. Delete again where it still applies\.$/);
    await pw(hedyA.getByTestId('contribution')).toHaveCount(2);

    await hedyA.getByTestId('delete-all').click();
    await pw(contributor(a, 'Hedy')).toHaveCount(0);
    await a.context().close();
    await b.context().close();
  });

  it("the admin's own Add under an open edit form: the form follows it, keeps what was typed, and says no one else changed it", async () => {
    const page = await adminPage();
    await createContributor(page, 'Ida', '20', 'Talk');
    const ida = contributor(page, 'Ida');
    await ida.getByTestId('edit-button').click();
    await ida.getByTestId('score-input').first().fill('25');
    await ida.getByTestId('add-contribution-toggle').click();
    await ida.getByTestId('add-score').fill('5');
    await ida.getByTestId('add-notes').fill('Slides');
    await ida.getByTestId('add-contribution-submit').click();
    await pw(banner(page)).toContainText('Added a contribution of 5 points to Ida');
    // The new contribution gets its row; the 25 typed stays; no note of a change by someone else.
    await pw(ida.getByTestId('score-input')).toHaveCount(2);
    await pw(ida.getByTestId('score-input').first()).toHaveValue('25');
    await pw(ida.getByTestId('notes-input').nth(1)).toHaveValue('Slides');
    await pw(ida.getByTestId('edit-note')).toHaveCount(0);
    await ida.getByTestId('save-button').click();
    await pw(banner(page)).toContainText('Updated Ida');
    await pw(ida.getByTestId('contribution')).toHaveCount(2);
    await pw(row(page, 'Ida').getByTestId('cell-other')).toHaveText('+30');
    await ida.getByTestId('delete-all').click();
    await pw(contributor(page, 'Ida')).toHaveCount(0);
    await page.context().close();
  });

  it('downloads the backup under its dated name', async () => {
    const page = await adminPage();
    const [download] = await Promise.all([page.waitForEvent('download'), modal(page).getByTestId('export-button').click()]);
    expect(download.suggestedFilename()).toMatch(/^manual-contributions-backup-\d{4}-\d{2}-\d{2}\.json$/);
    await page.context().close();
  });
});

describe('admin list', () => {
  it('adds and removes an admin through a branch, a commit and a pull request', async () => {
    const page = await adminPage();
    const section = modal(page).getByTestId('admins-section');
    await pw(section.locator('[data-testid="admin-entry"][data-value="bob"]')).toBeVisible();
    await section.getByTestId('add-admin').click();
    await pw(section.getByTestId('admin-error')).toHaveText('Please enter an email address or GitHub username');
    await pw(section.getByTestId('admin-input')).toHaveAttribute('aria-describedby', (await section.getByTestId('admin-error').getAttribute('id'))!);
    await section.getByTestId('admin-input').fill('BOB');
    await section.getByTestId('add-admin').click();
    await pw(section.getByTestId('admin-error')).toHaveText('This email/username is already an admin');
    await section.getByTestId('admin-input').fill('owner@example.com');
    await section.getByTestId('add-admin').click();
    await pw(section.getByTestId('admin-error')).toHaveText('This email/username is already an admin');

    await section.getByTestId('admin-input').fill('carol');
    await section.getByTestId('add-admin').click();
    await pw(section.getByTestId('pr-link')).toBeVisible();
    const list = () => JSON.parse(gh.fileContent(SLUG, UPDATE_BRANCH, ADMIN_LIST_PATH) ?? '{"admins":[]}') as { admins: string[] };
    await expect.poll(() => list().admins, { timeout: 15_000 }).toEqual(['bob', 'carol']);
    expect(gh.commits(SLUG, UPDATE_BRANCH)[0]?.message).toContain('owner');
    const pulls = gh.pulls(SLUG);
    expect(pulls).toHaveLength(1);
    await pw(section.getByTestId('pr-link')).toHaveText(String(pulls[0]?.htmlUrl));
    await keepScreenshot(page, 'admin-admins');

    await section.locator('[data-testid="admin-entry"][data-value="carol"]').getByTestId('remove-admin').click();
    await pw(section.getByTestId('admin-input')).toBeFocused();
    await expect.poll(() => list().admins, { timeout: 15_000 }).toEqual(['bob']);
    expect(gh.pulls(SLUG)).toHaveLength(1); // reused
    await pw(section.locator('[data-testid="admin-entry"][data-primary="true"]')).toHaveCount(2);
    await pw(section.locator('[data-testid="admin-entry"][data-primary="true"]').getByTestId('remove-admin')).toHaveCount(0);

    // A long unbroken entry: the banner that names it wraps, and its Dismiss stays inside the panel.
    const long = `x${'y'.repeat(180)}@example.com`;
    await section.getByTestId('admin-input').fill(long);
    await section.getByTestId('add-admin').click();
    const banner = modal(page).getByTestId('status-banner');
    await pw(banner).toContainText('example.com');
    const [box, panel] = await Promise.all([banner.getByTestId('status-banner-dismiss').boundingBox(), modal(page).boundingBox()]);
    expect(box!.x + box!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
    expect(await banner.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await section.locator(`[data-testid="admin-entry"][data-value="${long}"]`).getByTestId('remove-admin').click();
    await expect.poll(() => list().admins, { timeout: 15_000 }).toEqual(['bob']);

    // Closed at once, within the save's delay: the change is saved all the same, not dropped.
    await section.getByTestId('admin-input').fill('dora');
    await section.getByTestId('admin-input').press('Enter');
    await page.keyboard.press('Escape');
    await pw(modal(page)).toHaveCount(0);
    await expect.poll(() => list().admins, { timeout: 15_000 }).toEqual(['bob', 'dora']);
    await page.context().close();
  });
});

describe('pull and refresh', () => {
  it('pulls new upstream commits and shows them without a reload', async () => {
    const other = await createTestRepo({ cloneFrom: upstream.dir });
    await other.commit({ files: { 'b.ts': 'b\n'.repeat(60) }, message: 'feat: second', author: { name: 'Zed', email: 'zed@example.com' }, date: hoursAgo(1) });
    await other.git('push', 'origin', 'HEAD:main');
    await other.cleanup();
    const page = await adminPage();
    await pw(row(page, 'Zed')).toHaveCount(0);
    // This server refreshes: the button is on and the panel has no note saying otherwise.
    await pw(modal(page).getByTestId('pull-refresh-button')).toBeEnabled();
    await pw(modal(page).getByTestId('pull-refresh-off')).toHaveCount(0);
    await modal(page).getByTestId('pull-refresh-button').click();
    await pw(banner(page)).toHaveAttribute('data-type', 'success');
    await pw(row(page, 'Zed')).toHaveCount(1);
    expect(await repo.git('rev-parse', 'HEAD')).toBe(await upstream.git('rev-parse', 'main'));
    await keepScreenshot(page, 'admin-pulled');
    await page.context().close();
    expect(path.isAbsolute(repo.dir)).toBe(true);
  });

  it('says to make sure the local server runs only when it was not reached, not when it answered an error', async () => {
    const page = await adminPage();
    const button = modal(page).getByTestId('pull-refresh-button');
    const answered = { error: { code: 'INTERNAL', message: 'The disk is full.' } };
    await page.route('**/api/pull-and-refresh', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(answered) }));
    await button.click();
    await pw(banner(page)).toHaveText('Failed to pull and refresh: The disk is full.');
    await page.unroute('**/api/pull-and-refresh');
    // A failed pull says how to fix it, as the server words it for the page.
    const failedPull = { success: false, timestamp: new Date().toISOString(), latestCommit: null, error: "Cannot pull in /srv/app: the current branch 'main' has no upstream branch", hint: 'Set one with: git branch --set-upstream-to=origin/main main.' };
    await page.route('**/api/pull-and-refresh', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(failedPull) }));
    await button.click();
    await pw(banner(page)).toHaveText(`Failed to pull and refresh: ${failedPull.error} ${failedPull.hint}`);
    await keepScreenshot(page, 'admin-pull-failed');
    await page.unroute('**/api/pull-and-refresh');
    await page.route('**/api/pull-and-refresh', (route) => route.abort('connectionrefused'));
    await button.click();
    await pw(banner(page)).toHaveText('Failed to pull and refresh: Could not reach the leaderboard server (network error). Make sure the local API server is running.');
    await page.context().close();
  });
});
