// The published page's admin panel keeps its word about what was typed and what was published, in
// Chromium against the GitHub emulator: an edit refused because someone else changed the same
// contribution is still in the form after the reload the refusal asks for; Pull & Refresh says the
// board shows the new data only once it is there; and leaving the page with a contribution form
// typed in asks first, as the admin list's unsaved changes do.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { lowContrastTexts } from '../support/contrast.js';
import { keepScreenshot } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';
import { banner, grace, graceOn as graceOnBranch, MANUAL_PATH, manualFile, modal, signIn, sitePage, skipToNextRunPoll, SLUG, TOKENS, usePublishedSite } from './support/published-admin.js';

const env = usePublishedSite();
const BRANCH = 'leaderboard-contributions';

const graceOn = (branch: string) => graceOnBranch(env.site.gh, branch);

// Completed runs publish new data only while this is set (the hooks stay for the file's tests).
let deploys = false;

describe('Pull & Refresh while GitHub Pages has not published the new data yet', () => {
  it('says the run succeeded and the board shows the data once published, and "Refreshed" only once it is there', async () => {
    env.site.gh.onRunCompleted(async (run) => { if (deploys && run.conclusion === 'success') await env.site.republish(); });
    const { page, context } = await sitePage(env.browser, env.site.server, 'light', { clock: true });
    await signIn(page, TOKENS.owner);
    await pw(page.getByTestId('admin-panel')).toBeVisible();

    // The run succeeds, and the site still serves the data it had (Pages deploys after the run).
    env.site.gh.scriptRuns(['in_progress', 'completed:success']);
    await page.getByTestId('pull-refresh-button').click();
    await pw(banner(page)).toContainText('Workflow run in progress.');
    await skipToNextRunPoll(page);
    await pw(banner(page)).toContainText('The workflow run succeeded: the board shows the new data once GitHub Pages has published it.');
    await pw(banner(page)).toContainText('That can take a few minutes: this page loads it by itself then (or reload the page later).');
    expect(await banner(page).innerText()).not.toContain('Refreshed');
    await pw(banner(page).getByTestId('status-banner-link')).toHaveText('View the workflow run');
    await pw(page.getByTestId('pull-refresh-button')).toHaveText('Pull & Refresh');
    await keepScreenshot(page, 'published-admin-refresh-not-published');

    // This time the new data is there when the run ends.
    deploys = true;
    env.site.gh.scriptRuns(['in_progress', 'completed:success']);
    await page.getByTestId('pull-refresh-button').click();
    await pw(banner(page)).toContainText('Workflow run in progress.');
    await skipToNextRunPoll(page);
    await pw(banner(page)).toContainText('Refreshed: the board shows the new data.');
    await pw(banner(page)).toHaveAttribute('data-type', 'success');
    deploys = false;
    await context.close();
  });
});

describe('an edit refused because someone else changed the same contribution', () => {
  it('keeps what was typed through the reload, shows their version, and saves it over theirs', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.owner);
    await pw(grace(page)).toBeVisible();
    await grace(page).getByTestId('edit-button').click();
    // Meanwhile another admin saves the talk as 25 points.
    env.site.gh.pushFile(SLUG, 'main', MANUAL_PATH, manualFile([[25, 'Conference talk']]), 'Updated Grace Speaker (by ada)');
    await grace(page).getByTestId('score-input').fill('40');
    await grace(page).getByTestId('notes-input').fill('Keynote');
    await grace(page).getByTestId('save-button').click();
    await pw(banner(page)).toContainText('so your edit was not saved.');
    await pw(banner(page)).toContainText('Reload the contributions to see the latest version: the form keeps what you typed, to save again.');

    await modal(page).getByTestId('reload-contributions').click();
    await pw(banner(page)).toContainText('Reloaded the contributions: they are the latest version.');
    // What the refusal promised: the form still holds 40 and "Keynote", over their 25.
    await pw(grace(page).getByTestId('score-input')).toHaveValue('40');
    await pw(grace(page).getByTestId('notes-input')).toHaveValue('Keynote');
    await pw(grace(page).getByTestId('edit-theirs')).toContainText('25 points (“Conference talk”)');
    await pw(grace(page).getByTestId('edit-note')).toContainText('with what you typed kept');
    expect(await grace(page).getByTestId('edit-note').innerText()).not.toContain('was not kept');
    await grace(page).getByTestId('edit-form').scrollIntoViewIfNeeded();
    expect([...await seriousViolations(page, '[data-testid="admin-modal"]'), ...await lowContrastTexts(page, '[data-testid="admin-modal"]')]).toEqual([]);
    await keepScreenshot(page, 'published-admin-edit-kept-over-theirs');

    await grace(page).getByTestId('save-button').click();
    await pw(banner(page)).toContainText('Updated Grace Speaker');
    await pw(grace(page).getByTestId('edit-form')).toHaveCount(0);
    // Saved over their version, not beside it: one contribution, the admin's.
    expect(graceOn(BRANCH)).toEqual(['40 Keynote']);
    await context.close();
  });
});

describe('leaving the page with a contribution form typed in', () => {
  /** The page reloaded; whether the browser asked first. */
  const reloadAsks = async (page: Page) => {
    const asked: string[] = [];
    const record = (d: { type: () => string }) => asked.push(d.type());
    page.on('dialog', record);
    await page.reload();
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    page.off('dialog', record);
    return asked.includes('beforeunload');
  };
  const openPanel = async (page: Page) => {
    await page.getByTestId('admin-button').click();
    await pw(grace(page)).toBeVisible();
  };

  it('asks first for a new contributor, an added or an edited contribution, and not for forms left as they were', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.owner);
    await pw(grace(page)).toBeVisible();
    // Forms opened and nothing typed: nothing to lose, no question.
    await grace(page).getByTestId('add-contribution-toggle').click();
    await grace(page).getByTestId('edit-button').click();
    expect(await reloadAsks(page)).toBe(false);

    await openPanel(page);
    await modal(page).getByTestId('new-name').fill('Reload Person');
    await modal(page).getByTestId('new-score').fill('8');
    expect(await reloadAsks(page)).toBe(true);

    await openPanel(page);
    await grace(page).getByTestId('add-contribution-toggle').click();
    await grace(page).getByTestId('add-score').fill('6');
    expect(await reloadAsks(page)).toBe(true);

    await openPanel(page);
    await grace(page).getByTestId('edit-button').click();
    await grace(page).getByTestId('notes-input').fill('Changed');
    expect(await reloadAsks(page)).toBe(true);
    await context.close();
  });
});
