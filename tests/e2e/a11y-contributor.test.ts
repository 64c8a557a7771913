/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// A contributor's page on the real fixture for everyone: axe (light and dark, wide and phone,
// and the page of an unknown name), every Tab stop with a visible focus ring, and its chart
// redrawn in the theme's colours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { keepScreenshot, serveFixture, type E2eSession } from '../support/e2e.js';
import { focusState, tabTo } from '../support/focus.js';
import { pw } from '../support/pw-expect.js';

let s: E2eSession;
beforeAll(async () => {
  s = await serveFixture();
});
afterAll(async () => { await s?.close(); });

const PAGE = '?type=weekly&period=2025-W43&contributor=maobaolong';

async function open(query: string, opts: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<Page> {
  const context = await s.browser.newContext({ viewport: { width: opts.width ?? 1280, height: 900 }, colorScheme: opts.colorScheme ?? 'light' });
  const page = await context.newPage();
  await page.goto(`${s.server.url}${query}`);
  return page;
}

async function loaded(page: Page): Promise<void> {
  await pw(page.getByTestId('contributor-page')).toBeVisible();
  await pw(page.getByTestId('standing-canvas')).toBeVisible();
  await pw(page.getByTestId('contributor-commit-list').getByTestId('commit-item').first()).toBeVisible();
}

describe('axe on a contributor page', () => {
  // Both themes wide; the phone layout (the same colours) in dark only: axe's cost adds up in the suite.
  for (const [colorScheme, width] of [['light', 1280], ['dark', 1280], ['dark', 375]] as const) {
    it(`finds nothing serious in ${colorScheme} at ${width}px, nor on the page of an unknown name`, async () => {
      const page = await open(PAGE, { colorScheme, width });
      await loaded(page);
      await pw(page.locator(`html[data-theme="${colorScheme}"]`)).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      if (width === 375) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        // The page's commit list grows with the page (no inner scroll), so none of it spills over what follows.
        const list = await page.getByTestId('contributor-commit-list').evaluate((el) => ({ content: el.scrollHeight, box: el.clientHeight }));
        expect(list.content).toBeLessThanOrEqual(list.box + 1);
        // The head's controls stay inside its card.
        const head = (await page.locator('.contributor-head').boundingBox())!;
        for (const id of ['contributor-type-switch', 'period-select']) {
          const box = (await page.getByTestId('contributor-page').getByTestId(id).boundingBox())!;
          expect(box.x + box.width, id).toBeLessThanOrEqual(head.x + head.width);
        }
        await keepScreenshot(page, `a11y-contributor-phone-${colorScheme}`);
      } else {
        await keepScreenshot(page, `a11y-contributor-${colorScheme}`);
      }
      await page.goto(`${s.server.url}?type=weekly&contributor=Nobody%20Here`);
      await pw(page.getByTestId('contributor-not-found')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  }
});

describe('a contributor page with the keyboard alone', () => {
  it('is reached from the board and walked through with a focus ring at every stop, and Back returns', async () => {
    const page = await open('?type=weekly&period=2025-W43');
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    // The ranking is one Tab stop: Down to maobaolong's row (the 4th), then Tab to the name.
    const row = page.locator('[data-testid="leaderboard-row"][data-name="maobaolong"]');
    await tabTo(page, page.getByTestId('leaderboard-row').first());
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await pw(row).toBeFocused();
    await tabTo(page, row.getByTestId('contributor-name'));
    await page.keyboard.press('Enter');
    await loaded(page);
    // Everything after the heading, to the last commit's controls, shows where the focus is.
    await tabTo(page, page.getByTestId('contributor-type-monthly'));
    await page.keyboard.press('Enter');
    await pw(page.getByTestId('contributor-type-monthly')).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, page.getByTestId('contributor-commit-list').getByTestId('commit-explain').last());
    await tabTo(page, page.getByTestId('contributor-back'), 'Shift+Tab');
    expect((await focusState(page)).ring).toBe(true);
    await page.keyboard.press('Enter');
    await pw(page.getByTestId('contributor-page')).toHaveCount(0);
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    await page.context().close();
  });
});

/** Opaque pixels of a canvas close to an RGB colour. */
function pixelsNear(page: Page, testId: string, rgb: readonly number[]): Promise<number> {
  return page.getByTestId(testId).evaluate((canvas: HTMLCanvasElement, [r, g, b]) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! >= 250 && Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) <= 12) n += 1;
    }
    return n;
  }, rgb);
}

/**
 * The chart's text is drawn in `mine`: plenty of it, and ten times what is near `theirs` (not none:
 * anti-aliased edges can land near the other colour, as many as the browser build puts there).
 */
async function textIn(page: Page, mine: readonly number[], theirs: readonly number[]): Promise<boolean> {
  const [own, other] = [await pixelsNear(page, 'standing-canvas', mine), await pixelsNear(page, 'standing-canvas', theirs)];
  return own > 100 && own >= 10 * other;
}

describe('the contributor chart in both themes', () => {
  it('redraws its text in the theme\'s colour when the theme changes', async () => {
    // --text-muted: light #5b6478, dark #a2abc0.
    const light = [91, 100, 120];
    const dark = [162, 171, 192];
    const page = await open(PAGE);
    await loaded(page);
    await expect.poll(() => textIn(page, light, dark)).toBe(true);
    await page.getByTestId('theme-dark').click();
    await expect.poll(() => textIn(page, dark, light)).toBe(true);
    await page.context().close();
  });
});
