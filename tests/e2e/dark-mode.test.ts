/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// Dark mode on the real fixture: it follows the system, the toggle's choice survives a reload and
// is in force before the app's script runs, and the chart is redrawn in the theme's colours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, serveFixture, type E2eSession } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

let s: E2eSession;
beforeAll(async () => {
  s = await serveFixture();
});
afterAll(async () => { await s?.close(); });

// theme.css in each theme: the page background (--bg), and the chart's pixels as RGBA: tick and
// legend text (--text-muted), the significant-commits line (--chart-significant), the grid lines
// (--chart-grid) and the tooltip's background (--chart-tooltip-bg).
const LIGHT = {
  bg: 'rgb(245, 246, 250)',
  chart: { text: [91, 100, 120, 255], green: [22, 163, 74, 255], grid: [148, 163, 184, 71] },
  tooltip: [0, 0, 0, 204],
} as const;
const DARK = {
  bg: 'rgb(12, 17, 29)',
  chart: { text: [162, 171, 192, 255], green: [52, 196, 106, 255], grid: [148, 163, 184, 41] },
  tooltip: [36, 44, 66, 255],
} as const;
type Theme = typeof LIGHT | typeof DARK;

const rows = (page: Page) => page.getByTestId('leaderboard-row');
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('leaderboard:theme'));

async function open(colorScheme: 'light' | 'dark', query = ''): Promise<Page> {
  const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
  const page = await context.newPage();
  await page.goto(`${s.server.url}${query}`);
  await pw(rows(page).first()).toBeVisible();
  return page;
}

/** Pixels of the chart's canvas within a small distance of each RGBA colour. */
async function chartPixels<K extends string>(page: Page, colors: Record<K, readonly number[]>): Promise<Record<K, number>> {
  const counted = await page.locator('[data-testid="trends-chart"] canvas').evaluate((canvas: HTMLCanvasElement, wanted) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const counts: Record<string, number> = Object.fromEntries(Object.keys(wanted).map((k) => [k, 0]));
    for (let i = 0; i < data.length; i += 4) {
      for (const [name, [r, g, b, a]] of Object.entries(wanted)) {
        if (Math.abs(data[i + 3]! - a!) <= 3
          && Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) <= 12) counts[name]! += 1;
      }
    }
    return counts;
  }, colors as Record<string, readonly number[]>);
  return counted as Record<K, number>;
}

/**
 * Each colour of the theme is a clear majority over the other theme's: ten times as many pixels.
 * Not "none of the other's": anti-aliased edges of one colour can land within reach of another,
 * and how many do depends on the browser build (Debian's Chromium 156 put 11 of 10,320 grid
 * pixels within the other theme's grid colour).
 */
const CLEAR_MAJORITY = 10;
const dominates = (mine: number, theirs: number) => mine >= CLEAR_MAJORITY * theirs;

/** Waits until the chart's text, lines and grid are drawn in one theme's colours, far more than in the other's. */
async function expectChartIn(page: Page, now: Theme, other: Theme): Promise<void> {
  await expect.poll(async () => {
    const px = await chartPixels(page, {
      text: now.chart.text, green: now.chart.green, grid: now.chart.grid,
      otherText: other.chart.text, otherGreen: other.chart.green, otherGrid: other.chart.grid,
    });
    const drawn = px.text > 100 && px.green > 100 && px.grid > 1000
      && dominates(px.text, px.otherText) && dominates(px.green, px.otherGreen) && dominates(px.grid, px.otherGrid);
    return drawn ? 'drawn' : JSON.stringify(px);
  }, { timeout: 10_000, interval: 200 }).toBe('drawn');
}

/** Hovers the middle of the chart and waits for its tooltip in one theme's colour. */
async function expectTooltipIn(page: Page, now: Theme, other: Theme): Promise<void> {
  const box = (await page.locator('[data-testid="trends-chart"] canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await expect.poll(async () => {
    const px = await chartPixels(page, { tooltip: now.tooltip, otherTooltip: other.tooltip });
    return px.tooltip > 500 && dominates(px.tooltip, px.otherTooltip) ? 'shown' : JSON.stringify(px);
  }, { timeout: 10_000, interval: 200 }).toBe('shown');
  await page.mouse.move(0, 0);
}

