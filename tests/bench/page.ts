import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { busiestContributor, measureContributorPage } from './contributor-page.js';
import { isolatedEnv, median } from './util.js';

const BIN = path.resolve('bin/leaderboard.js');

/** Gzipped (level 9, as a static server would precompress) and raw bytes of every .js under dist/web. */
export async function shippedJs(dir = path.resolve('dist/web')): Promise<{ gzip: number; raw: number; files: number }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  let gzip = 0;
  let raw = 0;
  let files = 0;
  for (const e of entries) {
    if (!e.isFile() || !e.name.endsWith('.js')) continue;
    const buf = await readFile(path.join(e.parentPath, e.name));
    raw += buf.length;
    gzip += gzipSync(buf, { level: 9 }).length;
    files++;
  }
  return { gzip, raw, files };
}

/** `leaderboard serve --no-refresh` on `dataDir` (plus `extraArgs`), as a child process; `bin` is another build's CLI (default: this checkout's). */
export async function serve(dataDir: string, extraArgs: readonly string[] = [], bin: string = BIN): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [bin, 'serve', '--no-open', '--port', '0', '--no-refresh', '--data-dir', dataDir, ...extraArgs], {
    env: isolatedEnv(), stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve printed no address in 30 s: ${out}`)), 30_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /Leaderboard: (http\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`serve exited: ${out}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// Runs in the page before its own scripts: when the first ranking row is in the DOM, and after
// the frame that shows it (rAF + task), in ms since navigation start.
const FIRST_ROW = `(() => {
  const check = () => {
    if (!document.querySelector('[data-testid="leaderboard-row"]')) return false;
    const dom = performance.now();
    requestAnimationFrame(() => setTimeout(() => { window.__benchFirstRow = { dom, painted: performance.now() }; }, 0));
    return true;
  };
  new MutationObserver((_, obs) => { if (check()) obs.disconnect(); }).observe(document, { childList: true, subtree: true });
})()`;

// Armed before each click: from the click event (its timeStamp, when the input arrived) to the
// DOM showing the new period in the 'Viewing' badge (the whole view commits at once), and to the
// frame after it.
const ARM_SWITCH = `window.__benchSwitch = new Promise((resolve) => {
  setTimeout(() => resolve(null), 15000);
  const badge = () => document.querySelector('[data-testid="viewing-badge"]')?.textContent ?? '';
  const before = badge();
  document.addEventListener('click', (ev) => {
    const t0 = ev.timeStamp;
    const obs = new MutationObserver(() => {
      if (badge() === before) return;
      obs.disconnect();
      const dom = performance.now() - t0;
      requestAnimationFrame(() => setTimeout(() => resolve({ dom, painted: performance.now() - t0 }), 0));
    });
    obs.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, { capture: true, once: true });
}); 0`;

// Armed before each interaction: from the event (its timeStamp) to the DOM showing its result,
// and to the frame after it. `until` is 'badge' (the 'Viewing' badge changes: tab, period, hidden
// contributor) or 'commits' (the clicked row's details list a commit).
const ARM = `window.__benchArm = (eventType, until) => { window.__benchDone = new Promise((resolve) => {
  setTimeout(() => resolve(null), 15000);
  const badge = () => document.querySelector('[data-testid="viewing-badge"]')?.textContent ?? '';
  const before = badge();
  document.addEventListener(eventType, (ev) => {
    const t0 = ev.timeStamp;
    const row = ev.target instanceof Element ? ev.target.closest('tr') : null;
    const done = () => until === 'badge' ? badge() !== before
      : Boolean(row?.nextElementSibling?.querySelector('[data-testid="commit-item"]'));
    const finish = () => {
      const dom = performance.now() - t0;
      requestAnimationFrame(() => setTimeout(() => resolve({ dom, painted: performance.now() - t0 }), 0));
    };
    if (done()) return finish();
    const obs = new MutationObserver(() => {
      if (!done()) return;
      obs.disconnect();
      finish();
    });
    obs.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, { capture: true, once: true });
}); return 0; }; 0`;

export interface PageTimes {
  /** Selecting an older period in the dropdown, to the frame showing it. */
  periodChange: number[];
  /** Clicking a row, to the frame listing its commits. */
  openRow: number[];
  /** Unchecking (and re-checking) a contributor in the filter, to the frame showing the new ranking. */
  hide: number[];
  /** JS heap in use after load and a forced GC (CDP Runtime.getHeapUsage), bytes. */
  heapBytes: number;
  /** Navigation start to the frame showing the first row, per cold load (fresh context each). */
  firstRow: number[];
  firstRowDom: number[];
  /** Click to the frame showing the new tab, per switch. */
  tabSwitch: number[];
  tabSwitchDom: number[];
  rows: number;
  /** Opening the busiest contributor's page from the board, to the frame showing their commits and chart. */
  contributorPage: number[];
}

const LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 5);
/** BENCH_PAGE_FIRST_ONLY=1: cold loads only, no interactions (to compare first rows with many loads). */
const FIRST_ONLY = process.env.BENCH_PAGE_FIRST_ONLY === '1';
const SWITCH_ORDER = ['monthly', 'quarterly', 'weekly'] as const;
const ROUNDS = 3;

