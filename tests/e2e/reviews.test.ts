/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// A board with reviews, built as a user builds it: `leaderboard refresh` of a temp repository with a
// token, reading its pull requests and reviews from the GraphQL emulator on loopback. Reviews
// column, card, expanded row, contributor page, CSV, "How scores work", a failed sync, axe in light
// and dark; and a board without a token, unchanged; and one with a token but no repository on GitHub;
// and a board merged from a part that read reviews and one whose token GitHub refused.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { ARTIFACTS_DIR, launchBrowser } from '../support/browser.js';
import { runCliAsync, startServe, type CliResult, type ServeProcess } from '../support/cli.js';
import { NO_REPO_REASON } from '../../src/core/github/activity/refresh-step.js';
import { keepScreenshot } from '../support/e2e.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { GQL_TOKEN, startGraphqlEmulator, type GqlEmulator, type GqlReview } from '../support/github-graphql-emulator.js';
import { pw } from '../support/pw-expect.js';
import { hoursAgo } from '../support/recent.js';

const env = gitIsolationVars();
let repo: TestRepo;
let elsewhere: TestRepo;
let app: TestRepo;
let tools: TestRepo;
let board: TestRepo;
let emu: GqlEmulator;
const dirs: Record<'plain' | 'reviews' | 'failed' | 'norepo' | 'appPart' | 'toolsPart' | 'merged', string> = { plain: '', reviews: '', failed: '', norepo: '', appPart: '', toolsPart: '', merged: '' };
const servers: Partial<Record<keyof typeof dirs, ServeProcess>> = {};
let browser: Browser;
let closeBrowser: () => Promise<void>;
let merge: CliResult;

const weeksAgo = (n: number) => new Date(Date.now() - n * 7 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const review = (author: string, state: GqlReview['state'], hours: number, body = ''): GqlReview => ({ author, state, submittedAt: hoursAgo(hours), body });

/** A data directory refreshed by the CLI with `token` (none: no GitHub token at all). */
async function refreshed(token: string | null, from = repo): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-e2e-reviews-'));
  const r = await runCliAsync(['refresh', '--repo', from.dir, '--data-dir', dir, '-q'], { env: { ...env, GITHUB_TOKEN: token ?? '', GH_TOKEN: '' } });
  expect(r.code, r.stderr).toBe(0);
  return dir;
}

