/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// axe-core on the board of the real fixture, light and dark, wide and phone, and the board used
// with the keyboard alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { lowContrastTexts } from '../support/contrast.js';
import { serveFixture, type E2eSession } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

let s: E2eSession;
beforeAll(async () => {
  s = await serveFixture();
});
afterAll(async () => { await s?.close(); });

const rows = (page: Page) => page.getByTestId('leaderboard-row');

async function open(opts: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<Page> {
  const context = await s.browser.newContext({ viewport: { width: opts.width ?? 1280, height: 900 }, colorScheme: opts.colorScheme ?? 'light' });
  const page = await context.newPage();
  await page.goto(`${s.server.url}?type=monthly&period=2025-10`);
  await pw(rows(page).first()).toBeVisible();
  await pw(page.locator('[data-testid="trends-chart"] canvas')).toBeVisible();
  return page;
}

async function openFirstRow(page: Page): Promise<void> {
  await rows(page).first().click();
  await pw(page.getByTestId('commit-item').first()).toBeVisible();
}

describe('axe on the board', () => {
  // Both themes wide; the phone layout (the same colours) in dark only: axe's cost adds up in the suite.
  // The wide pages go on to the "How scores work" dialog rather than opening the board again for it.
  for (const [colorScheme, width] of [['light', 1280], ['dark', 1280], ['dark', 375]] as const) {
    const dialogToo = width === 1280;
    it(`finds nothing serious in ${colorScheme} at ${width}px, closed and with a row open${dialogToo ? ', nor in the "How scores work" dialog' : ''}`, async () => {
      const page = await open({ colorScheme, width });
      await pw(page.locator(`html[data-theme="${colorScheme}"]`)).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      await openFirstRow(page);
      expect(await seriousViolations(page)).toEqual([]);
      if (dialogToo) {
        // Closed again, so the dialog opens over the board as a visitor first sees it.
        await rows(page).first().click();
        await pw(page.getByTestId('row-details')).toHaveCount(0);
        await page.getByTestId('open-rules').click();
        const dialog = '[data-testid="rules-panel"]';
        await pw(page.locator(dialog)).toBeVisible();
        expect(await seriousViolations(page, dialog)).toEqual([]);
        expect(await lowContrastTexts(page, dialog)).toEqual([]); // axe leaves text in a modal dialog unjudged
      }
      await page.context().close();
    });
  }
});
