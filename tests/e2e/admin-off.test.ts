// The Admin dialog of a server without admin features (the fixture served as it is).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eSession, keepScreenshot, openShown, serveFixture } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

let s: E2eSession;
beforeAll(async () => { s = await serveFixture(); });
afterAll(async () => { await s?.close(); });

const open = openShown;

describe('the Admin dialog of a server without admin features', () => {
  it('says at once that admin is not set up and what the person running the server must do, with no token form', async () => {
    const page = await open(s.browser, s.server.url);
    await page.getByTestId('admin-button').click();
    const dialog = page.getByTestId('admin-modal');
    await pw(dialog.getByTestId('admin-off-message')).toHaveText(/^Admin is not set up on this leaderboard server/);
    await pw(dialog.getByTestId('admin-off-reason')).toContainText('For whoever runs the server: Admin features need a GitHub repository');
    await pw(dialog.getByTestId('token-input')).toHaveCount(0);
    await pw(dialog.getByRole('heading')).toContainText('Not set up');
    await pw(dialog.getByTestId('close-button')).toBeFocused();
    // Focused, it reads out why: the message and what to configure.
    const described = await dialog.getByTestId('close-button').evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
    expect(described).toMatch(/^Admin is not set up on this leaderboard server, .* For whoever runs the server: Admin features need a GitHub repository/);
    await keepScreenshot(page, 'admin-not-set-up');
    await dialog.getByTestId('close-button').click();
    await pw(dialog).toHaveCount(0);
    await page.context().close();
  });
});
