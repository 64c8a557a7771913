// Co-author credit, reverts and the "How scores work" panel, on a repository served by the real CLI.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { keepScreenshot, newPage, serveFixture, type E2eSession } from '../support/e2e.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { pw } from '../support/pw-expect.js';
import { hoursAgo } from '../support/recent.js';
import { alice, bob, carol, lines } from './support/credit-people.js';

const env = gitIsolationVars();

let repo: TestRepo;
let server: ServeProcess;
let browser: Browser;
let closeBrowser: () => Promise<void>;
const h: Record<string, string> = {};

beforeAll(async () => {
  repo = await createTestRepo();
  // 5 files, 120 lines, "feat: add": LOC 30 + Files 20 + Type 25 + AI 16 = 91, split three ways.
  h.shared = await repo.commit({
    author: alice, date: hoursAgo(5),
    message: 'feat(core): add the parser\n\nPaired all day.\n\nCo-authored-by: Bob <bob@example.com>\nCo-authored-by: Carol <carol@example.com>',
    files: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`src/p${i}.ts`, lines(24, `p${i}`)])),
  });
  h.thing = await repo.commit({ author: bob, date: hoursAgo(4), message: 'feat: thing' });
  h.revert = await repo.commit({ author: carol, date: hoursAgo(3), message: `Revert "feat: thing"\n\nThis reverts commit ${h.thing}.` });
  // Written after the commits (which stage everything), so it is not part of any score.
  await writeFile(path.join(repo.dir, 'leaderboard.config.json'), JSON.stringify({ credit: { coAuthors: 'share' } }));
  server = await startServe([], { cwd: repo.dir, env });
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
  await repo?.cleanup();
});

async function openRow(page: Page, name: string) {
  const row = page.locator(`[data-testid="leaderboard-row"][data-name="${name}"]`);
  await row.click();
  return page.getByTestId('row-details');
}

