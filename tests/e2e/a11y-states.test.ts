/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// axe-core on the page's other states, light and dark: loading, the error state, an empty period,
// the 'Failed to refresh' banner and the header's refresh statuses (ok, error, AI partial).
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { FIXTURE_DATA, gate, serveFixture, type E2eSession } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

let s: E2eSession;
let fixture: string;
beforeAll(async () => {
  s = await serveFixture();
  fixture = await readFile(FIXTURE_DATA, 'utf8');
});
afterAll(async () => { await s?.close(); });

const DATA = '**/leaderboard-data.json';
const STATUS = '**/last-update.json';
const status = (extra: Record<string, unknown>) => JSON.stringify({ timestamp: '2025-10-27T08:00:00.000Z', latestCommit: 'a'.repeat(40), ...extra });

async function newThemedPage(colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
  return context.newPage();
}

async function expectClean(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await pw(page.locator(`html[data-theme="${theme}"]`)).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
}

// In light, states.test.ts scans the loading and error states in the tests that open them anyway.
describe('axe on the states of the page, dark', () => {
  const theme = 'dark';
  it('loading, then the error state', async () => {
    const page = await newThemedPage(theme);
    const held = gate();
    await page.route(DATA, async (route) => { await held.wait; await route.fulfill({ status: 404, body: 'not here' }); });
    await page.goto(s.server.url);
    await pw(page.getByTestId('loading-state')).toHaveText('Loading leaderboard...');
    await expectClean(page, theme);
    held.open();
    await pw(page.getByTestId('error-state')).toBeVisible();
    await pw(page.getByRole('heading', { name: 'Error Loading Data' })).toBeVisible();
    await expectClean(page, theme);
    await page.context().close();
  });
});

describe.each(['light', 'dark'] as const)('axe on the states of the page, %s', (theme) => {
  it('an empty period, the "Failed to refresh" banner and the refresh statuses', async () => {
    const page = await newThemedPage(theme);
    // Everyone of the latest week hidden: the empty state, with the filter's chips.
    const data = JSON.parse(fixture) as { leaderboards: { weekly: Record<string, { name: string }[]> } };
    const latest = Object.keys(data.leaderboards.weekly).sort().at(-1)!;
    const names = data.leaderboards.weekly[latest]!.map((e) => e.name);
    await page.addInitScript((hidden) => localStorage.setItem('leaderboard:hidden-contributors', hidden), JSON.stringify(names));
    let statusBody = status({ success: true });
    await page.route(STATUS, (route) => route.fulfill({ contentType: 'application/json', body: statusBody }));
    await page.goto(s.server.url);
    await pw(page.getByTestId('empty-state')).toHaveText('No contributors found for this period.');
    await pw(page.getByTestId('refresh-status')).toHaveText('Live updates every 15min');
    await expectClean(page, theme);

    // A refresh that fails keeps the data under an error banner; the header says the refresh failed.
    await page.route(DATA, (route) => route.fulfill({ contentType: 'application/json', body: '{"truncated": ' }));
    statusBody = status({ success: false, error: 'git pull failed', ai: { source: 'openai:gpt-4.1-mini', sent: 5, cached: 0, failed: 3, partial: true, error: 'rate limited' } });
    await page.getByTestId('refresh-button').click();
    await pw(page.getByTestId('status-banner')).toHaveAttribute('data-type', 'error');
    await pw(page.getByTestId('refresh-status')).toHaveText('Auto-refresh error');
    await pw(page.getByTestId('ai-partial-status')).toContainText('AI scoring partial');
    await expectClean(page, theme);
    await page.context().close();
  });
});
