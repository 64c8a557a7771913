// A board of several repositories through `leaderboard serve`: the repository selector, the URL,
// per-repository totals and commit links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { runCli, startServe, type ServeProcess } from '../support/cli.js';
import { keepScreenshot, newPage } from '../support/e2e.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { pw } from '../support/pw-expect.js';
import { serveStatic } from '../support/static-server.js';
import path from 'node:path';
import { hoursAgo } from '../support/recent.js';

const env = gitIsolationVars();
const ann = { name: 'Ann Both', email: 'ann@example.com' };
const bob = { name: 'Bob Web', email: 'bob@example.com' };
const cat = { name: 'Cat Api', email: 'cat@example.com' };

let board: TestRepo;
let api: TestRepo;
let web: TestRepo;
let server: ServeProcess;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let apiHead: string;

beforeAll(async () => {
  [board, api, web] = await Promise.all([createTestRepo(), createTestRepo(), createTestRepo()]);
  let n = 0;
  const add = (repo: TestRepo, author: typeof ann, message: string) => {
    n += 1;
    return repo.commit({ author, date: hoursAgo(30 - n), message, files: { [`src/f${n}.ts`]: 'x\n'.repeat(10 * n) } });
  };
  await add(api, ann, 'feat: api one');
  await add(api, cat, 'feat: api two');
  apiHead = await add(api, cat, 'fix: api three');
  await add(web, ann, 'feat: web one');
  await add(web, bob, 'docs: web two');
  // api's remote is on GitHub: its commits link there; web's is not.
  await api.git('remote', 'add', 'origin', 'https://github.com/example-org/api.git');
  await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: api.dir, name: 'api' }, { path: web.dir, name: 'web' }] }));
  await board.commit({ message: 'chore: config', files: {}, date: hoursAgo(40) });
  server = await startServe([], { cwd: board.dir, env });
  ({ browser, close: closeBrowser } = await launchBrowser());
}, 90_000);
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
  await Promise.all([board, api, web].map((r) => r?.cleanup()));
});

describe('a board of several repositories', () => {
  it('offers All and each repository, kept in the URL, with totals for the selection', async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    const select = page.getByTestId('repo-select');
    await pw(select).toHaveValue('');
    expect(await select.locator('option').allTextContents()).toEqual(['All repositories', 'api', 'web']);
    await pw(page.getByTestId('summary-total-commits-value')).toHaveText('5');
    await pw(page.getByTestId('leaderboard-row')).toHaveCount(3);

    await select.selectOption('api');
    await pw(page.getByTestId('summary-total-commits-value')).toHaveText('3');
    await pw(page.getByTestId('leaderboard-row')).toHaveCount(2);
    await pw(page.getByTestId('repo-note')).toContainText('Commits in api only');
    await expect.poll(() => new URL(page.url()).searchParams.get('repo')).toBe('api');
    await keepScreenshot(page, 'org-board-api');
    // Its CSV is named after it: saved beside All's of the same period, neither replaces the other.
    const csvName = async () => (await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]))[0].suggestedFilename();
    expect(await csvName()).toMatch(/^leaderboard-api-weekly-\d{4}-W\d{2}\.csv$/);

    // The link survives a reload, and All brings the whole board back.
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.reload();
    await pw(page.getByTestId('repo-select')).toHaveValue('api');
    await pw(page.getByTestId('summary-total-commits-value')).toHaveText('3');
    // That board's index was asked for once, by the script in <head>, and the page took its answer.
    expect(await page.evaluate(() => (window as { __leaderboardEarlyFetch?: { url: string } }).__leaderboardEarlyFetch?.url)).toBe('./leaderboard-repos/api/leaderboard-index.json');
    expect(requests.filter((p) => p.endsWith('/leaderboard-index.json'))).toEqual(['/leaderboard-repos/api/leaderboard-index.json']);
    await page.getByTestId('repo-select').selectOption('');
    await pw(page.getByTestId('summary-total-commits-value')).toHaveText('5');
    await expect.poll(() => new URL(page.url()).searchParams.get('repo')).toBeNull();
    expect(await csvName()).toMatch(/^leaderboard-weekly-\d{4}-W\d{2}\.csv$/);
    await page.close();
  });

  it('follows Back and Forward to the repository each history entry names', async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    // Bob has commits in web only; his page is opened under All.
    const bob = page.locator('[data-testid="leaderboard-row"][data-name="Bob Web"]').getByTestId('contributor-name');
    await bob.scrollIntoViewIfNeeded();
    await bob.click();
    await pw(page.getByTestId('contributor-title')).toHaveText('Bob Web');
    await page.goBack();
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    await page.getByTestId('repo-select').selectOption('api');
    await pw(page.getByTestId('summary-total-commits-value')).toHaveText('3');
    await page.goForward();
    await pw(page.getByTestId('contributor-title')).toHaveText('Bob Web');
    await pw(page.getByTestId('contributor-not-found')).toHaveCount(0);
    await pw(page.getByTestId('repo-select')).toHaveValue('');
    await page.close();
  });

  it('shows each commit\'s repository and links GitHub commits in a new tab', async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    await page.locator('[data-name="Cat Api"]').click();
    const first = page.getByTestId('commit-item').first();
    await pw(first.getByTestId('commit-repo')).toHaveText('api');
    const link = first.getByTestId('commit-link');
    await pw(link).toHaveAttribute('href', `https://github.com/example-org/api/commit/${apiHead}`);
    await pw(link).toHaveAttribute('target', '_blank');
    await pw(link).toHaveAttribute('rel', 'noopener noreferrer');
    await page.locator('[data-name="Bob Web"]').click();
    const webCommit = page.getByTestId('commit-item').filter({ hasText: 'web two' });
    await pw(webCommit.getByTestId('commit-repo')).toHaveText('web');
    await pw(webCommit.getByTestId('commit-link')).toHaveCount(0);
    await keepScreenshot(page, 'org-board-commits');
    await page.close();
  });

  it('shows the whole board, and says so, for a repository it does not have', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}?repo=gone`);
    await pw(page.getByText('This board has no repository named "gone".')).toBeVisible();
    await pw(page.getByTestId('summary-total-commits-value')).toHaveText('5');
    await page.close();
  });

  it('publishes every repository\'s board with the site, the selector working under a subpath', async () => {
    const out = path.join(board.dir, '.leaderboard', 'site');
    const built = runCli(['build', '--no-refresh', '--quiet'], { cwd: board.dir, env });
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    const site = await serveStatic(out, 'project');
    try {
      const page = await newPage(browser);
      const requests: string[] = [];
      page.on('request', (r) => requests.push(new URL(r.url()).pathname));
      await page.goto(`${site.url}?repo=web`);
      await pw(page.getByTestId('repo-select')).toHaveValue('web');
      await pw(page.getByTestId('summary-total-commits-value')).toHaveText('2');
      await page.getByTestId('repo-select').selectOption('api');
      await pw(page.getByTestId('summary-total-commits-value')).toHaveText('3');
      expect(requests.every((p) => p.startsWith('/project/'))).toBe(true);
      expect(requests).toContain('/project/leaderboard-repos/api/leaderboard-data.json');
      // A site without an index: the script in <head> asked for the data file, once.
      expect(requests.filter((p) => p === '/project/leaderboard-repos/web/leaderboard-data.json')).toHaveLength(1);
      expect(requests.filter((p) => p.endsWith('/leaderboard-index.json'))).toEqual([]);
      await page.close();
    } finally {
      await site.close();
    }
  });
});
