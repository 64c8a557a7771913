/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// The AI part of the score on the page, in Chromium against the built bin: an admin overrides a
// commit's AI score and removes the override (GitHub replaced by the local emulator); the footer
// names the scorer; a model's reason, a fallback and a partial AI step are said on the page.
import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_LIST_PATH } from '../../src/core/github/types.js';
import { launchBrowser } from '../support/browser.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { keepScreenshot, makeDataDir, newPage } from '../support/e2e.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { startGitHubEmulator, type GitHubEmulator } from '../support/github-emulator.js';
import { pw } from '../support/pw-expect.js';
import { hoursAgo } from '../support/recent.js';

const env = gitIsolationVars();
const ALICE = { name: 'Alice', email: 'alice@example.com' };
const BOB = { name: 'Bob', email: 'bob@example.com' };
const NARROW = 390;
const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} line ${i}`).join('\n') + '\n';

let gh: GitHubEmulator;
let repo: TestRepo;
let bobCommit: string;
let server: ServeProcess;
let browser: Browser;
let closeBrowser: () => Promise<void>;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  gh = await startGitHubEmulator();
  gh.addRepo({ owner: 'acme', name: 'widgets', files: { [ADMIN_LIST_PATH]: JSON.stringify({ admins: [] }) } });
  gh.addUser({ login: 'owner', token: 'tok-owner', emails: [{ email: 'owner@example.com', primary: true, verified: true, visibility: null }] });
  repo = await createTestRepo();
  await repo.commit({
    author: ALICE, date: hoursAgo(6), message: 'feat(core): add the parser',
    files: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`src/p${i}.ts`, lines(24, `p${i}`)])),
  });
  // A small fix (LOC 8 + Files 5 + Type 15 + the local estimate): a simple fix until overridden.
  bobCommit = await repo.commit({ author: BOB, date: hoursAgo(5), message: 'fix: crash on an empty config', files: { 'src/p0.ts': lines(25, 'fix') } });
  await repo.writeFile('leaderboard.config.json', JSON.stringify({ github: { repo: 'acme/widgets' }, primaryAdmins: { email: 'owner@example.com', login: 'owner' } }));
  server = await startServe(['--github-api-url', gh.url], { cwd: repo.dir, env });
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await closeBrowser?.();
  await server?.stop();
  await gh?.close();
  await repo?.cleanup();
});
afterEach(() => { expect(gh.validationErrors).toEqual([]); });

const modal = (page: Page) => page.getByTestId('admin-modal');
const section = (page: Page) => modal(page).getByTestId('ai-overrides-section');
const banner = (page: Page) => modal(page).getByTestId('status-banner');
const row = (page: Page, name: string) => page.locator(`[data-testid="leaderboard-row"][data-name="${name}"]`);
const commitOf = (page: Page, hash: string) => page.locator('[data-testid="commit-item"]').filter({ has: page.locator(`[data-testid="commit-hash"][title="${hash}"]`) });

async function openAdmin(page: Page): Promise<void> {
  await page.getByTestId('admin-button').click();
  await pw(modal(page)).toBeVisible();
}

/** A page signed in as the primary admin, with the overrides section in view; confirmations are accepted and kept. */
async function adminPage(width?: number): Promise<{ page: Page; confirmations: string[] }> {
  const page = await newPage(browser, width);
  const confirmations: string[] = [];
  page.on('dialog', (d) => {
    confirmations.push(d.message());
    void d.accept();
  });
  await page.goto(server.url);
  await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
  await openAdmin(page);
  await page.getByTestId('token-input').fill('tok-owner');
  await page.getByTestId('sign-in-button').click();
  await pw(page.getByTestId('admin-panel')).toBeVisible();
  await pw(section(page).getByTestId('ai-override-count')).toBeVisible();
  await section(page).scrollIntoViewIfNeeded();
  return { page, confirmations };
}

async function closeAdmin(page: Page): Promise<void> {
  await page.getByTestId('modal-close').click();
  await pw(modal(page)).toHaveCount(0);
}

/** The AI part and total of a commit as the page shows them. */
async function scoresOf(page: Page, hash: string): Promise<{ ai: number; total: number }> {
  const item = commitOf(page, hash);
  const ai = Number(/(\d+)/.exec(await item.getByTestId('commit-ai-part').innerText())?.[1]);
  const total = Number(await item.locator('.commit-total-value').innerText());
  return { ai, total };
}

describe('overriding a commit\'s AI score', () => {
  it('validates the form, shows the override on the page without a reload, and removes it', async () => {
    const { page, confirmations } = await adminPage();
    // The footer names the scorer of this data file: no provider is configured.
    await pw(page.getByTestId('ai-source-note')).toHaveText('AI part: local estimate (no AI provider configured)');
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
    await pw(section(page).getByTestId('no-ai-overrides')).toHaveText('No AI score overrides yet.');

    const form = section(page).getByTestId('ai-override-form');
    const error = section(page).getByTestId('ai-override-error');
    await form.getByTestId('ai-override-save').click();
    await pw(error).toHaveText('Commit hash is required');
    await form.getByTestId('ai-override-commit').fill(bobCommit.slice(0, 7));
    await form.getByTestId('ai-override-score').fill('30');
    await form.getByTestId('ai-override-save').click();
    await pw(error).toHaveText('Score must be a whole number from 0 to 25');
    await form.getByTestId('ai-override-score').fill('25');
    await form.getByTestId('ai-override-save').click();
    await pw(error).toHaveText('Note is required');
    await keepScreenshot(page, 'ai-override-form-error');

    // A commit the repository does not have: the server's 404 in the error banner.
    await form.getByTestId('ai-override-commit').fill('deadbeef');
    await form.getByTestId('ai-override-note').fill('Fixes a crash every new user hit');
    await form.getByTestId('ai-override-save').click();
    await pw(banner(page)).toHaveAttribute('data-type', 'error');
    await pw(banner(page).getByTestId('status-banner-message')).toContainText('Failed to save: No commit deadbeef');

    // Before: the local estimate.
    await closeAdmin(page);
    await row(page, BOB.name).click();
    const bob = commitOf(page, bobCommit);
    await pw(bob.getByTestId('commit-ai-part')).toHaveText(/^AI \(heuristic\) \d+$/);
    await pw(bob.getByTestId('commit-ai-note')).toHaveCount(0);
    const before = await scoresOf(page, bobCommit);
    const rowBefore = Number(await row(page, BOB.name).getByTestId('cell-total').innerText());

    await openAdmin(page);
    await section(page).getByTestId('ai-override-commit').fill(bobCommit.slice(0, 7));
    await section(page).getByTestId('ai-override-score').fill('25');
    await section(page).getByTestId('ai-override-note').fill('Fixes a crash every new user hit');
    await section(page).getByTestId('ai-override-save').click();
    await pw(banner(page)).toHaveAttribute('data-type', 'success');
    await pw(banner(page).getByTestId('status-banner-message')).toHaveText(`Set the AI score of commit ${bobCommit.slice(0, 8)} to 25; the leaderboards are updated.`);
    const entry = section(page).locator(`[data-testid="ai-override"][data-hash="${bobCommit}"]`);
    await pw(entry).toBeVisible();
    await pw(entry).toContainText(bobCommit.slice(0, 8));
    await pw(entry.getByTestId('ai-override-score-value')).toHaveText('25');
    await pw(entry.getByTestId('ai-override-note-text')).toHaveText('Fixes a crash every new user hit');
    await pw(entry).toContainText('owner');
    await pw(section(page).getByTestId('ai-override-commit')).toHaveValue('');
    await section(page).scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'ai-override-admin');

    // The page follows without a reload: the commit's note, the marked AI part, the new totals.
    await closeAdmin(page);
    const expected = before.total - before.ai + 25;
    await pw(bob.getByTestId('commit-ai-note')).toHaveText(`AI overridden by owner: Fixes a crash every new user hit (was ${before.ai} from heuristic)`);
    await pw(bob.getByTestId('ai-override-badge')).toHaveText('override');
    await pw(bob.getByTestId('commit-ai-part')).toHaveAttribute('data-source', 'override');
    await pw(bob.locator('.commit-total-value')).toHaveText(String(expected));
    await pw(row(page, BOB.name).getByTestId('cell-total')).toHaveText(String(rowBefore - before.ai + 25));
    if (expected >= 50) await pw(bob.getByTestId('commit-classification')).toHaveText('significant');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await keepScreenshot(page, 'ai-override-page');

    // Removed after a confirmation: the scorer's value again.
    await openAdmin(page);
    await section(page).locator(`[data-testid="ai-override"][data-hash="${bobCommit}"]`).getByTestId('remove-ai-override').click();
    await pw(banner(page).getByTestId('status-banner-message')).toHaveText(`Removed the AI score override of commit ${bobCommit.slice(0, 8)}; the leaderboards are updated.`);
    expect(confirmations.at(-1)).toBe(`Remove the AI score override of commit ${bobCommit.slice(0, 8)}? Its AI score goes back to the scorer's.`);
    await pw(section(page).getByTestId('no-ai-overrides')).toBeVisible();
    await closeAdmin(page);
    await pw(bob.getByTestId('commit-ai-note')).toHaveCount(0);
    await pw(bob.getByTestId('ai-override-badge')).toHaveCount(0);
    await pw(bob.locator('.commit-total-value')).toHaveText(String(before.total));
    await pw(row(page, BOB.name).getByTestId('cell-total')).toHaveText(String(rowBefore));
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.context().close();
  });

  it('lays out the section and the note on a narrow screen', async () => {
    const { page } = await adminPage(NARROW);
    await section(page).getByTestId('ai-override-commit').fill(bobCommit);
    await section(page).getByTestId('ai-override-score').fill('3');
    await section(page).getByTestId('ai-override-note').fill('Mostly a revert of an earlier change, re-applied with a one-line fix; scored as such');
    await section(page).getByTestId('ai-override-save').click();
    await pw(banner(page)).toHaveAttribute('data-type', 'success');
    const entry = section(page).locator(`[data-testid="ai-override"][data-hash="${bobCommit}"]`);
    await pw(entry).toBeVisible();
    await entry.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'ai-override-admin-narrow');
    const box = await entry.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(NARROW);

    await closeAdmin(page);
    await row(page, BOB.name).click();
    const note = commitOf(page, bobCommit).getByTestId('commit-ai-note');
    await pw(note).toContainText('AI overridden by owner: Mostly a revert');
    await pw(note).toBeInViewport();
    await note.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'ai-override-page-narrow');

    await openAdmin(page);
    await section(page).getByTestId('remove-ai-override').click();
    await pw(section(page).getByTestId('no-ai-overrides')).toBeVisible();
    await page.context().close();
  });
});

