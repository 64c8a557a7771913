// The admin modal on a server started as `serve --repo R --data-dir D --no-refresh`, where D was
// made elsewhere and R's leaderboard.config.json names the GitHub emulator and the primary admin.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { cli, tempResources } from '../cli/helpers.js';
import { seriousViolations } from '../support/axe.js';
import { lowContrastTexts } from '../support/contrast.js';
import { launchBrowser } from '../support/browser.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { keepScreenshot, newPage } from '../support/e2e.js';
import { gitIsolationVars } from '../support/git-repo.js';
import { startGitHubEmulator, type GitHubEmulator } from '../support/github-emulator.js';
import { pw } from '../support/pw-expect.js';
import { hoursAgo } from '../support/recent.js';

const { newRepo, tempDir } = tempResources();

let gh: GitHubEmulator;
let server: ServeProcess;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  gh = await startGitHubEmulator();
  gh.addRepo({ owner: 'acme', name: 'widgets', files: { 'admin-list.json': '{"admins":[]}\n' } });
  gh.addUser({ login: 'owner', token: 'tok-owner', emails: [{ email: 'owner@example.com', primary: true, verified: true, visibility: null }] });
  gh.addUser({ login: 'mallory', token: 'tok-mallory', emails: [{ email: 'mallory@example.com', primary: true, verified: true, visibility: null }] });
  const repo = await newRepo();
  await repo.commit({ files: { 'a.ts': 'a\n'.repeat(30) }, message: 'feat: first', author: { name: 'Alice', email: 'alice@example.com' }, date: hoursAgo(6) });
  await repo.writeFile('leaderboard.config.json', JSON.stringify({ github: { repo: 'acme/widgets', apiUrl: gh.url }, primaryAdmins: { login: 'owner' } }));
  const dataDir = path.join(await tempDir('lb-e2e-made-elsewhere-'), 'board');
  expect(cli(repo.dir, ['refresh', '--data-dir', dataDir]).code).toBe(0);
  server = await startServe(['--repo', repo.dir, '--data-dir', dataDir, '--no-refresh'], { cwd: await tempDir('lb-e2e-cwd-'), env: { ...gitIsolationVars(), GITHUB_API_URL: '' } });
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
  await gh?.close();
});

describe('admin features of a data directory served without refreshing', () => {
  it('denies a non-admin, and lets the configured admin add a contributor who shows on the board', async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    await pw(page.getByTestId('leaderboard-row')).toHaveCount(1);
    await page.getByTestId('admin-button').click();
    await page.getByTestId('token-input').fill('tok-mallory');
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('access-denied-message')).toHaveText('Access Denied: mallory@example.com is not authorized. Contact owner for access.');
    await page.getByTestId('logout-button').click();

    await page.getByTestId('token-input').fill('tok-owner');
    await page.getByTestId('sign-in-button').click();
    const panel = page.getByTestId('admin-panel');
    await pw(panel).toBeVisible();
    const form = panel.getByTestId('new-contributor-form');
    await form.getByTestId('new-name').fill('Grace');
    await form.getByTestId('new-score').fill('40');
    await form.getByTestId('new-notes').fill('Mentoring');
    await form.getByTestId('create-contributor').click();
    await pw(panel.locator('[data-testid="manual-contributor"][data-name="Grace"]')).toBeVisible();
    await pw(page.locator('[data-testid="leaderboard-row"][data-name="Grace"] [data-testid="cell-other"]')).toHaveText('+40');
    await keepScreenshot(page, 'no-refresh-admin-panel');
    await page.context().close();
  });
});

describe.each(['light', 'dark'] as const)('Pull & Refresh on a server started with --no-refresh, %s', (colorScheme) => {
  it('is disabled, and the panel says why and how to get it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
    const page = await context.newPage();
    await page.goto(server.url);
    await pw(page.locator(`html[data-theme="${colorScheme}"]`)).toHaveCount(1);
    await page.getByTestId('admin-button').click();
    await page.getByTestId('token-input').fill('tok-owner');
    await page.getByTestId('sign-in-button').click();
    const section = page.getByTestId('maintenance-section');
    const button = section.getByTestId('pull-refresh-button');
    const off = section.getByTestId('pull-refresh-off');
    await pw(off).toHaveText('Pull & Refresh is off: this server was started with --no-refresh. To update the board, '
      + 'restart leaderboard serve without --no-refresh, or run leaderboard refresh --pull with the same --data-dir in a shell.');
    await pw(button).toBeDisabled();
    await pw(button).toHaveAttribute('aria-describedby', String(await off.getAttribute('id')));
    expect(await section.innerText()).not.toContain('30-60 seconds');
    await pw(section.getByTestId('export-button')).toBeEnabled();
    const modal = '[data-testid="admin-modal"]';
    expect([...await seriousViolations(page, modal), ...await lowContrastTexts(page, modal)]).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `no-refresh-pull-off-${colorScheme}`);
    await context.close();
  });
});
