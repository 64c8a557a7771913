/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// Loading, error and auto-refresh states, and the refresh control, through `leaderboard serve --no-refresh`.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { FIXTURE_DATA, gate, keepScreenshot, makeDataDir, newPage } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

let browser: Browser;
let closeBrowser: () => Promise<void>;
let server: ServeProcess;
let dir: string;

// One server for the file: with --no-refresh it reads the data directory on every request (a
// file's version is its inode, mtime and size), so each test starts from the files it writes.
// A server per test cost about a second each.
beforeAll(async () => {
  dir = await makeDataDir({});
  server = await startServe(['--no-refresh', '--data-dir', dir]);
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Empties the served data dir and writes `files` into it. */
async function serve(files: Record<string, string>): Promise<{ server: ServeProcess; dir: string }> {
  for (const name of await readdir(dir)) await rm(path.join(dir, name), { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return { server, dir };
}

const fixtureText = () => readFile(FIXTURE_DATA, 'utf8');
const status = (success: boolean, timestamp: string, error?: string) =>
  JSON.stringify({ success, timestamp, latestCommit: 'a'.repeat(40), ...(error ? { error } : {}) });

async function expectError(page: Page, message: RegExp): Promise<void> {
  await pw(page.getByTestId('error-state')).toBeVisible();
  await pw(page.getByRole('heading', { name: 'Error Loading Data' })).toBeVisible();
  await pw(page.getByTestId('error-message')).toHaveText(message);
  await pw(page.getByTestId('error-state')).toContainText('leaderboard-data.json');
}

/** axe finds nothing serious on the page in light, the theme of these pages. */
async function expectClean(page: Page): Promise<void> {
  await pw(page.locator('html[data-theme="light"]')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('loading and error states', () => {
  it('shows the spinner and "Loading leaderboard..." until the data arrives', async () => {
    const { server } = await serve({ 'leaderboard-data.json': await fixtureText() });
    const page = await newPage(browser);
    const held = gate();
    await page.route('**/leaderboard-data.json', async (route) => { await held.wait; await route.continue(); });
    await page.goto(server.url);
    await pw(page.getByTestId('loading-state')).toHaveText('Loading leaderboard...');
    await pw(page.locator('[data-testid="loading-state"] .spinner')).toBeVisible();
    await expectClean(page); // a11y-states scans it in dark
    await keepScreenshot(page, 'state-loading');
    held.open();
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    await pw(page.getByTestId('loading-state')).toHaveCount(0);
    await page.context().close();
  });

  it('names what is wrong with a malformed file instead of a blank page', async () => {
    const data = JSON.parse(await fixtureText()) as { leaderboards: { weekly: Record<string, { total_commits: unknown }[]> } };
    const firstWeek = Object.keys(data.leaderboards.weekly)[0]!;
    data.leaderboards.weekly[firstWeek]![0]!.total_commits = 'many';
    const { server } = await serve({ 'leaderboard-data.json': JSON.stringify(data) });
    const page = await newPage(browser);
    await page.goto(server.url);
    await expectError(page, new RegExp(`leaderboards\\.weekly\\.${firstWeek}\\.0\\.total_commits`));
    await keepScreenshot(page, 'state-error-malformed');
    await page.context().close();
  });

  it('says when the file is not JSON at all, and when it is missing', async () => {
    const broken = await serve({ 'leaderboard-data.json': '{"last_updated": "2025-01-01T00:00:00Z",' });
    const page = await newPage(browser);
    await page.goto(broken.server.url);
    await expectError(page, /not valid JSON/);

    const missing = await serve({});
    await page.goto(missing.server.url);
    await expectError(page, /^Failed to load leaderboard data \(HTTP 404/);
    await expectClean(page); // a11y-states scans it in dark
    // Once the file exists, 'Try again' loads it without a page reload.
    await writeFile(path.join(missing.dir, 'leaderboard-data.json'), await fixtureText());
    await page.getByTestId('retry-button').click();
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    await page.context().close();
  });
});

describe('the server out of reach', () => {
  it('says the server could not be reached, before the spec\'s data-file hint, when no answer comes for the data', async () => {
    const { server } = await serve({ 'leaderboard-data.json': await fixtureText() });
    const page = await newPage(browser);
    let down = true;
    // The page itself arrives; the data's requests find nobody answering.
    await page.route(/leaderboard-(data|index)\.json/, (route) => (down ? route.abort('connectionrefused') : route.continue()));
    await page.goto(server.url);
    await pw(page.getByTestId('error-message')).toHaveText('Failed to load leaderboard data');
    await pw(page.getByTestId('error-unreachable')).toHaveText(/^The server could not be reached\. Check that it is still running \(leaderboard serve\)/);
    await pw(page.getByTestId('error-hint')).toHaveText('Make sure leaderboard-data.json exists in the data directory: run leaderboard refresh to create it.');
    await expectClean(page);
    await keepScreenshot(page, 'state-error-unreachable');
    down = false;
    await page.getByTestId('retry-button').click();
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    await page.context().close();
  });

  it('says so too when a part of the page fetched later cannot be loaded (the server stopped), with a reload', async () => {
    const { server } = await serve({ 'leaderboard-data.json': await fixtureText() });
    const page = await newPage(browser);
    await page.goto(server.url);
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    // A contributor page's chart is code fetched when first shown: the server is gone by then.
    await page.route('**/assets/**', (route) => route.abort('connectionrefused'));
    await page.getByTestId('contributor-name').first().click();
    await pw(page.getByTestId('error-message')).toHaveText(/^The leaderboard could not be displayed: a file of the page \(\S+\.js\) could not be loaded\.$/);
    await pw(page.getByTestId('error-unreachable')).toContainText('The server could not be reached');
    expect(await page.getByTestId('error-state').innerText()).not.toContain('dynamically imported module');
    await pw(page.getByTestId('retry-button')).toHaveText('Reload the page');
    await keepScreenshot(page, 'state-error-page-file');
    // Back up, a reload shows the page again.
    await page.unroute('**/assets/**');
    await page.getByTestId('retry-button').click();
    await pw(page.getByTestId('contributor-page')).toBeVisible();
    await page.context().close();
  });
});

describe('auto-refresh status and the refresh control', () => {
  it('keeps showing the data when a re-fetch fails, with a "Failed to refresh" banner until one succeeds', async () => {
    const { server, dir } = await serve({ 'leaderboard-data.json': await fixtureText() });
    const page = await newPage(browser);
    await page.goto(server.url);
    await pw(page.getByTestId('leaderboard-row')).toHaveCount(7);
    await writeFile(path.join(dir, 'leaderboard-data.json'), '{"truncated": ');
    await page.getByTestId('refresh-button').click();
    await pw(page.getByTestId('status-banner')).toHaveAttribute('data-type', 'error');
    await pw(page.getByTestId('status-banner-message')).toHaveText(/^Failed to refresh: The leaderboard data file is not valid JSON/);
    await pw(page.getByTestId('leaderboard-row')).toHaveCount(7);
    await pw(page.getByTestId('error-state')).toHaveCount(0);
    await keepScreenshot(page, 'state-refresh-failed');
    await writeFile(path.join(dir, 'leaderboard-data.json'), await fixtureText());
    await page.getByTestId('refresh-button').click();
    await pw(page.getByTestId('status-banner')).toHaveCount(0);
    await page.context().close();
  });

  it('shows green "Live updates every 15min", then "Auto-refresh error", then nothing, polling every 30 seconds', async () => {
    const { server, dir } = await serve({
      'leaderboard-data.json': await fixtureText(),
      'last-update.json': status(true, '2025-10-27T08:00:00.000Z'),
    });
    const page = await newPage(browser);
    // Paused from the start, the page's clock moves only by runFor: real time spent on a busy
    // machine between the first read and the next step cannot bring the next read forward.
    await page.clock.install({ time: new Date('2025-10-27T08:05:00.000Z') });
    await page.clock.pauseAt(new Date('2025-10-27T08:05:01.000Z'));
    let reads = 0;
    page.on('request', (r) => { if (r.url().endsWith('/last-update.json')) reads++; });
    await page.goto(server.url);
    const badge = page.getByTestId('refresh-status');
    await pw(badge).toHaveText('Live updates every 15min');
    expect(reads).toBe(1);
    await pw(badge).toHaveAttribute('data-state', 'ok');
    const color = await badge.evaluate((el) => getComputedStyle(el).color.match(/\d+/g)!.map(Number));
    expect(color[1]).toBeGreaterThan(color[0]!); // green
    expect(color[1]).toBeGreaterThan(color[2]!);
    await keepScreenshot(page, 'state-status-ok');

    await writeFile(path.join(dir, 'last-update.json'), status(false, '2025-10-27T08:15:00.000Z', 'git pull failed: no network'));
    await page.clock.runFor(29_000);
    await page.waitForTimeout(500); // real time, for a read the timer might have started
    expect(reads).toBe(1); // not polled yet
    await pw(badge).toHaveAttribute('data-state', 'ok');
    await page.clock.runFor(2_000);
    await expect.poll(() => reads).toBe(2);
    await pw(badge).toHaveText('Auto-refresh error');
    await pw(badge).toHaveAttribute('title', 'git pull failed: no network');
    await keepScreenshot(page, 'state-status-error');

    await rm(path.join(dir, 'last-update.json'));
    await page.clock.runFor(31_000);
    await pw(badge).toHaveCount(0);
    await page.context().close();
  });

  it('follows a new successful refresh, resetting the dropdown to the latest period of the new data', async () => {
    const { server, dir } = await serve({
      'leaderboard-data.json': await fixtureText(),
      'last-update.json': status(true, '2025-10-27T08:00:00.000Z'),
    });
    const page = await newPage(browser);
    await page.clock.install();
    await page.goto(`${server.url}?type=monthly`);
    await page.getByTestId('period-select').selectOption('2025-05');
    await pw(page.getByTestId('viewing-period')).toHaveText('2025-05');
    // The first status read must be done before the new one is written: on a busy machine it
    // could come after, take the new refresh as the one already shown, and never reload.
    await pw(page.getByTestId('refresh-status')).toHaveAttribute('data-state', 'ok');

    const data = JSON.parse(await fixtureText()) as { last_updated: string; leaderboards: { monthly: Record<string, unknown[]> } };
    data.last_updated = '2025-11-03T08:00:00.000Z';
    data.leaderboards.monthly['2025-11'] = [data.leaderboards.monthly['2025-10']![0]];
    await writeFile(path.join(dir, 'leaderboard-data.json'), JSON.stringify(data));
    await writeFile(path.join(dir, 'last-update.json'), status(true, '2025-11-03T08:00:00.000Z'));
    await page.clock.runFor(31_000);
    await pw(page.getByTestId('period-select')).toHaveValue('2025-11');
    await pw(page.getByTestId('viewing-count')).toHaveText('1 contributor');
    await page.context().close();
  });

  it('follows a board rebuilt after a manual change elsewhere (the refresh time unchanged), and only a board newer than the one shown', async () => {
    const rebuiltStatus = (rebuiltAt: string) => JSON.stringify({ ...JSON.parse(status(true, '2025-10-27T08:00:00.000Z')) as object, rebuiltAt });
    const shown = JSON.parse(await fixtureText()) as { last_updated: string; leaderboards: { monthly: Record<string, unknown[]> } };
    // The status of a board this page shows already (its own save): nothing to read again.
    const { server, dir } = await serve({ 'leaderboard-data.json': JSON.stringify(shown), 'last-update.json': rebuiltStatus(shown.last_updated) });
    const page = await newPage(browser);
    await page.clock.install();
    let reads = 0;
    page.on('request', (r) => { if (r.url().endsWith('/leaderboard-data.json')) reads++; });
    await page.goto(`${server.url}?type=monthly`);
    await pw(page.getByTestId('refresh-status')).toHaveAttribute('data-state', 'ok');
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    await page.clock.runFor(31_000);
    await pw(page.getByTestId('refresh-status')).toHaveAttribute('data-state', 'ok');
    await page.waitForTimeout(300);
    expect(reads).toBe(1);

    // Rebuilt since (a contribution added from the shell): one person more in the latest month.
    const rebuilt = structuredClone(shown);
    rebuilt.last_updated = '2025-10-28T09:00:00.000Z';
    const latest = Object.keys(rebuilt.leaderboards.monthly).sort().at(-1)!;
    const before = rebuilt.leaderboards.monthly[latest]!.length;
    rebuilt.leaderboards.monthly[latest]!.push({ ...(rebuilt.leaderboards.monthly[latest]![0] as object), name: 'Shell Added', email: '' });
    await writeFile(path.join(dir, 'leaderboard-data.json'), JSON.stringify(rebuilt));
    await writeFile(path.join(dir, 'last-update.json'), rebuiltStatus(rebuilt.last_updated));
    await page.clock.runFor(31_000);
    await pw(page.getByTestId('viewing-count')).toHaveText(`${before + 1} contributors`);
    await page.context().close();
  });

  it('reads the data again when its first status names a newer commit than the data shown (a refresh landed while it loaded)', async () => {
    const withHead = async (head: string) => {
      const data = JSON.parse(await fixtureText()) as { metadata: Record<string, unknown> };
      data.metadata.head = head;
      return JSON.stringify(data);
    };
    const dataReads = async (head: string): Promise<number> => {
      await serve({ 'leaderboard-data.json': await withHead(head), 'last-update.json': status(true, '2025-10-27T08:00:00.000Z') });
      const page = await newPage(browser);
      let reads = 0;
      page.on('request', (r) => { if (r.url().endsWith('/leaderboard-data.json')) reads++; });
      await page.goto(server.url);
      await pw(page.getByTestId('refresh-status')).toHaveAttribute('data-state', 'ok');
      await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
      if (head !== 'a'.repeat(40)) await expect.poll(() => reads).toBe(2);
      await page.waitForTimeout(500); // real time: a second read would have started by now
      await page.context().close();
      return reads;
    };
    // The status names commit aaaa...: data of another commit is read again, once.
    expect(await dataReads('b'.repeat(40))).toBe(2);
    expect(await dataReads('a'.repeat(40))).toBe(1);
  });

  it('re-fetches the data without reloading, disabled and reading "Refreshing..." meanwhile', async () => {
    const { server, dir } = await serve({ 'leaderboard-data.json': await fixtureText() });
    const page = await newPage(browser);
    await page.goto(`${server.url}?type=quarterly`);
    await page.getByTestId('period-select').selectOption('2025-Q2');
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 42; });
    const button = page.getByTestId('refresh-button');
    await pw(button).toHaveText('Refresh');

    // The same data again: the chosen period stays.
    const held = gate();
    await page.route('**/leaderboard-data.json', async (route) => { await held.wait; await route.continue(); });
    await button.click();
    await pw(button).toHaveText('Refreshing...');
    await pw(button).toBeDisabled();
    await keepScreenshot(page, 'state-refreshing');
    held.open();
    await pw(button).toHaveText('Refresh');
    await pw(button).toBeEnabled();
    await pw(page.getByTestId('period-select')).toHaveValue('2025-Q2');

    // Changed data: shown at once, back to the latest period, same page (the marker survives).
    const data = JSON.parse(await fixtureText()) as { leaderboards: { quarterly: Record<string, unknown[]> } };
    data.leaderboards.quarterly['2025-Q4'] = data.leaderboards.quarterly['2025-Q4']!.slice(0, 2);
    await writeFile(path.join(dir, 'leaderboard-data.json'), JSON.stringify(data));
    await button.click();
    await pw(page.getByTestId('period-select')).toHaveValue('2025-Q4');
    await pw(page.getByTestId('leaderboard-row')).toHaveCount(2);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.context().close();
  });
});
