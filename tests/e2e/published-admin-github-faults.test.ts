// The published page's admin when GitHub cannot do what it is asked, in Chromium against the GitHub
// emulator: each message says what went wrong and how to fix it. A repository the token cannot see
// (GitHub answers 404 for it) is not an empty admin list; a token that cannot read the account's
// private emails explains a denial; a rate limit says when to try again; GitHub not reached at
// sign-in says what to check.
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_LIST_INSTRUCTIONS } from '../../src/shared/admin-rules.js';
import { keepScreenshot } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';
import { banner, modal, signIn, sitePage, SLUG, TOKENS, usePublishedSite } from './support/published-admin.js';

const env = usePublishedSite();
const SPEC_DENIAL = (who: string) => `Access Denied: ${who} is not authorized. Contact owner@example.com for access.`;

/** GitHub answers 404 for the repository and everything in it (a private repository the token may not see, or a renamed one). */
function hideRepository(): void {
  env.site.gh.fault({ path: /^\/repos\/acme\/board(\/|$)/, status: 404, message: 'Not Found', times: 40 });
}

/** Uses up the faults a test left queued, so the next test meets GitHub as it is. */
async function drainFaults(): Promise<void> {
  for (let i = 0; i < 100 && env.site.gh.pendingFaults() > 0; i++) {
    await fetch(`${env.site.gh.url}/repos/${SLUG}`, { headers: { authorization: `token ${TOKENS.owner}` } });
  }
  expect(env.site.gh.pendingFaults()).toBe(0);
}
// Also after a failed test, whose faults would otherwise meet the next one.
afterEach(drainFaults);

const loginError = (page: Page) => modal(page).getByTestId('login-error');

/** What an unreachable repository's message must say: which repository, and both fixes. */
async function expectUnreachable(page: Page): Promise<void> {
  await pw(loginError(page)).toContainText(`${SLUG} cannot be reached with this token`);
  await pw(loginError(page)).toContainText('Repository access');
  await pw(loginError(page)).toContainText('renamed');
  await pw(loginError(page)).toContainText('github.repo');
  await pw(modal(page).getByTestId('access-denied')).toHaveCount(0);
  await pw(modal(page).getByText(/Access Denied/)).toHaveCount(0);
}

describe('a repository the token cannot see (GitHub answers 404 for it)', () => {
  it('a listed admin is told the repository cannot be reached and how to fix it, not that they are no admin', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    hideRepository();
    await signIn(page, TOKENS.noRepo);
    await expectUnreachable(page);
    await keepScreenshot(page, 'published-admin-repository-unreachable');
    await context.close();
  });

  it('the primary admin is told the same, naming the repository, instead of a bare 404', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    hideRepository();
    await signIn(page, TOKENS.owner);
    await expectUnreachable(page);
    await pw(modal(page).getByText('GitHub answered 404: Not Found', { exact: true })).toHaveCount(0);
    await context.close();
  });

  it('a missing admin-list.json is still an empty list: a listed admin is denied with the spec\'s sentence alone', async () => {
    env.site.gh.fault({ method: 'GET', path: '/contents/admin-list.json', status: 404, message: 'Not Found' });
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.noRepo);
    await pw(modal(page).getByTestId('access-denied-message')).toHaveText(SPEC_DENIAL('nora@example.com'));
    await pw(modal(page).getByTestId('access-denied-hint')).toHaveCount(0);
    await context.close();
  });
});

