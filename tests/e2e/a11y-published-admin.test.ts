// axe-core (plus the text-contrast check axe cannot make in a modal dialog) on every view of the
// published site's admin modal, light and dark: loading its settings, the login view (verifying,
// with and without its error), access denied, the panel after a save (the pending pull request and
// the orange pending notes, the forms open), Pull & Refresh's banners with the run's link, an error
// banner, and the AI override list. The real `leaderboard build`, a static server and GitHub's API
// emulated on another origin (see support/published-admin.ts).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { lowContrastTexts } from '../support/contrast.js';
import { gate, keepScreenshot } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';
import { banner, modal, signIn, sitePage, skipToNextRunPoll, SLUG, TOKENS, usePublishedSite } from './support/published-admin.js';

// One published site for both themes: saves accumulate on the emulator's contributions branch, so
// each theme works on its own names and nothing below depends on which theme ran first.
const env = usePublishedSite();

const MODAL = '[data-testid="admin-modal"]';
/**
 * axe on the open modal only (the page behind it is inert, and checked by a11y-board), and its
 * text contrast measured apart: axe leaves text in a modal dialog unjudged.
 */
const inModal = async (page: Page) => [...await seriousViolations(page, MODAL), ...await lowContrastTexts(page, MODAL)];
const contributor = (page: Page, name: string) => modal(page).locator(`[data-testid="manual-contributor"][data-name="${name}"]`);

async function themedPage(theme: 'light' | 'dark', options: { clock?: boolean } = {}): Promise<Page> {
  const { page } = await sitePage(env.browser, env.site.server, theme, options);
  await pw(page.locator(`html[data-theme="${theme}"]`)).toHaveCount(1);
  return page;
}

