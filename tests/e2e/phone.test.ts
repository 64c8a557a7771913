/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// The ranking at a phone's width (375px, touch) on the real fixture: a list of cards instead of
// a table scrolling sideways; a tap opens a card with every figure and its commits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { keepScreenshot, serveFixture, type E2eSession } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

let s: E2eSession;
beforeAll(async () => {
  s = await serveFixture();
});
afterAll(async () => { await s?.close(); });

const WIDTH = 375;
const rows = (page: Page) => page.getByTestId('leaderboard-row');
const row = (page: Page, name: string) => page.locator(`[data-testid="leaderboard-row"][data-name="${name}"]`);
const SECONDARY = ['cell-sig', 'cell-sim', 'cell-impact', 'cell-commit-score', 'cell-other', 'cell-avg'];

async function openPhone(query = '', colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await s.browser.newContext({ viewport: { width: WIDTH, height: 812 }, hasTouch: true, isMobile: true, colorScheme });
  const page = await context.newPage();
  await page.goto(`${s.server.url}${query}`);
  await pw(rows(page).first()).toBeVisible();
  return page;
}

/** The label a card gives a figure (the cell's ::before), '' for none. */
const labelOf = (cell: Locator) => cell.evaluate((el) => getComputedStyle(el, '::before').content.replace(/^"|"$/g, '').replace(/^none$/, ''));

/** Whether `inner` lies within `outer`, both on screen horizontally. */
async function inside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  return !!a && !!b && a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y >= b.y - 0.5 && a.y + a.height <= b.y + b.height + 0.5
    && b.x >= 0 && b.x + b.width <= WIDTH;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => {
  const scroller = document.querySelector('.table-scroll')!;
  return document.documentElement.scrollWidth <= window.innerWidth && scroller.scrollWidth <= scroller.clientWidth;
});

describe('the ranking at a phone width', () => {
  it('at 320px, the narrowest width pages must reflow to, keeps the three tabs on screen with no sideways scroll', async () => {
    const context = await s.browser.newContext({ viewport: { width: 320, height: 700 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(s.server.url);
    await pw(rows(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const tab of ['tab-weekly', 'tab-monthly', 'tab-quarterly']) {
      const box = (await page.getByTestId(tab).boundingBox())!;
      expect(box.x, tab).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, tab).toBeLessThanOrEqual(320);
      // Its word whole: not cut by its own box.
      expect(await page.getByTestId(tab).evaluate((el) => el.scrollWidth <= el.clientWidth), tab).toBe(true);
    }
    await keepScreenshot(page, 'phone-320-tabs');
    await context.close();
  });

  it('is a list of cards showing rank, tier, name, total and commits, with no sideways scroll', async () => {
    const page = await openPhone('?type=monthly&period=2025-10');
    expect(await noSidewaysScroll(page)).toBe(true);
    // The header row stays for screen readers, out of sight.
    const head = await page.locator('[data-testid="leaderboard-table"] thead').boundingBox();
    expect(head!.width).toBeLessThanOrEqual(1);

    const count = await rows(page).count();
    expect(count).toBe(25);
    let previousBottom = 0;
    for (let i = 0; i < count; i++) {
      const card = rows(page).nth(i);
      const box = (await card.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(previousBottom - 0.5); // stacked, one card under the other
      expect(box.height).toBeLessThan(130);
      previousBottom = box.y + box.height;
    }

    const first = rows(page).first();
    await pw(first.getByTestId('row-rank')).toHaveText('#1');
    await pw(first.getByTestId('tier-badge')).toHaveText('T0');
    await pw(first.getByTestId('contributor-name')).toHaveText('maobaolong');
    await pw(first.getByTestId('cell-total')).toHaveText('376');
    await pw(first.getByTestId('cell-commits')).toHaveText('6');
    for (const id of ['row-rank', 'tier-badge', 'contributor-name', 'contributor-email', 'cell-total', 'cell-commits', 'row-toggle']) {
      expect(await inside(first.getByTestId(id), first), `${id} in the card`).toBe(true);
    }
    expect(await labelOf(first.getByTestId('cell-total'))).toBe('Total');
    expect(await labelOf(first.getByTestId('cell-commits'))).toBe('Commits');
    // The other figures wait for the card to open.
    for (const id of SECONDARY) expect(await first.getByTestId(id).isVisible(), id).toBe(false);
    await page.context().close();
  });

  it('opens a card on a tap, with every figure and its commits at the screen\'s width, one card at a time', async () => {
    const page = await openPhone('?type=quarterly&period=2025-Q3');
    const card = row(page, 'maobaolong');
    await card.tap();
    await pw(card).toHaveAttribute('aria-expanded', 'true');
    const labels: Record<string, string> = {};
    for (const id of SECONDARY) {
      await pw(card.getByTestId(id)).toBeVisible();
      expect(await inside(card.getByTestId(id), card), `${id} in the card`).toBe(true);
      labels[id] = await labelOf(card.getByTestId(id));
    }
    expect(labels).toEqual({
      'cell-sig': 'Significant', 'cell-sim': 'Simple', 'cell-impact': 'Impact',
      'cell-commit-score': 'Commit score', 'cell-other': 'Other', 'cell-avg': 'Average',
    });

    const details = page.getByTestId('row-details');
    await pw(details.getByTestId('commits-shown-note')).toHaveText('Showing 20 of 47 commits');
    await pw(details.getByTestId('commit-item')).toHaveCount(20);
    expect(await noSidewaysScroll(page)).toBe(true);
    for (const item of await details.getByTestId('commit-item').all()) {
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    }
    // The list scrolls within itself under a finger's swipe (the wheel stands in for it here).
    const list = details.locator('.commit-scroll');
    const before = await list.evaluate((el) => el.scrollTop);
    await list.hover();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(before);

    // Another tap switches the open card; a tap on the open one closes it.
    const other = row(page, 'Jiayi Yao');
    await other.tap();
    await pw(other).toHaveAttribute('aria-expanded', 'true');
    await pw(card).toHaveAttribute('aria-expanded', 'false');
    await pw(page.getByTestId('row-details')).toHaveCount(1);
    await other.tap();
    await pw(page.getByTestId('row-details')).toHaveCount(0);
    for (const id of SECONDARY) expect(await other.getByTestId(id).isVisible(), id).toBe(false);
    await page.context().close();
  });

  it('takes screenshots of the latest week, a card open, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openPhone('', scheme);
      await rows(page).first().tap();
      await pw(page.getByTestId('commit-item').first()).toBeVisible();
      expect(await noSidewaysScroll(page)).toBe(true);
      await keepScreenshot(page, `phone-${scheme}`);
      await page.context().close();
    }
  });
});