describe('what the page says about the AI part of a data file scored by a model', () => {
  const HASHES = { model: 'a1'.repeat(20), fallback: 'b2'.repeat(20), local: 'c3'.repeat(20) };
  const REASON = 'Adds a new export path that every report goes through.';
  const FAILURE = 'openai:gpt-4.1-mini failed: 401 Incorrect API key provided';

  async function serveHandWritten(): Promise<ServeProcess> {
    const now = new Date().toISOString();
    const date = hoursAgo(3);
    const entry = { name: 'Dana', email: 'dana@example.com', total_commits: 3, significant_commits: 1, commit_score: 93 + 38 + 35, total_score: 93 + 38 + 35, commits: [0, 1, 2] };
    const data = {
      schema_version: 2, last_updated: now, total_commits_analyzed: 3, analysis_period_days: 30,
      commit_defaults: { ai_source: 'openai:gpt-4.1-mini' },
      commits: [
        { full_hash: HASHES.model, date, message: 'feat(export): add the CSV exporter', stats: { files: 6, insertions: 180, deletions: 20 },
          scores: { loc: 30, files: 20, keyword: 25, ai: 18, ai_reason: REASON } },
        { full_hash: HASHES.fallback, date, message: 'fix: crash on an empty config', stats: { files: 1, insertions: 20, deletions: 5 },
          scores: { loc: 8, files: 5, keyword: 15, ai: 10, ai_source: 'heuristic', ai_reason: 'size 4, source files 6', ai_fallback: FAILURE } },
        { full_hash: HASHES.local, date, message: 'docs: explain the exporter', stats: { files: 1, insertions: 40, deletions: 0 },
          scores: { loc: 8, files: 5, keyword: 5, ai: 17, ai_source: 'heuristic' } },
      ],
      leaderboards: { weekly: { '2025-W10': [entry] }, monthly: { '2025-03': [entry] }, quarterly: { '2025-Q1': [entry] } },
      metadata: { tool: 'contributor-leaderboard', repository: 'widgets', scoring: { ai: 'openai:gpt-4.1-mini', significantAt: 50 } },
    };
    const status = {
      success: true, timestamp: now, latestCommit: HASHES.model,
      ai: { source: 'openai:gpt-4.1-mini', sent: 30, cached: 2, failed: 12, partial: true, error: FAILURE },
    };
    const dir = await makeDataDir({ 'leaderboard-data.json': JSON.stringify(data), 'last-update.json': JSON.stringify(status) });
    const served = await startServe(['--no-refresh', '--data-dir', dir]);
    cleanups.push(() => served.stop(), () => rm(dir, { recursive: true, force: true }));
    return served;
  }

  it("shows the model's reason, the fallback, the scorer in the footer and the partial AI step", async () => {
    const served = await serveHandWritten();
    for (const width of [1280, NARROW]) {
      const page = await newPage(browser, width);
      await page.goto(served.url);
      await pw(page.getByTestId('ai-source-note')).toHaveText('AI part: scored by openai:gpt-4.1-mini');
      await pw(page.getByTestId('ai-partial-status')).toHaveText(`AI scoring partial: 12 commits used the local estimate (${FAILURE})`);
      await pw(page.getByTestId('refresh-status')).toHaveText('Live updates every 15min');
      await row(page, 'Dana').click();

      const model = commitOf(page, HASHES.model);
      await pw(model.getByTestId('commit-ai-note')).toHaveText(`AI 18 by openai:gpt-4.1-mini: ${REASON}`);
      await pw(model.getByTestId('commit-ai-note')).toHaveAttribute('data-kind', 'provider');
      await pw(model.getByTestId('commit-ai-part')).toHaveText('AI 18');
      const fallback = commitOf(page, HASHES.fallback);
      await pw(fallback.getByTestId('commit-ai-note')).toHaveText(`AI: local estimate, ${FAILURE}`);
      await pw(fallback.getByTestId('commit-ai-note')).toHaveAttribute('data-kind', 'fallback');
      await pw(fallback.getByTestId('commit-ai-part')).toHaveText('AI (heuristic) 10');
      // The local estimate keeps its label and hover text, with no line under it.
      const local = commitOf(page, HASHES.local);
      await pw(local.getByTestId('commit-ai-part')).toHaveText('AI (heuristic) 17');
      expect(await local.getByTestId('commit-ai-part').getAttribute('title')).toMatch(/^Local estimate \(no AI provider configured\)/);
      await pw(local.getByTestId('commit-ai-note')).toHaveCount(0);

      await pw(model.getByTestId('commit-ai-note')).toBeInViewport();
      await pw(page.getByTestId('ai-partial-status')).toBeInViewport();
      await keepScreenshot(page, width === NARROW ? 'ai-notes-narrow' : 'ai-notes');
      await page.context().close();
    }
  });
});