/** The page figures of the board at `url` (served from `dataDir`), in one browser. */
export async function measureDataset(browser: Browser, url: string, dataDir: string): Promise<PageTimes> {
  const times: PageTimes = { firstRow: [], firstRowDom: [], tabSwitch: [], tabSwitchDom: [], rows: 0, periodChange: [], openRow: [], hide: [], heapBytes: NaN, contributorPage: [] };
  for (let load = 0; load < LOADS; load++) {
    // The probes are strings evaluated in the page, which its CSP forbids; the CSP itself is tested in tests/e2e/csp.test.ts.
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    try {
      const page = await context.newPage();
      await page.addInitScript(FIRST_ROW);
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction('window.__benchFirstRow !== undefined', undefined, { timeout: 60_000 });
      const first = (await page.evaluate('window.__benchFirstRow')) as { dom: number; painted: number };
      times.firstRow.push(first.painted);
      times.firstRowDom.push(first.dom);
      if (load < LOADS - 1 || FIRST_ONLY) continue;
      // Tab switches, on the last page loaded, once its load has settled.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      times.rows = await page.locator('[data-testid="leaderboard-row"]').count();
      for (let round = 0; round < ROUNDS; round++) {
        for (const tab of SWITCH_ORDER) {
          const target = `[data-testid="tab-${tab}"]`;
          if ((await page.getAttribute(target, 'aria-selected')) === 'true') continue;
          await page.evaluate(ARM_SWITCH);
          await page.click(target);
          const r = (await page.evaluate('window.__benchSwitch')) as { dom: number; painted: number } | null;
          if (r === null) throw new Error(`Clicking ${target} did not change the 'Viewing' badge within 15 s`);
          times.tabSwitch.push(r.painted);
          times.tabSwitchDom.push(r.dom);
          await page.waitForTimeout(300); // let the chart's animation finish before the next click
        }
      }
      await measureInteractions(page, times);
      times.contributorPage = await measureContributorPage(page, await busiestContributor(dataDir));
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      times.heapBytes = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    } finally {
      await context.close();
    }
  }
  return times;
}

async function timed(page: Page, eventType: string, until: 'badge' | 'commits', act: () => Promise<void>, what: string): Promise<number> {
  await page.evaluate(`window.__benchArm(${JSON.stringify(eventType)}, ${JSON.stringify(until)})`);
  await act();
  const r = (await page.evaluate('window.__benchDone')) as { dom: number; painted: number } | null;
  if (r === null) throw new Error(`${what}: nothing changed within 15 s`);
  await page.waitForTimeout(300);
  return r.painted;
}

/** On the weekly tab: three older periods (the oldest last), three rows opened, a contributor hidden and shown again three times. */
async function measureInteractions(page: Page, times: PageTimes): Promise<void> {
  await page.evaluate(ARM);
  const select = page.getByTestId('period-select');
  const options = await select.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  for (const label of [options[1], options[2], options.at(-1)].filter((x): x is string => x !== undefined)) {
    times.periodChange.push(await timed(page, 'change', 'badge', () => select.selectOption(label).then(() => undefined), `selecting ${label}`));
  }
  await select.selectOption(options[0] ?? '');
  await page.waitForTimeout(300);
  const rows = page.locator('[data-testid="leaderboard-row"]');
  for (let i = 0; i < 3 && i < (await rows.count()); i++) {
    times.openRow.push(await timed(page, 'click', 'commits', () => rows.nth(i).click(), `opening row ${i + 1}`));
  }
  await rows.nth(2).click(); // close it
  const names = await rows.evaluateAll((els) => els.slice(0, 3).map((e) => e.getAttribute('data-name') ?? ''));
  await page.getByTestId('filter-toggle').click();
  for (const name of names) {
    await page.getByTestId('filter-search').fill(name);
    const box = page.locator('[data-testid="filter-option"]', { hasText: name }).first().locator('input');
    times.hide.push(await timed(page, 'click', 'badge', () => box.click(), `hiding ${name}`));
    times.hide.push(await timed(page, 'click', 'badge', () => box.click(), `showing ${name} again`));
  }
  await page.getByTestId('filter-search').fill('');
  await page.getByTestId('filter-toggle').click();
}

/**
 * First render and tab switch timings for each data directory, in one headless Chromium; a
 * directory may come with a query for the page's URL (`?repo=name`: one repository's view).
 */
export async function measurePages(dataDirs: Record<string, string | { dir: string; query: string }>, log: (s: string) => void): Promise<Record<string, PageTimes>> {
  const { browser, close } = await launchBrowser();
  const out: Record<string, PageTimes> = {};
  try {
    for (const [name, where] of Object.entries(dataDirs)) {
      const { dir, query } = typeof where === 'string' ? { dir: where, query: '' } : where;
      log(`Page: ${name} (${LOADS} cold loads, ${ROUNDS * SWITCH_ORDER.length} tab switches)...`);
      const server = await serve(dir);
      try {
        out[name] = await measureDataset(browser, new URL(query, server.url).href, dir);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await close();
  }
  return out;
}

export const summarizeTimes = (xs: number[]) => ({ median: median(xs), max: Math.max(...xs), min: Math.min(...xs) });
