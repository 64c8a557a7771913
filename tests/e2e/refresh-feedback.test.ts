// The Refresh button on the real fixture: what a person sees while it runs and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eSession, gate, keepScreenshot, openShown, serveFixture } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

const DATA = /leaderboard-(data|index)\.json/;

let s: E2eSession;
beforeAll(async () => { s = await serveFixture(); });
afterAll(async () => { await s?.close(); });

const open = openShown;

describe('the Refresh button', () => {
  it('reads Refreshing... while the data is fetched again, then says "Up to date"', async () => {
    const page = await open(s.browser, s.server.url);
    const button = page.getByTestId('refresh-button');
    const done = page.getByTestId('refresh-done');
    await pw(done).toHaveText('');
    // In the accessibility tree while empty: a live region that appears with its text is often not announced.
    expect(await done.evaluate((el) => getComputedStyle(el).display)).not.toBe('none');
    const held = gate();
    await page.route(DATA, async (route) => { await held.wait; await route.continue(); });
    await button.click();
    await pw(button).toHaveText('Refreshing...');
    await pw(button).toHaveAttribute('aria-disabled', 'true');
    await pw(done).toHaveText('');
    held.open();
    await pw(done).toHaveText('Up to date');
    expect(await done.getAttribute('role')).toBe('status');
    await pw(button).toHaveText('Refresh');
    // The spec's header texts stay as they were.
    await pw(page.getByTestId('data-generated')).toContainText('Data generated');
    await keepScreenshot(page, 'refresh-up-to-date');
    await page.context().close();
  });

  it('says nothing of the kind when the fetch failed: the error banner speaks', async () => {
    const page = await open(s.browser, s.server.url);
    await page.route(DATA, (route) => route.fulfill({ status: 500, body: 'broken' }));
    await page.getByTestId('refresh-button').click();
    await pw(page.getByText('Failed to refresh:')).toBeVisible();
    await pw(page.getByTestId('refresh-button')).toHaveText('Refresh');
    await pw(page.getByTestId('refresh-done')).toHaveText('');
    await page.context().close();
  });
});
