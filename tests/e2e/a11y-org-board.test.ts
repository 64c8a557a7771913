// axe-core on a board of several repositories (the repository selector, its note, each commit's
// repository badge and GitHub link), light and dark, wide and at a phone's width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { pw } from '../support/pw-expect.js';
import { hoursAgo } from '../support/recent.js';

const env = gitIsolationVars();

let board: TestRepo;
let api: TestRepo;
let web: TestRepo;
let server: ServeProcess;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  [board, api, web] = await Promise.all([createTestRepo(), createTestRepo(), createTestRepo()]);
  const author = { name: 'Ann Both', email: 'ann@example.com' };
  await api.commit({ author, date: hoursAgo(5), message: 'feat: api one', files: { 'src/a.ts': 'a\n'.repeat(40) } });
  await web.commit({ author, date: hoursAgo(4), message: 'docs: web one', files: { 'README.md': 'w\n'.repeat(5) } });
  await api.git('remote', 'add', 'origin', 'https://github.com/example-org/api.git'); // its commits link to GitHub
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

describe('axe on a board of several repositories', () => {
  // Both themes wide; the phone layout (the same colours) in dark only: axe's cost adds up in the suite.
  for (const [colorScheme, width] of [['light', 1280], ['dark', 1280], ['dark', 375]] as const) {
    it(`finds nothing serious in ${colorScheme} at ${width}px, all repositories and one, a row open`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
      const page = await context.newPage();
      await page.goto(server.url);
      await page.locator('[data-name="Ann Both"]').click();
      await pw(page.getByTestId('commit-repo').first()).toBeVisible();
      await pw(page.getByTestId('commit-link')).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('repo-select').selectOption('api');
      await pw(page.getByTestId('repo-note')).toContainText('Commits in api only');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
