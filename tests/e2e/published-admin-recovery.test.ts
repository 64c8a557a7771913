// The published page's admin panel when things go wrong under it, in Chromium against the GitHub
// emulator: an edit form open while the contributions are reloaded, a save whose answer is lost
// on the way back, and a token refused mid-session. Nothing typed or saved may be lost, and
// nothing may be saved twice or over a contribution the form did not show.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { lowContrastTexts } from '../support/contrast.js';
import { keepScreenshot } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';
import { banner, grace, graceOn as graceOnBranch, MANUAL_PATH, manualFile, modal, signIn, sitePage, SLUG, TOKENS, usePublishedSite } from './support/published-admin.js';

const env = usePublishedSite();
const BRANCH = 'leaderboard-contributions';

const graceOn = (branch: string) => graceOnBranch(env.site.gh, branch);

/** axe, and the text contrast axe leaves unjudged in a modal dialog, on the open modal. */
const modalProblems = async (page: Page) => [
  ...await seriousViolations(page, '[data-testid="admin-modal"]'), ...await lowContrastTexts(page, '[data-testid="admin-modal"]'),
];

/** The page signed in as the owner, with Grace's row shown. */
async function ownerPage(prepare?: (page: Page) => Promise<void>, theme: 'light' | 'dark' = 'light') {
  const { page, context } = await sitePage(env.browser, env.site.server, theme);
  await prepare?.(page);
  await signIn(page, TOKENS.owner);
  await pw(grace(page)).toBeVisible();
  return { page, context };
}

/** The next PUT of a file reaches GitHub, and its answer is lost on the way back (the connection reset). */
async function loseNextWriteAnswer(page: Page): Promise<void> {
  let lose = true;
  await page.route((url) => url.href.startsWith(env.site.gh.url) && url.pathname.includes('/contents/'), async (route) => {
    if (!lose || route.request().method() !== 'PUT') return route.continue();
    lose = false;
    await route.fetch();
    return route.abort('connectionreset');
  });
}

/** Adds 15 points for mentoring to Grace, the answer lost: it landed, is said to have, and is not added again. */
async function addWithLostAnswer(page: Page) {
  await grace(page).getByTestId('add-contribution-toggle').click();
  await grace(page).getByTestId('add-score').fill('15');
  await grace(page).getByTestId('add-notes').fill('Mentoring');
  await grace(page).getByTestId('add-contribution-submit').click();
  await pw(banner(page)).toContainText('Saved: the change reached GitHub before the connection dropped.');
  await pw(banner(page)).toContainText('Added a contribution of 15 points to Grace Speaker.');
  // Closed, so no retry it invited adds it twice; the list shows it once.
  await pw(grace(page).getByTestId('add-contribution-form')).toHaveCount(0);
  await pw(grace(page).getByTestId('contribution').filter({ hasText: 'Mentoring' })).toHaveCount(1);
}

describe('a save whose answer is lost on the way back', () => {
  // First, while no pull request is open: commit mode writes the default branch.
  it('adminChanges "commit": says it was saved, closes the form, and the file holds it once', async () => {
    const { page, context } = await ownerPage(async (p) => {
      await p.route('**/leaderboard-admin.json', async (route) => {
        const settings = await (await route.fetch()).json() as Record<string, unknown>;
        await route.fulfill({ json: { ...settings, adminChanges: 'commit' } });
      });
      await loseNextWriteAnswer(p);
    });
    await addWithLostAnswer(page);
    expect(graceOn('main')).toEqual(['20 Conference talk', '15 Mentoring']);
    expect(env.site.gh.pulls(SLUG)).toEqual([]);
    await context.close();
  });
});