describe('dark mode', () => {
  it('follows the system preference, also when it changes while the page is open', async () => {
    const page = await open('dark');
    expect(await theme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe(DARK.bg);
    await pw(page.getByTestId('theme-system')).toHaveAttribute('aria-pressed', 'true');
    expect(await stored(page)).toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toBe('light');
    expect(await bodyBackground(page)).toBe(LIGHT.bg);
    await page.context().close();

    const light = await open('light');
    expect(await theme(light)).toBe('light');
    expect(await bodyBackground(light)).toBe(LIGHT.bg);
    await light.context().close();
  });

  it('keeps the toggle\'s choice across a reload, in force before the app\'s script runs, and can go back to the system', async () => {
    const page = await open('light');
    await page.getByTestId('theme-dark').click();
    expect(await theme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe(DARK.bg);
    await pw(page.getByTestId('theme-dark')).toHaveAttribute('aria-pressed', 'true');
    await pw(page.getByTestId('theme-system')).toHaveAttribute('aria-pressed', 'false');
    expect(await stored(page)).toBe('dark');

    // Without the app's script (never loaded), the page is already dark: no light flash first.
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.reload();
    await pw(page.getByTestId('leaderboard-row')).toHaveCount(0);
    expect(await theme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe(DARK.bg);
    await page.unroute('**/assets/index-*.js');

    await page.reload();
    await pw(rows(page).first()).toBeVisible();
    expect(await theme(page)).toBe('dark');
    await pw(page.getByTestId('theme-dark')).toHaveAttribute('aria-pressed', 'true');

    // Back to the system's (light here): the stored choice goes.
    await page.getByTestId('theme-system').click();
    expect(await theme(page)).toBe('light');
    expect(await stored(page)).toBeNull();
    // A light choice holds against a dark system.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
    await page.getByTestId('theme-light').click();
    expect(await theme(page)).toBe('light');
    await page.reload();
    await pw(rows(page).first()).toBeVisible();
    expect(await theme(page)).toBe('light');
    await pw(page.getByTestId('theme-light')).toHaveAttribute('aria-pressed', 'true');
    await page.context().close();
  });

  it('changes every colour at once: nothing fades after the choice, frame by frame', async () => {
    const page = await open('light');
    // Chosen and looked at in the page, two frames apart: a button's colour fade (150 ms) would
    // still be running then. Clicked from the page's script: a pointer over the toggle would start
    // its own hover fade.
    const fading = await page.evaluate(() => new Promise<string[]>((resolve) => {
      document.querySelector<HTMLButtonElement>('[data-testid="theme-dark"]')?.click();
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => `${((a.effect as KeyframeEffect | null)?.target as Element | null)?.className ?? '?'}: ${(a as CSSTransition).transitionProperty}`))));
    }));
    expect(fading).toEqual([]);
    expect(await theme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe(DARK.bg);
    await page.context().close();
  });

  it('redraws the chart\'s text, lines, grid and tooltip in the theme\'s colours', async () => {
    const page = await open('light', '?type=monthly&period=2025-10');
    await expectChartIn(page, LIGHT, DARK);
    await expectTooltipIn(page, LIGHT, DARK);
    await page.getByTestId('theme-dark').click();
    await expectChartIn(page, DARK, LIGHT);
    await expectTooltipIn(page, DARK, LIGHT);
    await page.getByTestId('theme-light').click();
    await expectChartIn(page, LIGHT, DARK);
    await page.context().close();
  });

  it('keeps commit borders green and blue, set apart from the card, in both themes', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await open(scheme, '?type=quarterly&period=2025-Q3');
      await rows(page).first().click();
      const items = page.getByTestId('commit-item');
      await pw(items.first()).toBeVisible();
      const borders = await items.evaluateAll((els) => els.map((el) => ({
        kind: el.getAttribute('data-classification'),
        border: getComputedStyle(el).borderLeftColor,
        card: getComputedStyle(el).backgroundColor,
      })));
      const rgb = (c: string) => c.match(/\d+/g)!.slice(0, 3).map(Number) as [number, number, number];
      const lum = ([r, g, b]: [number, number, number]) => {
        const lin = (c: number) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      const ratio = (a: string, b: string) => { const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p); return (x! + 0.05) / (y! + 0.05); };
      const significant = borders.find((b) => b.kind === 'significant')!;
      const simple = borders.find((b) => b.kind === 'simple')!;
      expect(rgb(significant.border)[1]).toBeGreaterThan(rgb(significant.border)[2]); // green
      expect(rgb(simple.border)[2]).toBeGreaterThan(rgb(simple.border)[1]); // blue
      // A border that marks something is a graphic: 3:1 against the card it edges (WCAG 1.4.11).
      expect(ratio(significant.border, significant.card)).toBeGreaterThanOrEqual(3);
      expect(ratio(simple.border, simple.card)).toBeGreaterThanOrEqual(3);
      await page.context().close();
    }
  });

  it('takes screenshots of the latest week, a row open, in both themes', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await open(scheme);
      await rows(page).first().click();
      await pw(page.getByTestId('commit-item').first()).toBeVisible();
      await expectChartIn(page, scheme === 'light' ? LIGHT : DARK, scheme === 'light' ? DARK : LIGHT);
      await keepScreenshot(page, `dark-mode-${scheme}`);
      await page.context().close();
    }
  });
});
