/**
 * End-to-end plumbing: a data directory in a temp dir, the real `leaderboard serve` on it, and
 * Debian's Chromium pointed at it.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS_DIR, launchBrowser } from './browser.js';
import { startServe, type ServeProcess } from './cli.js';
import { pw } from './pw-expect.js';

export const FIXTURE_DATA = path.resolve('tests/fixtures/real-leaderboard-data.json');

/** The fixture data file, parsed, to build variants of it. */
export async function readFixture(): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(FIXTURE_DATA, 'utf8')) as Record<string, unknown>;
}

/** A temp data directory holding `files` (name -> text). */
export async function makeDataDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-e2e-data-'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

/** `leaderboard serve --no-refresh` on a data directory, plus a browser. */
export interface E2eSession {
  server: ServeProcess;
  browser: Browser;
  dataDir: string;
  close: () => Promise<void>;
}

/** Serves `dataDir` as it is (no refresh) and launches Chromium; `close` stops both and removes the dir. */
export async function serveDataDir(dataDir: string): Promise<E2eSession> {
  const server = await startServe(['--no-refresh', '--data-dir', dataDir]);
  const { browser, close: closeBrowser } = await launchBrowser();
  return {
    server,
    browser,
    dataDir,
    close: async () => {
      await closeBrowser();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `serveDataDir` on a fresh data directory holding a copy of the real fixture. */
export async function serveFixture(): Promise<E2eSession> {
  const dir = await makeDataDir({});
  await copyFile(FIXTURE_DATA, path.join(dir, 'leaderboard-data.json'));
  return serveDataDir(dir);
}

/** A new page of a fresh context (own localStorage) sized like a laptop screen. */
export async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** Keeps a full-page screenshot in tests/artifacts for people to look at. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/** A new context's page at `url`, once its board or contributor page shows (1280 x 900 unless `context` says otherwise). */
export async function openShown(browser: Browser, url: string, context: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, ...context })).newPage();
  await page.goto(url);
  await pw(page.locator('[data-testid="leaderboard-row"], [data-testid="contributor-page"]').first()).toBeVisible();
  return page;
}

/** Resolves a promise by hand: lets a test hold a response back and release it later. */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => { open = resolve; });
  return { wait, open };
}