describe('an admin listed by a private email whose token cannot read it', () => {
  it('keeps the spec\'s denial and adds that the token lacks user:email (classic) or Email addresses: Read (fine-grained)', async () => {
    env.site.gh.addUser({ login: 'privy', token: 'tok-privy', scopes: ['repo'], emails: [{ email: 'privy@private.example', primary: true, verified: true, visibility: 'private' }] });
    env.site.gh.addUser({
      login: 'finn', token: 'github_pat_finn', emailsStatus: 403, fineGrained: { contents: 'write', pull_requests: 'write', actions: 'write' },
      emails: [{ email: 'finn@private.example', primary: true, verified: true, visibility: 'private' }],
    });
    env.site.gh.pushFile(SLUG, 'main', 'admin-list.json', `${JSON.stringify({ admins: ['nora', 'privy@private.example', 'finn@private.example'], instructions: ADMIN_LIST_INSTRUCTIONS }, null, 2)}\n`, 'private admins');

    const classic = await sitePage(env.browser, env.site.server);
    await signIn(classic.page, 'tok-privy');
    await pw(modal(classic.page).getByTestId('access-denied-message')).toHaveText(SPEC_DENIAL('privy'));
    const hint = modal(classic.page).getByTestId('access-denied-hint');
    await pw(hint).toContainText('user:email');
    await pw(hint).toContainText('private email');
    expect(await hint.innerText()).not.toContain('Email addresses: Read');
    await keepScreenshot(classic.page, 'published-admin-denied-no-user-email');
    await classic.context.close();

    const fineGrained = await sitePage(env.browser, env.site.server);
    await signIn(fineGrained.page, 'github_pat_finn');
    await pw(modal(fineGrained.page).getByTestId('access-denied-message')).toHaveText(SPEC_DENIAL('finn'));
    await pw(modal(fineGrained.page).getByTestId('access-denied-hint')).toContainText('Email addresses: Read');
    await fineGrained.context.close();
  });

  it('someone who is simply no admin gets the spec\'s sentence alone', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.mallory);
    await pw(modal(page).getByTestId('access-denied-message')).toHaveText(SPEC_DENIAL('mallory@example.com'));
    await pw(modal(page).getByTestId('access-denied-hint')).toHaveCount(0);
    await context.close();
  });
});

describe('a save GitHub refuses for its rate limit', () => {
  it('says when to try again (local time), and keeps what was typed', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    await signIn(page, TOKENS.owner);
    const grace = modal(page).locator('[data-testid="manual-contributor"][data-name="Grace Speaker"]');
    await pw(grace).toBeVisible();
    // Half a minute into a minute: the page's second of margin (and the test's own time) cannot round it into the next one.
    const reset = Math.floor(Date.now() / 60_000) * 60 + 3630;
    env.site.gh.fault({
      method: 'PUT', path: '/contents/', status: 403, message: 'API rate limit exceeded for user ID 1000.',
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
    });
    await grace.getByTestId('add-contribution-toggle').click();
    await grace.getByTestId('add-score').fill('13');
    await grace.getByTestId('add-notes').fill('Rate-limited draft');
    await grace.getByTestId('add-contribution-submit').click();
    await pw(banner(page)).toContainText('Failed to save: GitHub answered 403: API rate limit exceeded');
    // The reset as the page's clock shows it, rounded up to the minute.
    const expected = await page.evaluate((at) => new Date(Math.ceil(at / 60_000) * 60_000).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }), reset * 1000);
    await pw(banner(page)).toContainText(`try again after ${expected}`);
    await pw(grace.getByTestId('add-notes')).toHaveValue('Rate-limited draft');
    await pw(grace.getByTestId('add-score')).toHaveValue('13');
    await keepScreenshot(page, 'published-admin-rate-limited-save');
    await context.close();
    expect(env.site.gh.pendingFaults()).toBe(0);
  });
});

describe('GitHub not reached at sign-in', () => {
  it('says what to check: the connection, something blocking the API\'s host, or the API the site was built for', async () => {
    const { page, context } = await sitePage(env.browser, env.site.server);
    // Every connection to GitHub's API fails, as when the network or an extension blocks it.
    await page.route((url) => url.href.startsWith(env.site.gh.url), (route) => route.abort('internetdisconnected'));
    await signIn(page, TOKENS.owner);
    await pw(loginError(page)).toContainText('Could not reach GitHub (network error).');
    await pw(loginError(page)).toContainText('internet connection');
    await pw(loginError(page)).toContainText(`blocks ${new URL(env.site.gh.url).host}`);
    await pw(loginError(page)).toContainText('GITHUB_API_URL');
    await keepScreenshot(page, 'published-admin-sign-in-network-error');
    await context.close();
  });
});
