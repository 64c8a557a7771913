/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// What a screen reader and the keyboard get of the two charts and the ranking, read from the
// browser's own accessibility tree on the real fixture: each chart (a canvas) has a description
// in words of what it shows in the current view, and the ranking's treegrid is one Tab stop with
// the arrows moving between its rows and cells (the WAI-ARIA treegrid pattern). Axe finds nothing serious.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { newPage, readFixture, serveFixture, type E2eSession } from '../support/e2e.js';
import { focusState } from '../support/focus.js';
import { pw } from '../support/pw-expect.js';

let s: E2eSession;
let labels: Record<'weekly' | 'monthly', string[]>;
beforeAll(async () => {
  s = await serveFixture();
  const fixture = await readFixture() as { leaderboards: Record<'weekly' | 'monthly', Record<string, unknown>> };
  labels = { weekly: Object.keys(fixture.leaderboards.weekly).sort(), monthly: Object.keys(fixture.leaderboards.monthly).sort() };
});
afterAll(async () => { await s?.close(); });

/** The accessible description Chromium computes for the image whose name starts with `name` ('' when it has none). */
async function imageDescription(page: Page, name: string): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const image = nodes.find((n) => n.role?.value === 'image' && String(n.name?.value ?? '').startsWith(name));
  if (!image) throw new Error(`no image named "${name}..." in the accessibility tree`);
  return String(image.description?.value ?? '');
}

/** The focused element: what it is, and whether it is inside the ranking's treegrid. */
const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement;
  return {
    what: `${el?.tagName.toLowerCase()} ${el?.getAttribute('data-testid') ?? ''} ${el?.closest('tr')?.getAttribute('data-name') ?? ''}`.trim(),
    inGrid: Boolean(el?.closest('[role="treegrid"]')),
  };
});

const rows = (page: Page) => page.getByTestId('leaderboard-row');

describe('the charts for a screen reader', () => {
  it('describes the trends chart of the tab shown: its periods, and each line\'s total, highest and latest', async () => {
    const page = await newPage(s.browser);
    await page.goto(`${s.server.url}?type=weekly`);
    await pw(page.locator('[data-testid="trends-chart"] canvas')).toBeVisible();
    const weekly = labels.weekly;
    await expect.poll(() => imageDescription(page, 'Significant commits'))
      .toMatch(new RegExp(`^${weekly.length} weekly periods, ${weekly[0]} to ${weekly.at(-1)}\\. Significant commits: [\\d,]+ in all, highest [\\d,]+ in \\d{4}-W\\d\\d, latest [\\d,]+\\. Simple commits: .*Contributors: highest`));
    await page.getByTestId('tab-monthly').click();
    const monthly = labels.monthly;
    await expect.poll(() => imageDescription(page, 'Significant commits'))
      .toMatch(new RegExp(`^${monthly.length} monthly periods, ${monthly[0]} to ${monthly.at(-1)}\\.`));
    // Read from a paragraph that takes no room and paints nothing: the card looks as it did.
    expect(await page.getByTestId('trends-summary').evaluate((el) => {
      const css = getComputedStyle(el);
      return [css.position, css.overflow, css.clip];
    })).toEqual(['absolute', 'hidden', 'rect(0px, 0px, 0px, 0px)']);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('describes a contributor\'s chart: their periods, total score and best and latest rank', async () => {
    const page = await newPage(s.browser);
    await page.goto(`${s.server.url}?type=weekly&period=2025-W43&contributor=maobaolong`);
    await pw(page.getByTestId('standing-canvas')).toBeVisible();
    await expect.poll(() => imageDescription(page, 'Total score'))
      .toMatch(/^[\d,]+ weekly periods?, \d{4}-W\d\d.*\. Total score: .*Rank: (best \d+ in \d{4}-W\d\d, latest \d+|\d+)\./);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the ranking with the keyboard', () => {
  it('is one Tab stop: Tab enters at a row, goes to its name and leaves; the arrows move between rows and cells', async () => {
    const page = await newPage(s.browser);
    await page.goto(`${s.server.url}?type=weekly&period=2025-W43`);
    await pw(rows(page)).toHaveCount(7);
    // From the last control before the table, Tab crosses the grid: its row and that row's name, then out.
    await page.getByTestId('copy-link').focus();
    const stops: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (!now.inGrid) break;
      expect((await focusState(page)).ring, now.what).toBe(true);
      stops.push(now.what);
    }
    expect(stops).toEqual(['tr leaderboard-row Tomer Shmilovich', 'a contributor-name Tomer Shmilovich']);

    // Down to the fourth row; Shift+Tab leaves the grid and Tab comes back to that row, not the first.
    await rows(page).first().focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await pw(rows(page).nth(3)).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).inGrid).toBe(false);
    await page.keyboard.press('Tab');
    await pw(rows(page).nth(3)).toBeFocused();
    await page.keyboard.press('Tab');
    await pw(rows(page).nth(3).getByTestId('contributor-name')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await pw(rows(page).nth(3)).toBeFocused();

    // Enter opens the row; Right on an open row goes to its first cell, then along the row; Down
    // keeps the column; Home goes to the row's first cell and Left from there back to the row.
    await page.keyboard.press('Enter');
    await pw(rows(page).nth(3)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowRight');
    await pw(rows(page).nth(3).locator('td').first()).toBeFocused();
    expect((await focusState(page)).ring).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowRight');
    await pw(rows(page).nth(3).getByTestId('contributor-name')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await pw(rows(page).nth(4).getByTestId('contributor-name')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await pw(rows(page).nth(4).getByTestId('cell-commits')).toBeFocused();
    await page.keyboard.press('Home');
    await pw(rows(page).nth(4).locator('td').first()).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await pw(rows(page).nth(4)).toBeFocused();
    // Still one stop, now the row the arrows left the focus in, from after the grid too (the open
    // row's commits, above it, stay in the Tab order as the content it opened).
    await page.getByTestId('open-rules').focus();
    await page.keyboard.press('Shift+Tab');
    await pw(rows(page).nth(4).getByTestId('contributor-name')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await pw(rows(page).nth(4)).toBeFocused();
    await page.context().close();
  });
});
