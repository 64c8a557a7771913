// A contributor page on a board of several repositories: the page keeps `?repo=`, shows that
// repository's commits (with their repository badge and link), and Back returns to that board.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { keepScreenshot, newPage } from '../support/e2e.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { pw } from '../support/pw-expect.js';
import { hoursAgo } from '../support/recent.js';

const env = gitIsolationVars();
const ann = { name: 'Ann Both', email: 'ann@example.com' };
const cat = { name: 'Cat Api', email: 'cat@example.com' };

let board: TestRepo;
let api: TestRepo;
let web: TestRepo;
let server: ServeProcess;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let annApiHead: string;

beforeAll(async () => {
  [board, api, web] = await Promise.all([createTestRepo(), createTestRepo(), createTestRepo()]);
  let n = 0;
  const add = (repo: TestRepo, author: typeof ann, message: string) => {
    n += 1;
    return repo.commit({ author, date: hoursAgo(30 - n), message, files: { [`src/f${n}.ts`]: 'x\n'.repeat(10 * n) } });
  };
  annApiHead = await add(api, ann, 'feat: api one');
  await add(api, cat, 'feat: api two');
  await add(web, ann, 'feat: web one');
  await add(web, ann, 'fix: web two');
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

describe('a contributor page on a board of several repositories', () => {
  it('keeps the repository in its address and lists that repository\'s commits', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}?repo=api`);
    await pw(page.getByTestId('repo-select')).toHaveValue('api');
    await page.locator('[data-name="Ann Both"]').getByTestId('contributor-name').click();
    await pw(page.getByTestId('contributor-title')).toHaveText('Ann Both');
    const url = new URL(page.url());
    expect(url.searchParams.get('repo')).toBe('api');
    expect(url.searchParams.get('contributor')).toBe('Ann Both');
    await pw(page.getByTestId('contributor-repo-note')).toHaveText('In the api repository only.');
    const items = page.getByTestId('contributor-commit-list').getByTestId('commit-item');
    await pw(items).toHaveCount(1);
    await pw(items.first().getByTestId('commit-repo')).toHaveText('api');
    await pw(items.first().getByTestId('commit-link')).toHaveAttribute('href', `https://github.com/example-org/api/commit/${annApiHead}`);
    await keepScreenshot(page, 'visitors-org-contributor');

    await page.reload();
    await pw(page.getByTestId('contributor-title')).toHaveText('Ann Both');
    await pw(items).toHaveCount(1);
    await page.goBack();
    await pw(page.getByTestId('board-view')).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('repo')).toBe('api');
    await pw(page.getByTestId('repo-select')).toHaveValue('api');

    // All repositories: both of hers.
    await page.goto(`${server.url}?contributor=Ann%20Both`);
    await pw(page.getByTestId('contributor-commit-list').getByTestId('commit-item')).toHaveCount(3);
    await pw(page.getByTestId('contributor-repo-note')).toHaveCount(0);
    await page.close();
  });

  it('shows, on All, each repository\'s share of the contributor\'s commits and points, as the data file says', async () => {
    const data = JSON.parse(await readFile(path.join(board.dir, '.leaderboard', 'leaderboard-data.json'), 'utf8')) as { metadata: { repositoryShares: Record<string, Record<string, [number, number]>> } };
    const mine = data.metadata.repositoryShares['Ann Both']!;
    expect(Object.fromEntries(Object.entries(mine).map(([repo, [commits]]) => [repo, commits]))).toEqual({ api: 1, web: 2 });
    const page = await newPage(browser);
    await page.goto(`${server.url}?contributor=${encodeURIComponent('Ann Both')}`);
    const rows = page.getByTestId('repository-share');
    await pw(rows).toHaveCount(2);
    const total = mine.api![1] + mine.web![1];
    for (const repo of ['api', 'web'] as const) {
      const row = page.locator(`[data-testid="repository-share"][data-repo="${repo}"]`);
      const cells = await row.locator('th, td').allTextContents();
      expect(cells).toEqual([repo, String(mine[repo]![0]), String(mine[repo]![1]), `${((mine[repo]![1] / total) * 100).toFixed(1)}%`]);
    }
    await keepScreenshot(page, 'contributor-repository-shares');
    // One repository's view has no shares to show: everything is in that repository.
    await page.goto(`${server.url}?repo=api&contributor=${encodeURIComponent('Ann Both')}`);
    await pw(page.getByTestId('contributor-title')).toHaveText('Ann Both');
    await pw(page.getByTestId('repository-shares')).toHaveCount(0);
    await page.close();
  });
});