/** Records CSP violations reported to the page. */
function cspWatch(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

describe('credit on the page', () => {
  it('ranks the split scores, counts each commit once, and shows "with ..." and each person\'s part', async () => {
    const page = await newPage(browser);
    const csp = cspWatch(page);
    await page.goto(server.url);
    const rows = page.getByTestId('leaderboard-row');
    await pw(rows).toHaveCount(3);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-name')))).toEqual(['Alice', 'Bob', 'Carol']);
    await pw(rows.nth(0).getByTestId('cell-commit-score')).toHaveText('30.34');
    await pw(rows.nth(1).getByTestId('cell-total')).toHaveText('30.33');
    await pw(rows.nth(1).getByTestId('cell-commits')).toHaveText('2');
    await pw(page.getByTestId('summary-total-commits-value')).toHaveText('3');

    let details = await openRow(page, 'Alice');
    const shared = details.getByTestId('commit-item').first();
    await pw(shared.getByTestId('commit-co-authors')).toHaveText('with Bob, Carol');
    await pw(shared.getByTestId('commit-share')).toHaveText("Alice's part: 30.34 of 91 pts, split 3 ways");
    await pw(shared.getByTestId('commit-breakdown')).toHaveText(/LOC 30\s*Files 20\s*Type 25\s*AI \(heuristic\) 16/);
    await keepScreenshot(page, 'credit-card-share');

    details = await openRow(page, 'Bob');
    await pw(details.getByTestId('commit-item')).toHaveCount(2);
    const reverted = details.locator('[data-testid="commit-item"][data-cancelled="true"]');
    await pw(reverted.getByTestId('commit-revert')).toHaveText(`reverted by ${h.revert?.slice(0, 8)}`);
    await pw(reverted.locator('.commit-total-value')).toHaveText('0');
    await pw(reverted.getByTestId('commit-revert-note')).toHaveText('Scores 0: a later revert undid it, so neither counts (28 pts without the revert rule).');
    await pw(details.locator('[data-testid="commit-item"]:not([data-cancelled])').getByTestId('commit-share')).toHaveText("Bob's part: 30.33 of 91 pts, split 3 ways");
    // Alice's commit on Bob's card: Bob is not among "with", and it is not said to be his.
    await pw(details.locator('[data-testid="commit-item"]:not([data-cancelled])').getByTestId('commit-co-authors')).toHaveText('Co-authored, with Carol');
    await keepScreenshot(page, 'credit-reverted');

    details = await openRow(page, 'Carol');
    const revert = details.locator('[data-testid="commit-item"][data-cancelled="true"]');
    await pw(revert.getByTestId('commit-revert')).toHaveText(`revert of ${h.thing?.slice(0, 8)}`);
    await pw(revert.getByTestId('commit-revert-note')).toContainText('it undoes a commit analysed here');
    expect(csp).toEqual([]);
    await page.context().close();
  });

  it('explains the rules in force from the footer and from a commit, as a keyboard-usable dialog', async () => {
    const page = await newPage(browser);
    // Tall enough for the whole panel in the screenshot.
    await page.setViewportSize({ width: 1280, height: 1500 });
    const csp = cspWatch(page);
    await page.goto(server.url);
    const opener = page.getByTestId('open-rules');
    await opener.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'How scores work' });
    await pw(panel).toBeVisible();
    await pw(panel.getByTestId('rules-parts')).toContainText('≥100 lines: 30, ≥50: 15, ≥20: 8, else 3');
    await pw(panel.getByTestId('rules-parts')).toContainText('significant at 50 points or more');
    await pw(panel.getByTestId('rules-ai')).toContainText('a local estimate');
    await pw(panel.getByTestId('rules-exclusions')).toContainText('lock files');
    await pw(panel.getByTestId('rules-bots')).toContainText('[bot], dependabot, renovate, github-actions');
    await pw(panel.getByTestId('rules-co-authors')).toContainText('Co-authors (share):');
    await pw(panel.getByTestId('rules-co-authors')).toContainText('split equally');
    await pw(panel.getByTestId('rules-co-authors')).toContainText('Here: 1 commit.');
    await pw(panel.getByTestId('rules-reverts')).toContainText('Reverts (cancel):');
    await pw(panel.getByTestId('rules-reverts')).toContainText('Here: 2 commits cancelled.');
    await pw(panel.getByTestId('rules-ranking')).toContainText('T1 Advanced: ranks 6-12');
    await pw(panel.getByTestId('rules-window')).toContainText('365 days back');
    await keepScreenshot(page, 'credit-rules-panel');
    await panel.locator('.rules-body').evaluate((el) => { el.scrollTop = el.scrollHeight; });
    await keepScreenshot(page, 'credit-rules-panel-end');
    // Tab stays in the dialog (the page behind is inert); Escape closes it and focus goes back.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    await page.keyboard.press('Escape');
    await pw(panel).toHaveCount(0);
    await pw(opener).toBeFocused();

    await openRow(page, 'Alice');
    const explain = page.getByTestId('commit-explain').first();
    await explain.click();
    await pw(panel).toBeVisible();
    // From a co-authored commit it opens at "Who gets the credit".
    await expect.poll(() => panel.locator('.rules-body').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await panel.getByTestId('rules-close').click();
    await pw(panel).toHaveCount(0);
    await pw(explain).toBeFocused();
    expect(csp).toEqual([]);
    await page.context().close();
  });

  it('fits a phone screen', async () => {
    const page = await newPage(browser, 390);
    await page.goto(server.url);
    const details = await openRow(page, 'Bob');
    await pw(details.getByTestId('commit-revert')).toBeVisible();
    await details.getByTestId('commit-revert').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'tests/artifacts/credit-phone-card.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByTestId('open-rules').click();
    await pw(page.getByRole('dialog', { name: 'How scores work' })).toBeVisible();
    await page.screenshot({ path: 'tests/artifacts/credit-phone-panel.png' });
    await page.context().close();
  });
});

describe('an older data file', () => {
  let session: E2eSession;
  beforeAll(async () => { session = await serveFixture(); });
  afterAll(async () => { await session?.close(); });

  it('still renders, with the plain rules it was made with', async () => {
    const page = await newPage(session.browser);
    await page.goto(session.server.url);
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    await page.getByTestId('leaderboard-row').first().click();
    await pw(page.getByTestId('commit-item').first()).toBeVisible();
    await pw(page.getByTestId('commit-revert')).toHaveCount(0);
    await page.getByTestId('open-rules').click();
    const panel = page.getByRole('dialog', { name: 'How scores work' });
    await pw(panel.getByTestId('rules-co-authors')).toContainText('Co-authors (author):');
    await pw(panel.getByTestId('rules-reverts')).toContainText('Reverts (score):');
    await pw(panel).toContainText('predates these settings');
    await pw(panel.getByTestId('rules-parts')).toContainText('This data file does not record the thresholds');
    await keepScreenshot(page, 'credit-rules-panel-old-file');
    await page.context().close();
  });
});