describe('an edit form open while the contributions are reloaded', () => {
  it('follows the record as reloaded, names the edit it could not keep, and saves over no contribution it did not show', async () => {
    env.site.gh.pushFile(SLUG, 'main', MANUAL_PATH, manualFile([[20, 'Talk'], [10, 'Blog']]), 'Talk and blog');
    const { page, context } = await ownerPage(undefined, 'dark');
    await grace(page).getByTestId('edit-button').click();
    await grace(page).getByTestId('score-input').first().fill('25');
    // Meanwhile another admin deletes the talk.
    env.site.gh.pushFile(SLUG, 'main', MANUAL_PATH, manualFile([[10, 'Blog']]), 'Deleted a contribution of Grace Speaker (by ada)');
    await grace(page).getByTestId('save-button').click();
    await pw(banner(page)).toContainText('Failed to save: Someone else changed or removed');

    await modal(page).getByTestId('reload-contributions').click();
    await pw(banner(page)).toContainText('Reloaded the contributions: they are the latest version. The form keeps what you typed where it still applies: check it and save again.');
    await pw(banner(page).filter({ hasText: 'Failed to save' })).toHaveCount(0);
    // The form now holds the blog post alone, and says what became of the edit of the talk.
    await pw(grace(page).getByTestId('score-input')).toHaveCount(1);
    await pw(grace(page).getByTestId('score-input')).toHaveValue('10');
    await pw(grace(page).getByTestId('notes-input')).toHaveValue('Blog');
    await pw(grace(page).getByTestId('edit-note')).toContainText(
      'Your edit of the contribution of 20 points (“Talk”) was not kept: it was changed or removed meanwhile.',
    );
    expect(await modalProblems(page)).toEqual([]);
    await keepScreenshot(page, 'published-admin-edit-after-reload-dark');

    await grace(page).getByTestId('score-input').fill('12');
    await grace(page).getByTestId('save-button').click();
    await pw(banner(page)).toContainText('Updated Grace Speaker');
    await pw(grace(page).getByTestId('edit-note')).toHaveCount(0);
    // The blog post edited, the other admin's deletion kept: nothing lost, nothing undone.
    expect(graceOn(BRANCH)).toEqual(['12 Blog']);
    await context.close();
  });
});

describe('a save whose answer is lost, with the pull request open', () => {
  it('reads the pending branch again, says it was saved, and the file holds it once', async () => {
    expect(env.site.gh.pulls(SLUG).filter((p) => p.state === 'open')).toHaveLength(1);
    const { page, context } = await ownerPage(loseNextWriteAnswer);
    await addWithLostAnswer(page);
    expect(graceOn(BRANCH)).toEqual(['12 Blog', '15 Mentoring']);
    expect(env.site.gh.commits(SLUG, BRANCH).slice(0, 2).map((c) => c.message)).toEqual([
      'Added a contribution of 15 points to Grace Speaker (by owner)',
      'Updated Grace Speaker (by owner)',
    ]);
    await keepScreenshot(page, 'published-admin-lost-answer');
    await context.close();
  });
});

