// axe-core on the admin modal's three views (login, access denied, the panel with its forms open
// and its info and success banners), light and dark, against the built bin serving a test
// repository with GitHub replaced by the local emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_LIST_PATH } from '../../src/core/github/types.js';
import { seriousViolations } from '../support/axe.js';
import { lowContrastTexts } from '../support/contrast.js';
import { launchBrowser } from '../support/browser.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { gate, keepScreenshot } from '../support/e2e.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { startGitHubEmulator, type GitHubEmulator } from '../support/github-emulator.js';
import { pw } from '../support/pw-expect.js';
import { hoursAgo } from '../support/recent.js';

const env = gitIsolationVars();

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
  // A bare upstream, so Pull & Refresh has somewhere to pull from.
  upstream = await createTestRepo({ bare: true });
  const seed = await createTestRepo({ cloneFrom: upstream.dir });
  await seed.commit({ files: { 'a.ts': 'a\n'.repeat(30) }, message: 'feat: first', author: { name: 'Alice', email: 'alice@example.com' }, date: hoursAgo(6) });
  await seed.git('push', 'origin', 'HEAD:main');
  await seed.cleanup();
  repo = await createTestRepo({ cloneFrom: upstream.dir });
  await repo.writeFile('leaderboard.config.json', JSON.stringify({ github: { repo: 'acme/widgets' }, primaryAdmins: { email: 'owner@example.com', login: 'owner' } }));
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

const modal = (page: Page) => page.getByTestId('admin-modal');

async function boardPage(colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto(server.url);
  await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
  await pw(page.locator(`html[data-theme="${colorScheme}"]`)).toHaveCount(1);
  return page;
}

async function signIn(page: Page, token: string): Promise<void> {
  await page.getByTestId('admin-button').click();
  await pw(modal(page)).toBeVisible();
  await page.getByTestId('token-input').fill(token);
  await page.getByTestId('sign-in-button').click();
}

const MODAL = '[data-testid="admin-modal"]';
/**
 * axe on the open modal only (the page behind it is inert, and checked by a11y-board), and its
 * text contrast measured apart: axe leaves text in a modal dialog unjudged.
 */
const inModal = async (page: Page) => [...await seriousViolations(page, MODAL), ...await lowContrastTexts(page, MODAL)];

describe.each(['light', 'dark'] as const)('axe on the admin modal, %s', (theme) => {
  it('the login view, with and without its error, and the access-denied view', async () => {
    const page = await boardPage(theme);
    await page.getByTestId('admin-button').click();
    await pw(page.getByTestId('login-view')).toBeVisible();
    expect(await inModal(page)).toEqual([]);
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('login-error')).toHaveText('Please enter a GitHub token');
    expect(await inModal(page)).toEqual([]);
    await page.getByTestId('token-input').fill('tok-mallory');
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('access-denied')).toBeVisible();
    expect(await inModal(page)).toEqual([]);
    await keepScreenshot(page, `a11y-admin-denied-${theme}`);
    await page.context().close();
  });

  it('the panel, its forms and its info and success banners', async () => {
    const page = await boardPage(theme);
    await signIn(page, 'tok-owner');
    await pw(page.getByTestId('admin-panel')).toBeVisible();
    expect(await inModal(page)).toEqual([]);

    // A manual contributor, with the add and edit forms open.
    const name = `Grace ${theme}`;
    const form = modal(page).getByTestId('new-contributor-form');
    await form.getByTestId('new-name').fill(name);
    await form.getByTestId('new-score').fill('40');
    await form.getByTestId('new-notes').fill('Conference talk');
    await form.getByTestId('create-contributor').click();
    const item = modal(page).locator(`[data-testid="manual-contributor"][data-name="${name}"]`);
    await pw(item.getByTestId('contribution')).toHaveCount(1);
    await item.getByTestId('add-contribution-toggle').click();
    await pw(item.getByTestId('add-contribution-form')).toBeVisible();
    await item.getByTestId('edit-button').click();
    await pw(item.getByTestId('edit-form')).toBeVisible();
    expect(await inModal(page)).toEqual([]);

    // Pull & Refresh: the info banner while it runs, the success banner after.
    const held = gate();
    await page.route('**/api/pull-and-refresh', async (route) => { await held.wait; await route.continue(); });
    await modal(page).getByTestId('pull-refresh-button').click();
    const banner = modal(page).getByTestId('status-banner');
    await pw(banner).toHaveAttribute('data-type', 'info');
    expect(await inModal(page)).toEqual([]);
    held.open();
    await pw(banner).toHaveAttribute('data-type', 'success');
    expect(await inModal(page)).toEqual([]);
    await keepScreenshot(page, `a11y-admin-panel-${theme}`);
    await page.context().close();
  });
});
