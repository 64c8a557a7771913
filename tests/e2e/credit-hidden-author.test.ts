// Co-author credit `share`: hiding a shared commit's author with "Choose contributors" leaves the
// commit in the cards and the chart while a shown co-author holds it, on a repository served by
// the real CLI (the page reads the index) and on its published site (the page reads the data file).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cli, tempResources } from '../cli/helpers.js';
import { launchBrowser } from '../support/browser.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { keepScreenshot, newPage } from '../support/e2e.js';
import { gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { pw } from '../support/pw-expect.js';
import { inThisWeek } from '../support/recent.js';
import { serveStatic, type StaticServer } from '../support/static-server.js';
import { alice, bob, carol, lines } from './support/credit-people.js';

const { newRepo } = tempResources();

let repo: TestRepo;
let server: ServeProcess;
let site: StaticServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  repo = await newRepo();
  // Significant (5 files, 120 lines, "feat: add": 91 points), Alice's, with Bob.
  await repo.commit({
    author: alice, date: inThisWeek(0.2),
    message: 'feat(core): add the parser\n\nCo-authored-by: Bob <bob@example.com>',
    files: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`src/p${i}.ts`, lines(24, `p${i}`)])),
  });
  await repo.commit({ author: bob, date: inThisWeek(0.4), message: 'fix: typo', files: { 'b.txt': 'b\n' } });
  await repo.commit({ author: carol, date: inThisWeek(0.6), message: 'docs: note', files: { 'c.md': 'c\n' } });
  await writeFile(path.join(repo.dir, 'leaderboard.config.json'), JSON.stringify({ credit: { coAuthors: 'share' } }));
  server = await startServe([], { cwd: repo.dir, env: gitIsolationVars() });
  const built = cli(repo.dir, ['build', '--no-refresh']);
  expect(built.code).toBe(0);
  site = await serveStatic(path.join(repo.dir, '.leaderboard', 'site'), 'project');
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
  await site?.close();
});

/** The cards and the chart's words, as the page shows and reads them. */
async function counts(page: Page): Promise<{ total: string; significant: string; simple: string; contributors: string; chart: string }> {
  const card = (id: string) => page.getByTestId(`summary-${id}-value`).innerText();
  return {
    total: await card('total-commits'),
    significant: await card('significant'),
    simple: await card('simple'),
    contributors: await card('contributors'),
    chart: await page.getByTestId('trends-summary').textContent() ?? '',
  };
}

async function hide(page: Page, name: string): Promise<void> {
  const toggle = page.getByTestId('filter-toggle');
  if ((await page.getByTestId('filter-search').count()) === 0) await toggle.click();
  await page.getByTestId('filter-search').fill(name);
  await page.getByTestId('filter-option').filter({ hasText: name }).locator('input').uncheck();
  await pw(page.locator(`[data-testid="leaderboard-row"][data-name="${name}"]`)).toHaveCount(0);
}

for (const where of ['serve (the index)', 'the published site (the data file)'] as const) {
  describe(`hiding a shared commit's author, ${where}`, () => {
    it('keeps the commit in the cards and the chart while its co-author is shown, and drops it once they are hidden too', async () => {
      const page = await newPage(browser);
      await page.goto(where.startsWith('serve') ? server.url : site.url);
      await pw(page.getByTestId('leaderboard-row')).toHaveCount(3);
      const before = await counts(page);
      expect(before).toMatchObject({ total: '3', significant: '1', simple: '2', contributors: '3' });

      await hide(page, 'Alice');
      // Bob still holds Alice's commit: nothing is gone but Alice's row.
      await pw(page.getByTestId('summary-contributors-value')).toHaveText('2');
      expect(await counts(page)).toEqual({ ...before, contributors: '2', chart: before.chart.replace(/Contributors: 3\./, 'Contributors: 2.') });
      expect(before.chart).toContain('Significant commits: 1.');
      if (where.startsWith('serve')) await keepScreenshot(page, 'credit-hidden-author');

      await hide(page, 'Bob');
      await pw(page.getByTestId('summary-contributors-value')).toHaveText('1');
      const carolOnly = await counts(page);
      expect(carolOnly).toMatchObject({ total: '1', significant: '0', simple: '1', contributors: '1' });
      expect(carolOnly.chart).toContain('Significant commits: 0.');
      expect(carolOnly.chart).toContain('Simple commits: 1.');
      await page.context().close();
    });
  });
}
