/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// The board with the keyboard alone, on the real fixture: every stop of Tab shows a focus ring,
// and the theme, the contributor filter, the tabs, the period, the rows and the admin modal all
// answer to keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, serveFixture, type E2eSession } from '../support/e2e.js';
import { focusState, tabTo } from '../support/focus.js';
import { pw } from '../support/pw-expect.js';

let s: E2eSession;
beforeAll(async () => {
  s = await serveFixture();
});
afterAll(async () => { await s?.close(); });

const rows = (page: Page) => page.getByTestId('leaderboard-row');

describe('the board with the keyboard alone', () => {
  it('reaches and works every control with a visible focus ring', async () => {
    const page = await newPage(s.browser);
    await page.goto(s.server.url);
    await pw(rows(page)).toHaveCount(7);

    // Theme toggle, first in the header.
    await tabTo(page, page.getByTestId('theme-dark'));
    await page.keyboard.press('Enter');
    await pw(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await pw(page.getByTestId('theme-dark')).toHaveAttribute('aria-pressed', 'true');

    // Hide the first contributor through the filter.
    const first = await rows(page).first().getAttribute('data-name');
    await tabTo(page, page.getByTestId('filter-toggle'));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByTestId('filter-search'));
    await page.keyboard.type(first!);
    const option = page.getByTestId('filter-option').filter({ hasText: first! }).locator('input');
    await tabTo(page, option);
    await page.keyboard.press('Space');
    await pw(page.locator(`[data-testid="leaderboard-row"][data-name="${first}"]`)).toHaveCount(0);
    await pw(rows(page)).toHaveCount(6);

    // The tabs follow the arrows; the period select follows them too.
    await tabTo(page, page.getByTestId('tab-weekly'));
    await page.keyboard.press('ArrowRight');
    await pw(page.getByTestId('tab-monthly')).toHaveAttribute('aria-selected', 'true');
    await pw(page.getByTestId('tab-monthly')).toBeFocused();
    await tabTo(page, page.getByTestId('period-select'));
    await pw(page.getByTestId('period-select')).toHaveValue('2025-10');
    await page.keyboard.press('ArrowDown');
    await pw(page.getByTestId('period-select')).toHaveValue('2025-09');
    await pw(page.getByTestId('viewing-period')).toHaveText('2025-09');

    // Rows: Enter opens, the arrows move between rows and open and close them.
    await tabTo(page, rows(page).first());
    await page.keyboard.press('Enter');
    await pw(rows(page).first()).toHaveAttribute('aria-expanded', 'true');
    await pw(page.getByTestId('row-details')).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await pw(rows(page).nth(1)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await pw(rows(page).nth(1)).toHaveAttribute('aria-expanded', 'true');
    await pw(rows(page).first()).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowLeft');
    await pw(page.getByTestId('row-details')).toHaveCount(0);
    await page.keyboard.press('End');
    await pw(rows(page).last()).toBeFocused();
    await page.keyboard.press('Home');
    await pw(rows(page).first()).toBeFocused();
    expect((await focusState(page)).ring).toBe(true);

    // Back up to the Admin button; the modal takes the focus and gives it back on Escape.
    await tabTo(page, page.getByTestId('admin-button'), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await pw(page.getByTestId('admin-modal')).toBeVisible();
    // The fixture's server has no admin features: the dialog says so, its Close button focused.
    await pw(page.getByTestId('admin-off')).toBeVisible();
    await pw(page.getByTestId('close-button')).toBeFocused();
    expect((await focusState(page)).ring).toBe(true);
    await page.keyboard.press('Escape');
    await pw(page.getByTestId('admin-modal')).toHaveCount(0);
    await pw(page.getByTestId('admin-button')).toBeFocused();
    await page.context().close();
  });

  it('closes the contributor checklist and an open row with Escape, the focus back where they opened', async () => {
    const page = await newPage(s.browser);
    await page.goto(s.server.url);
    await pw(rows(page)).toHaveCount(7);

    // In the checklist's search, Escape first clears the text, then closes the list.
    const toggle = page.getByTestId('filter-toggle');
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByTestId('filter-search'));
    await page.keyboard.type('mao');
    await page.keyboard.press('Escape');
    await pw(page.getByTestId('filter-search')).toHaveValue('');
    await pw(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await pw(page.getByTestId('filter-search')).toHaveCount(0);
    await pw(toggle).toHaveAttribute('aria-expanded', 'false');
    await pw(toggle).toHaveText('Choose contributors');
    await pw(toggle).toBeFocused();
    // From a checkbox of the list too.
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByTestId('filter-option').first().locator('input'));
    await page.keyboard.press('Escape');
    await pw(toggle).toHaveAttribute('aria-expanded', 'false');
    await pw(toggle).toBeFocused();

    // Escape from a commit's button inside an open row closes the row and focuses it.
    const second = rows(page).nth(1);
    await second.click();
    await pw(second).toHaveAttribute('aria-expanded', 'true');
    await tabTo(page, page.getByTestId('row-details').locator('button').first());
    await page.keyboard.press('Escape');
    await pw(page.getByTestId('row-details')).toHaveCount(0);
    await pw(second).toHaveAttribute('aria-expanded', 'false');
    await pw(second).toBeFocused();
    expect((await focusState(page)).ring).toBe(true);
    // And from a cell of the open row; on a closed row Escape does nothing.
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await pw(page.getByTestId('row-details')).toHaveCount(0);
    await pw(second).toBeFocused();
    await page.keyboard.press('Escape');
    await pw(second).toBeFocused();
    await pw(second).toHaveAttribute('aria-expanded', 'false');
    await pw(page.getByTestId('row-details')).toHaveCount(0);
    await page.context().close();
  });
});