beforeAll(async () => {
  repo = await createTestRepo();
  const alice = await repo.commit({ author: { name: 'Alice', email: 'alice@example.com' }, date: hoursAgo(10), message: 'feat: cache layer', files: { 'src/cache.ts': 'x\n'.repeat(120) } });
  await repo.commit({ author: { name: 'Alice', email: 'alice@example.com' }, date: hoursAgo(9), message: 'fix: typo', files: { 'README.md': 'y\n' } });
  await repo.commit({ author: { name: 'Bob', email: '9+bobdev@users.noreply.github.com' }, date: hoursAgo(8), message: 'feat: eviction', files: { 'src/evict.ts': 'z\n'.repeat(60) } });
  emu = await startGraphqlEmulator({
    repository: 'acme/app', issues: [],
    // GitHub links Alice's first commit to alice-gh (her newest, as if not pushed yet, it does not
    // know); Bob's noreply address names bobdev; Rita has no commits.
    commits: { [alice]: { email: 'alice@example.com', login: 'alice-gh' } },
    names: { 'alice-gh': 'Alice L.', bobdev: null, 'rev-only': 'Rita Reviewer' },
    pulls: [
      { number: 14, title: 'Docs: tuning guide', updatedAt: hoursAgo(2), author: 'alice-gh', reviews: [review('rev-only', 'COMMENTED', 7, 'Typo in the second table.'), review('dependabot[bot]', 'APPROVED', 7)] },
      { number: 13, title: 'Fix the eviction race', updatedAt: hoursAgo(3), author: 'alice-gh', reviews: [review('bobdev', 'CHANGES_REQUESTED', 5)] },
      { number: 12, title: 'Add the cache layer', updatedAt: hoursAgo(3), author: 'bobdev', reviews: [review('alice-gh', 'COMMENTED', 4, 'Why a map?'), review('alice-gh', 'APPROVED', 3), review('rev-only', 'APPROVED', 6), review('bobdev', 'COMMENTED', 6, 'Own PR: not counted')] },
      // Three weeks back: Alice's only review of another week.
      { number: 11, title: 'An older change', updatedAt: weeksAgo(3), author: 'bobdev', reviews: [{ author: 'alice-gh', state: 'COMMENTED', submittedAt: weeksAgo(3), body: 'Fine.' }] },
    ],
  });
  await repo.writeFile('leaderboard.config.json', JSON.stringify({ github: { repo: 'acme/app', apiUrl: emu.apiUrl } }));
  dirs.plain = await refreshed(null);
  dirs.reviews = await refreshed(GQL_TOKEN);
  dirs.failed = await refreshed('ghp_expired');
  // A token, and origin on github.com while the API is the emulator's: nothing to read.
  elsewhere = await createTestRepo();
  await elsewhere.commit({ author: { name: 'Alice', email: 'alice@example.com' }, date: hoursAgo(10), message: 'feat: one', files: { 'a.ts': 'x\n' } });
  await elsewhere.git('remote', 'add', 'origin', 'https://github.com/acme/app.git');
  await elsewhere.writeFile('leaderboard.config.json', JSON.stringify({ github: { apiUrl: emu.apiUrl } }));
  dirs.norepo = await refreshed(GQL_TOKEN, elsewhere);
  // An organisation board merged from parts, as a CI matrix makes it: acme/app's reviews read,
  // acme/tools' token refused before anything was read (the board: failed, never synced, reviews kept).
  app = await createTestRepo({ cloneFrom: repo.dir });
  tools = await createTestRepo();
  await tools.commit({ author: { name: 'Tom', email: 'tom@example.com' }, date: hoursAgo(10), message: 'feat: tool', files: { 'tool.ts': 't\n'.repeat(40) } });
  // On the GitHub the emulator stands for (the host of its API URL).
  await app.git('remote', 'set-url', 'origin', 'https://127.0.0.1/acme/app.git');
  await tools.git('remote', 'add', 'origin', 'https://127.0.0.1/acme/tools.git');
  board = await createTestRepo();
  await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: app.dir, name: 'app' }, { path: tools.dir, name: 'tools' }], github: { apiUrl: emu.apiUrl } }));
  const part = async (name: string, token: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), `lb-e2e-reviews-${name}-`));
    const r = await runCliAsync(['refresh', '--repo', name, '--data-dir', dir, '-q'], { cwd: board.dir, env: { ...env, GITHUB_TOKEN: token, GH_TOKEN: '' } });
    expect(r.code, r.stderr).toBe(0);
    return dir;
  };
  dirs.appPart = await part('app', GQL_TOKEN);
  dirs.toolsPart = await part('tools', 'ghp_expired');
  dirs.merged = await mkdtemp(path.join(os.tmpdir(), 'lb-e2e-reviews-merged-'));
  merge = await runCliAsync(['merge', dirs.appPart, dirs.toolsPart, '--data-dir', dirs.merged], { cwd: board.dir, env });
  expect(merge.code, merge.stderr).toBe(0);
  for (const key of Object.keys(dirs) as (keyof typeof dirs)[]) if (!key.endsWith('Part')) servers[key] = await startServe(['--no-refresh', '--data-dir', dirs[key]], { env });
  ({ browser, close: closeBrowser } = await launchBrowser());
}, 120_000);
afterAll(async () => {
  await closeBrowser?.();
  for (const s of Object.values(servers)) await s?.stop();
  for (const d of Object.values(dirs)) if (d) await rm(d, { recursive: true, force: true });
  await repo?.cleanup();
  await elsewhere?.cleanup();
  for (const r of [app, tools, board]) await r?.cleanup();
  await emu?.close();
});