describe('a token refused mid-session', () => {
  it("shows the login view with 'Invalid GitHub token', and signing in again gives back what was typed; Logout forgets it", async () => {
    const { page, context } = await ownerPage();
    await pw(modal(page).getByTestId('admin-list')).toBeVisible();
    await pw(modal(page).getByTestId('ai-override-count')).toBeVisible();
    await modal(page).getByTestId('new-name').fill('Hedy Mentor');
    await modal(page).getByTestId('new-score').fill('30');
    await modal(page).getByTestId('new-notes').fill('A long note typed with care');
    await grace(page).getByTestId('add-contribution-toggle').click();
    await grace(page).getByTestId('add-notes').fill('Blog post, half typed');
    env.site.gh.fault({ path: /./, status: 401, message: 'Bad credentials' });
    await modal(page).getByTestId('create-contributor').click();

    await pw(page.getByTestId('login-error')).toHaveText('Invalid GitHub token');
    await pw(page.getByTestId('kept-drafts-note')).toHaveText(
      'What you typed in the admin panel is kept while this dialog stays open: sign in again as owner to go on where you were. Signing in as another account clears it.',
    );
    expect(await modalProblems(page)).toEqual([]);
    await keepScreenshot(page, 'published-admin-token-refused');
    await page.getByTestId('token-input').fill(TOKENS.owner);
    await page.getByTestId('sign-in-button').click();
    await pw(modal(page).getByTestId('new-notes')).toHaveValue('A long note typed with care');
    await pw(modal(page).getByTestId('new-name')).toHaveValue('Hedy Mentor');
    await pw(grace(page).getByTestId('add-notes')).toHaveValue('Blog post, half typed');
    await modal(page).getByTestId('create-contributor').click();
    await pw(banner(page)).toContainText('Added contributor Hedy Mentor');
    await pw(modal(page).getByTestId('new-name')).toHaveValue('');

    await modal(page).getByTestId('new-name').fill('Someone else');
    await modal(page).getByTestId('logout-button').click();
    await pw(page.getByTestId('login-view')).toBeVisible();
    await pw(page.getByTestId('kept-drafts-note')).toHaveCount(0);
    await page.getByTestId('token-input').fill(TOKENS.owner);
    await page.getByTestId('sign-in-button').click();
    await pw(grace(page)).toBeVisible();
    await pw(modal(page).getByTestId('new-name')).toHaveValue('');
    await pw(grace(page).getByTestId('add-contribution-form')).toHaveCount(0);
    await context.close();
  });

  it('gives what was typed to no other account: signing in as another starts with empty forms, and says whose it keeps', async () => {
    const { page, context } = await ownerPage();
    const refuseNextCall = () => env.site.gh.fault({ path: /./, status: 401, message: 'Bad credentials' });
    await modal(page).getByTestId('new-name').fill('Owner Draft');
    await modal(page).getByTestId('new-score').fill('30');
    await grace(page).getByTestId('add-contribution-toggle').click();
    await grace(page).getByTestId('add-notes').fill('Owner note');
    refuseNextCall();
    await modal(page).getByTestId('create-contributor').click();
    await pw(page.getByTestId('login-error')).toHaveText('Invalid GitHub token');
    await pw(page.getByTestId('kept-drafts-note')).toContainText('sign in again as owner');

    // Another admin signs in at this browser: nothing the owner typed is shown to nora, or saved as hers.
    await page.getByTestId('token-input').fill(TOKENS.noRepo);
    await page.getByTestId('sign-in-button').click();
    await pw(grace(page)).toBeVisible();
    await pw(modal(page).getByTestId('signed-in-as')).toContainText('nora');
    await pw(modal(page).getByTestId('new-name')).toHaveValue('');
    await pw(modal(page).getByTestId('new-score')).toHaveValue('');
    await pw(grace(page).getByTestId('add-contribution-form')).toHaveCount(0);

    // Nora's own typing is kept for nora alone, and the note says so; the owner gets empty forms.
    await modal(page).getByTestId('new-name').fill('Nora Draft');
    await modal(page).getByTestId('new-score').fill('5');
    refuseNextCall();
    await modal(page).getByTestId('create-contributor').click();
    await pw(page.getByTestId('login-error')).toHaveText('Invalid GitHub token');
    await pw(page.getByTestId('kept-drafts-note')).toContainText('sign in again as nora');
    expect(await modalProblems(page)).toEqual([]);
    await page.getByTestId('token-input').fill(TOKENS.owner);
    await page.getByTestId('sign-in-button').click();
    await pw(grace(page)).toBeVisible();
    await pw(modal(page).getByTestId('new-name')).toHaveValue('');
    await pw(grace(page).getByTestId('add-contribution-form')).toHaveCount(0);
    // Refused again with nothing typed since: no promise of anything kept.
    refuseNextCall();
    await modal(page).getByTestId('export-button').click();
    await pw(page.getByTestId('login-error')).toHaveText('Invalid GitHub token');
    await pw(page.getByTestId('kept-drafts-note')).toHaveCount(0);
    await context.close();
  });
});

describe("the admin's own Add under an open edit form", () => {
  it('is no change by someone else: the form takes the new contribution, keeps the 25 typed, and says nothing of others', async () => {
    // What the panel shows: the pending pull request's branch, once an earlier save opened it.
    const before = graceOn(env.site.gh.fileContent(SLUG, BRANCH, MANUAL_PATH) === null ? 'main' : BRANCH) ?? [];
    const { page, context } = await ownerPage();
    await grace(page).getByTestId('edit-button').click();
    await grace(page).getByTestId('score-input').first().fill('25');
    await grace(page).getByTestId('add-contribution-toggle').click();
    await grace(page).getByTestId('add-score').fill('5');
    await grace(page).getByTestId('add-notes').fill('Slides');
    await grace(page).getByTestId('add-contribution-submit').click();
    await pw(banner(page)).toContainText('Added a contribution of 5 points to Grace Speaker');
    await pw(grace(page).getByTestId('score-input')).toHaveCount(before.length + 1);
    await pw(grace(page).getByTestId('score-input').first()).toHaveValue('25');
    await pw(grace(page).getByTestId('edit-note')).toHaveCount(0);
    await keepScreenshot(page, 'published-admin-own-add-under-edit');
    await grace(page).getByTestId('save-button').click();
    await pw(banner(page)).toContainText('Updated Grace Speaker');
    expect(graceOn(BRANCH)).toEqual([`25 ${before[0]?.split(' ').slice(1).join(' ')}`, ...before.slice(1), '5 Slides']);
    await context.close();
  });
});
