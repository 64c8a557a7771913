// A repository whose newest commit is older than the window: the page says why the board is
// empty and which command widens the window, and following that advice fills the board.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import path from 'node:path';
import { cli, tempResources } from '../cli/helpers.js';
import { launchBrowser } from '../support/browser.js';
import { startServe } from '../support/cli.js';
import { keepScreenshot, newPage } from '../support/e2e.js';
import { gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { pw } from '../support/pw-expect.js';
import { serveStatic } from '../support/static-server.js';

const { newRepo, tempDir } = tempResources();
const env = gitIsolationVars();
const OLD = { name: 'Olga Old', email: 'olga@example.com' };

let repo: TestRepo;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  repo = await newRepo();
  await repo.commit({ files: { 'a.ts': 'a\n'.repeat(30) }, message: 'feat: first', author: OLD, date: '2018-06-01T09:00:00Z' });
  await repo.commit({ files: { 'b.ts': 'b\n'.repeat(60) }, message: 'feat: second', author: OLD, date: '2019-03-04T09:00:00Z' });
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => { await closeBrowser?.(); });

describe('a history older than the window', () => {
  it('explains the empty board with the newest commit\'s date and the command to run', async () => {
    const server = await startServe([], { cwd: repo.dir, env });
    try {
      expect(server.output()).toContain('The newest commit is from 2019-03-04, before the window');
      const page = await newPage(browser);
      await page.goto(server.url);
      await pw(page.getByTestId('empty-state')).toHaveText('No contributors found for this period.');
      const reason = page.getByTestId('empty-reason');
      await pw(reason).toContainText('the newest commit in this repository is from 2019-03-04.');
      await pw(reason).toContainText('Run leaderboard serve --all to rank the whole history, or leaderboard serve --since 2018-03-04 for the year up to the newest commit');
      expect(await reason.locator('code').allTextContents()).toEqual(['leaderboard serve --all', 'leaderboard serve --since 2018-03-04', 'leaderboard refresh']);
      await pw(page.getByTestId('leaderboard-row')).toHaveCount(0);
      await keepScreenshot(page, 'old-history-empty');
      await page.context().close();
    } finally {
      await server.stop();
    }
  });

  it('tells the visitors of a published site what its maintainers can change, not a command to run', async () => {
    const site = path.join(await tempDir('lb-old-site-'), 'site');
    expect(cli(repo.dir, ['build', '--out', site]).code).toBe(0);
    const server = await serveStatic(site, 'old');
    try {
      const page = await newPage(browser);
      await page.goto(server.url);
      const reason = page.getByTestId('empty-reason');
      await pw(reason).toContainText('the newest commit in this repository is from 2019-03-04.');
      await pw(reason).toContainText("The site's maintainers can publish the whole history with leaderboard build --all, or the year up to the newest commit with leaderboard build --since 2018-03-04 (in the workflow that builds it).");
      expect(await reason.locator('code').allTextContents()).toEqual(['leaderboard build --all', 'leaderboard build --since 2018-03-04']);
      await page.context().close();
    } finally {
      await server.close();
    }
  });

  it('fills the board once served with the suggested --since, and a period empty within it keeps the spec\'s text alone', async () => {
    const server = await startServe(['--since', '2018-03-04'], { cwd: repo.dir, env });
    try {
      const page = await newPage(browser);
      await page.goto(`${server.url}?type=monthly&period=2019-03`);
      await pw(page.getByTestId('leaderboard-row')).toHaveCount(1);
      await pw(page.locator('[data-testid="leaderboard-row"][data-name="Olga Old"]')).toBeVisible();
      await keepScreenshot(page, 'old-history-since');
      // Hiding the only contributor empties the period, not the board: no explanation then.
      await page.evaluate(() => localStorage.setItem('leaderboard:hidden-contributors', JSON.stringify(['Olga Old'])));
      await page.reload();
      await pw(page.getByTestId('empty-state')).toHaveText('No contributors found for this period.');
      await pw(page.getByTestId('empty-reason')).toHaveCount(0);
      await page.context().close();
    } finally {
      await server.stop();
    }
  });
});