async function open(which: keyof typeof dirs, opts: { colorScheme?: 'light' | 'dark'; width?: number; query?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: 900 }, colorScheme: opts.colorScheme ?? 'light', acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${servers[which]?.url ?? ''}${opts.query ?? ''}`);
  if (!opts.query?.includes('contributor=')) await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
  return page;
}
const row = (page: Page, name: string) => page.locator(`[data-testid="leaderboard-row"][data-name="${name}"]`);

describe('a board with reviews', () => {
  it('shows a Reviews column and card; ranks follow the total; a reviews-only person has zero commits', async () => {
    const page = await open('reviews');
    await pw(page.getByRole('columnheader', { name: 'Reviews' })).toBeVisible();
    await pw(page.getByTestId('summary-reviews')).toContainText('Reviews');
    // Alice: #12 once (approved); Bob: #13; Rita: #12 and #14. The bot is left out.
    await pw(page.getByTestId('summary-reviews-value')).toHaveText('4');
    await pw(row(page, 'Alice').getByTestId('reviews-count')).toHaveText('1');
    await pw(row(page, 'Alice').getByTestId('reviews-count')).toHaveAttribute('title', '15 review points');
    // The points without a mouse: what a screen reader reads in the cell.
    expect(await row(page, 'Alice').getByTestId('cell-reviews').textContent()).toBe('1, 15 review points');
    await pw(row(page, 'Rita Reviewer').getByTestId('cell-commits')).toHaveText('0');
    await pw(row(page, 'Rita Reviewer').getByTestId('reviews-count')).toHaveText('2');
    await pw(row(page, 'Rita Reviewer').getByTestId('cell-total')).toHaveText('20');
    await pw(page.locator('[data-name="dependabot[bot]"]')).toHaveCount(0);
    // The trends chart adds a Reviews series.
    await pw(page.getByTestId('trends-chart').locator('canvas')).toHaveAttribute('aria-label', 'Significant commits, simple commits, reviews and contributors per weekly period');
    const totals = await page.getByTestId('cell-total').allTextContents();
    expect(totals.map(Number)).toEqual([...totals.map(Number)].sort((a, b) => b - a));
    await keepScreenshot(page, 'reviews-board-light');
    await page.context().close();
  });

  it('lists the person\'s reviews of the period in the expanded row, linked to the pull request', async () => {
    const page = await open('reviews');
    await row(page, 'Rita Reviewer').click();
    const list = page.getByTestId('row-details').getByTestId('review-list');
    await pw(list.getByTestId('reviews-title')).toHaveText('Reviews (2, 20 pts)');
    await pw(list.getByTestId('review-item')).toHaveCount(2);
    const link = list.getByTestId('review-link').first();
    await pw(link).toHaveText('#12 Add the cache layer');
    await pw(link).toHaveAttribute('href', 'https://github.com/acme/app/pull/12');
    expect(await list.getByTestId('review-state').allInnerTexts()).toEqual(['Approved', 'Commented']);
    await pw(page.getByTestId('row-details').getByTestId('recent-commits-title')).toHaveText('Recent Commits (0)');
    await row(page, 'Alice').click();
    await pw(page.getByTestId('row-details').getByTestId('review-state')).toHaveText('Approved');
    await keepScreenshot(page, 'reviews-row-open');
    await page.context().close();
  });

  it('shows the reviews on the contributor page', async () => {
    const page = await open('reviews', { query: '?contributor=Alice' });
    await pw(page.getByTestId('contributor-page')).toBeVisible();
    const reviews = page.getByTestId('contributor-reviews');
    await pw(reviews.getByTestId('review-link')).toHaveText('#12 Add the cache layer');
    // The chart draws review points beside commit points.
    await expect.poll(() => page.getByTestId('standing-canvas').getAttribute('aria-label', { timeout: 1000 }).catch(() => ''), { timeout: 10_000 }).toMatch(/commit score, review points/);
    await keepScreenshot(page, 'reviews-contributor');
    // Another period: its reviews, and never the last period's under its heading meanwhile.
    await page.getByTestId('contributor-reviews').evaluate((section) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const note = () => seen.push(`${section.querySelector('[data-testid="reviews-title"]')?.textContent ?? ''}|${section.querySelector('[data-testid="review-link"]')?.textContent ?? ''}`);
      new MutationObserver(note).observe(section, { subtree: true, childList: true, characterData: true });
    });
    const select = page.getByTestId('contributor-page').getByTestId('period-select');
    const labels = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const current = await select.inputValue();
    // The oldest period: the one three weeks back.
    expect(labels.at(-1)).not.toBe(current);
    await select.selectOption(labels.at(-1) ?? '');
    await pw(reviews.getByTestId('review-link')).toHaveText('#11 An older change');
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.filter((s) => s.startsWith('Reviews (1, 5 pts)|#12'))).toEqual([]);
    await page.context().close();
  });

  it('exports the review columns in the CSV', async () => {
    const page = await open('reviews');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /CSV/ }).click()]);
    const text = await readFile(await download.path(), 'utf8');
    const [header, ...lines] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header?.split(',').slice(-2)).toEqual(['Reviews', 'Review score']);
    expect(lines.find((l) => l.includes('Rita Reviewer'))?.split(',').slice(-2)).toEqual(['2', '20']);
    await page.context().close();
  });

  it('states the review rules with the points in force in "How scores work"', async () => {
    const page = await open('reviews');
    await page.getByTestId('open-rules').click();
    const rules = page.getByTestId('rules-reviews');
    await pw(rules.getByTestId('rules-review-points')).toContainText('approved 15 points, changes requested 15 points, commented 5 points');
    await pw(rules.getByTestId('rules-issue-points')).toContainText('Issue reports are not counted');
    await rules.scrollIntoViewIfNeeded();
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'reviews-rules.png') });
    await page.context().close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds nothing serious for axe in ${colorScheme}, a row open and on the contributor page`, async () => {
      const page = await open('reviews', { colorScheme });
      await row(page, 'Rita Reviewer').click();
      await pw(page.getByTestId('review-item').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      if (colorScheme === 'dark') await keepScreenshot(page, 'reviews-board-dark');
      await page.goto(`${servers.reviews?.url ?? ''}?contributor=Rita%20Reviewer`);
      await pw(page.getByTestId('contributor-reviews').getByTestId('review-item').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('fits a phone: the Reviews figure in the card, the reviews under the commits', async () => {
    const page = await open('reviews', { width: 375, colorScheme: 'dark' });
    await pw(row(page, 'Rita Reviewer').getByTestId('cell-reviews')).toBeVisible();
    await row(page, 'Rita Reviewer').click();
    await pw(page.getByTestId('review-item').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(overflow).toBe(false);
    await keepScreenshot(page, 'reviews-phone-dark');
    await page.context().close();
  });
});

describe('a board without review data', () => {
  it('has no Reviews column or card, and says in "How scores work" how to count reviews', async () => {
    const page = await open('plain');
    await pw(page.getByTestId('summary-cards').locator('.summary-card')).toHaveCount(5);
    await pw(page.getByTestId('summary-reviews')).toHaveCount(0);
    await pw(page.getByRole('columnheader', { name: 'Reviews' })).toHaveCount(0);
    await pw(page.getByTestId('cell-reviews')).toHaveCount(0);
    await pw(page.getByTestId('trends-chart').locator('canvas')).toHaveAttribute('aria-label', 'Significant commits, simple commits and contributors per weekly period');
    await page.getByTestId('open-rules').click();
    await pw(page.getByTestId('rules-activity-off')).toContainText('Reviews and issue reports are not counted');
    await pw(page.getByTestId('rules-activity-off')).toContainText('set GITHUB_TOKEN or GH_TOKEN, or sign in with the GitHub CLI');
    await page.context().close();
  });

  it('says in "How scores work" why a token read nothing: no repository of the board on GitHub', async () => {
    const page = await open('norepo');
    await pw(page.getByTestId('summary-reviews')).toHaveCount(0);
    await pw(page.getByTestId('cell-reviews')).toHaveCount(0);
    await page.getByTestId('open-rules').click();
    await pw(page.getByTestId('rules-activity-off')).toContainText(`score. ${NO_REPO_REASON.replace('Reviews are not counted: no', 'No')}`);
    // Not the generic advice to set a token: the user did.
    expect(await page.getByTestId('rules-activity-off').textContent()).not.toContain('GITHUB_TOKEN');
    await page.context().close();
  });

  it('says what failed when the last sync failed', async () => {
    const page = await open('failed');
    // Two sentences, not one run-on for a screen reader.
    await pw(page.getByTestId('activity-failed')).toContainText('Reviews not updated: GitHub answered 401 Bad credentials. No reviews have been read yet.');
    // Nothing was ever read: no empty Reviews column or card.
    await pw(page.getByTestId('summary-reviews')).toHaveCount(0);
    await pw(page.getByTestId('cell-reviews')).toHaveCount(0);
    await keepScreenshot(page, 'reviews-failed');
    await page.context().close();
  });
});

describe('a board merged from a part that read reviews and one whose review sync failed', () => {
  it('merge names the repository whose sync failed', () => {
    expect(merge.stderr.trim()).toBe('Warning: Reviews not updated for acme/tools: GitHub answered 401 Bad credentials. The review data read so far is kept.');
  });

  it('shows the reviews it counts (card, column, open row, CSV), says what failed, and every total adds up', async () => {
    const page = await open('merged');
    // The reviews shown were read: not "none have been read yet".
    await pw(page.getByTestId('activity-failed')).toHaveText('Reviews not updated for acme/tools: GitHub answered 401 Bad credentials. The reviews shown are those read so far.');
    await pw(page.getByTestId('summary-reviews-value')).toHaveText('4');
    await pw(page.getByRole('columnheader', { name: 'Reviews' })).toBeVisible();
    await pw(row(page, 'Rita Reviewer').getByTestId('reviews-count')).toHaveText('2');
    await pw(row(page, 'Rita Reviewer').getByTestId('cell-total')).toHaveText('20');
    // Each total is the commit score, the review points and the other points the row shows.
    for (const r of await page.getByTestId('leaderboard-row').all()) {
      const num = async (id: string) => Number((await r.getByTestId(id).textContent())?.replace(/[^\d.]/g, '') || 0);
      const reviewPoints = Number((await r.getByTestId('reviews-count').getAttribute('title'))?.replace(/ review points?$/, '') ?? 0);
      expect(await num('cell-commit-score') + await num('cell-other') + reviewPoints, await r.getAttribute('data-name') ?? '').toBe(await num('cell-total'));
    }
    await row(page, 'Rita Reviewer').click();
    await pw(page.getByTestId('row-details').getByTestId('reviews-title')).toHaveText('Reviews (2, 20 pts)');
    await keepScreenshot(page, 'reviews-merged-failed');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /CSV/ }).click()]);
    const [header, ...lines] = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header?.split(',').slice(-2)).toEqual(['Reviews', 'Review score']);
    expect(lines.find((l) => l.includes('Rita Reviewer'))?.split(',').slice(-2)).toEqual(['2', '20']);
    await page.getByTestId('open-rules').click();
    await pw(page.getByTestId('rules-activity-failed')).toHaveText('Reviews not updated for acme/tools: GitHub answered 401 Bad credentials. The reviews shown are those read so far.');
    await page.context().close();
  });
});
