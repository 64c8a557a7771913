/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// Keyboard and screen reader follow-ups on the real fixture: a control busy for a moment keeps the
// focus (a disabled or removed one let go of it, to the page's start), a table wider than its box
// is reachable from the keyboard, the chosen tab shows in forced colours, the contributor page
// names itself in the window's title, and each commit's "How scores work" names its commit.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DATA, serveFixture, type E2eSession } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

let s: E2eSession;
beforeAll(async () => {
  s = await serveFixture();
});
afterAll(async () => { await s?.close(); });

async function open(query: string, width = 1280): Promise<Page> {
  const context = await s.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${s.server.url}${query}`);
  return page;
}
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

/** The fixture's contributor with the most commits listed (more than a page of them). */
async function busiest(): Promise<string> {
  const data = JSON.parse(await readFile(FIXTURE_DATA, 'utf8')) as { leaderboards: { quarterly: Record<string, { name: string; commits: unknown[] }[]> } };
  const listed = new Map<string, number>();
  for (const entries of Object.values(data.leaderboards.quarterly)) for (const e of entries) listed.set(e.name, (listed.get(e.name) ?? 0) + e.commits.length);
  return [...listed].sort((a, b) => b[1] - a[1])[0]![0];
}

describe('focus through a moment of work', () => {
  it('stays on Refresh while it refreshes, and on "Show more commits" while they load', async () => {
    const page = await open('');
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    await page.getByTestId('refresh-button').focus();
    await page.keyboard.press('Enter');
    await pw(page.getByTestId('refresh-button')).toHaveText('Refresh');
    expect(await focusedTestId(page)).toBe('refresh-button');
    await page.context().close();

    const name = await busiest();
    const profile = await open(`?contributor=${encodeURIComponent(name)}`);
    const more = profile.getByTestId('contributor-commits-more');
    await pw(more).toBeVisible();
    const items = profile.getByTestId('contributor-commit-list').getByTestId('commit-item');
    const before = await items.count();
    await more.focus();
    await profile.keyboard.press('Enter');
    await expect.poll(() => items.count()).toBeGreaterThan(before);
    // Still on the button when more are left, else on the list the last page added to.
    expect(['contributor-commits-more', 'contributor-commit-list']).toContain(await focusedTestId(profile));
    await profile.context().close();
  });
});

describe('names and states a screen reader and forced colours need', () => {
  it('titles the window with the contributor, names each commit\'s explanation, and outlines the chosen tab in forced colours', async () => {
    const name = await busiest();
    const page = await open(`?contributor=${encodeURIComponent(name)}`);
    await pw(page.getByTestId('contributor-page')).toBeVisible();
    await expect.poll(() => page.title()).toBe(`${name} · Contributor Leaderboard`);
    const first = page.getByTestId('contributor-commit-list').getByTestId('commit-item').first();
    const hash = (await first.getByTestId('commit-hash').innerText()).trim();
    await pw(first.getByTestId('commit-explain')).toHaveAttribute('aria-label', `How scores work: commit ${hash}`);
    await page.getByTestId('contributor-back').click();
    await expect.poll(() => page.title()).toBe('Contributor Leaderboard');

    await page.emulateMedia({ forcedColors: 'active' });
    const outline = (id: string) => page.getByTestId(id).evaluate((el) => getComputedStyle(el).outlineStyle);
    await page.getByTestId('tab-monthly').click();
    expect(await outline('tab-monthly')).toBe('solid');
    expect(await outline('tab-weekly')).not.toBe('solid');
    await page.context().close();
  });

  it('lets the keyboard scroll a ranking wider than its box (a narrow window, 200% zoom)', async () => {
    const page = await open('?type=monthly&period=2025-10', 760);
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    const box = page.locator('.table-scroll');
    await pw(box).toHaveAttribute('tabindex', '0');
    await pw(box).toHaveAttribute('role', 'region');
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('End');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.context().close();
    // Wide enough for the table: no extra Tab stop.
    const wide = await open('?type=monthly&period=2025-10', 1400);
    await pw(wide.getByTestId('leaderboard-row').first()).toBeVisible();
    expect(await wide.locator('.table-scroll').getAttribute('tabindex')).toBeNull();
    await wide.context().close();
  });
});