describe.each(['light', 'dark'] as const)('axe on the published admin modal, %s', (theme) => {
  it('loading the settings, the login view (verifying, with and without its error) and access denied', async () => {
    const page = await themedPage(theme);
    // The site's admin settings held back: the modal says it is loading them.
    const settings = gate();
    await page.route('**/leaderboard-admin.json', async (route) => { await settings.wait; await route.continue(); });
    await page.getByTestId('admin-button').click();
    await pw(modal(page)).toContainText('Loading the admin settings...');
    expect(await inModal(page)).toEqual([]);
    settings.open();

    await pw(page.getByTestId('login-view')).toBeVisible();
    expect(await inModal(page)).toEqual([]);
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('login-error')).toHaveText('Please enter a GitHub token');
    expect(await inModal(page)).toEqual([]);

    // GitHub's answer about the token held back: the progress line.
    const user = gate();
    await page.route((url) => url.href.startsWith(env.site.gh.url) && url.pathname.endsWith('/user'), async (route) => { await user.wait; await route.continue(); });
    await page.getByTestId('token-input').fill(TOKENS.mallory);
    await page.getByTestId('sign-in-button').click();
    await pw(page.getByTestId('login-progress')).toHaveText('Verifying the token with GitHub...');
    expect(await inModal(page)).toEqual([]);
    user.open();

    await pw(page.getByTestId('access-denied')).toContainText('Access Denied: mallory@example.com is not authorized.');
    expect(await inModal(page)).toEqual([]);
    await page.context().close();
  });

  it("the panel after a save: the pending pull request and notes, its forms open, and Pull & Refresh's banners with the run's link", async () => {
    const page = await themedPage(theme, { clock: true });
    await signIn(page, TOKENS.owner);
    await pw(page.getByTestId('admin-panel')).toBeVisible();
    expect(await inModal(page)).toEqual([]);

    // A contribution to the published contributor, and a new contributor: both wait in the pull request.
    const grace = contributor(page, 'Grace Speaker');
    await grace.getByTestId('add-contribution-toggle').click();
    await grace.getByTestId('add-score').fill('15');
    await grace.getByTestId('add-notes').fill(`Mentoring (${theme})`);
    await grace.getByTestId('add-contribution-submit').click();
    await pw(banner(page)).toHaveAttribute('data-type', 'success');
    await pw(banner(page)).toContainText('Added a contribution of 15 points to Grace Speaker');
    await pw(modal(page).getByTestId('pending-pull-request')).toContainText(/pull request #\d+/);
    await pw(grace.getByTestId('pending-note')).toContainText('Pending: published +20');

    const name = `Ada ${theme}`;
    await modal(page).getByTestId('new-name').fill(name);
    await modal(page).getByTestId('new-score').fill('30');
    await modal(page).getByTestId('new-notes').fill('Workshop');
    await modal(page).getByTestId('create-contributor').click();
    await pw(banner(page)).toContainText(`Added contributor ${name}`);
    const ada = contributor(page, name);
    await pw(ada.getByTestId('pending-note')).toHaveText('Pending: not published yet');
    expect(await inModal(page)).toEqual([]);

    // The add and edit forms open, filled.
    await grace.getByTestId('add-contribution-toggle').click();
    await pw(grace.getByTestId('add-contribution-form')).toBeVisible();
    await grace.getByTestId('add-score').fill('5');
    await grace.getByTestId('add-notes').fill('Draft');
    await ada.getByTestId('edit-button').click();
    await pw(ada.getByTestId('edit-form')).toBeVisible();
    expect(await inModal(page)).toEqual([]);
    await ada.getByTestId('cancel-edit').click();
    await grace.getByTestId('add-contribution-toggle').click();

    // Pull & Refresh: the info banner while the run is in progress (its next poll held back), then success; both link the run.
    // The run publishes new data (success says the board shows it only once it is there).
    env.site.gh.onRunCompleted(async (run) => { if (run.conclusion === 'success') await env.site.republish(); });
    env.site.gh.scriptRuns(['in_progress', 'completed:success']);
    const poll = gate();
    await modal(page).getByTestId('pull-refresh-button').click();
    await pw(banner(page)).toContainText('Workflow run in progress.');
    await page.route(/\/repos\/acme\/board\/actions\/runs\/\d+$/, async (route) => { await poll.wait; await route.continue(); });
    await pw(banner(page)).toHaveAttribute('data-type', 'info');
    await pw(banner(page).getByTestId('status-banner-link')).toHaveText('View the workflow run');
    expect(await banner(page).getByTestId('status-banner-link').getAttribute('href')).toMatch(/\/acme\/board\/actions\/runs\/\d+$/);
    expect(await inModal(page)).toEqual([]);
    await skipToNextRunPoll(page);
    poll.open();
    await pw(banner(page)).toContainText('Refreshed: the board shows the new data.');
    await pw(banner(page)).toHaveAttribute('data-type', 'success');
    await pw(banner(page).getByTestId('status-banner-link')).toBeVisible();
    await pw(modal(page).getByTestId('pending-pull-request')).toBeVisible();
    expect(await inModal(page)).toEqual([]);
    // The top of the panel (Pull & Refresh scrolled it to its end): the banner, the pending pull request, the pending notes.
    await modal(page).getByTestId('signed-in-as').scrollIntoViewIfNeeded();
    await keepScreenshot(page, `a11y-published-admin-${theme}`);
    await page.context().close();
  });

  it('an error banner: a save refused for the missing repo scope', async () => {
    const page = await themedPage(theme);
    await signIn(page, TOKENS.noRepo);
    const grace = contributor(page, 'Grace Speaker');
    await pw(grace).toBeVisible();
    await grace.getByTestId('add-contribution-toggle').click();
    await grace.getByTestId('add-score').fill('4');
    await grace.getByTestId('add-notes').fill('Blog post');
    await grace.getByTestId('add-contribution-submit').click();
    await pw(banner(page)).toHaveAttribute('data-type', 'error');
    await pw(banner(page)).toContainText('Failed to save:');
    await pw(banner(page)).toContainText('repo scope');
    expect(await inModal(page)).toEqual([]);
    await page.context().close();
  });

  it('the AI override list with its pending note', async () => {
    const sha = (await env.site.repo.git('rev-parse', 'HEAD')).trim();
    env.site.gh.addCommitSha(SLUG, sha, 'feat: alice adds a');
    const page = await themedPage(theme);
    await signIn(page, TOKENS.owner);
    await page.getByTestId('ai-override-commit').fill(sha.slice(0, 8));
    await page.getByTestId('ai-override-score').fill('20');
    await page.getByTestId('ai-override-note').fill(`Core design work (${theme})`);
    await page.getByTestId('ai-override-save').click();
    const item = modal(page).locator(`[data-testid="ai-override"][data-hash="${sha}"]`);
    await pw(item).toContainText(`Core design work (${theme})`);
    await pw(item.getByTestId('pending-note')).toHaveText('Pending: not published yet');
    await item.scrollIntoViewIfNeeded();
    expect(await inModal(page)).toEqual([]);
    await page.context().close();
  });
});
