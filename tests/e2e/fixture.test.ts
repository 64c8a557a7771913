/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// The real fixture (written by another tool of this kind) through `leaderboard serve --no-refresh`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pw } from '../support/pw-expect.js';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { keepScreenshot, newPage, serveFixture, type E2eSession } from '../support/e2e.js';
import { watchBusy } from './support/busy-probe.js';

let s: E2eSession;
beforeAll(async () => {
  s = await serveFixture();
});
afterAll(async () => { await s?.close(); });

const rows = (page: Page) => page.getByTestId('leaderboard-row');
const row = (page: Page, name: string) => page.locator(`[data-testid="leaderboard-row"][data-name="${name}"]`);

async function open(query = ''): Promise<Page> {
  const page = await newPage(s.browser);
  await page.goto(`${s.server.url}${query}`);
  await pw(rows(page).first()).toBeVisible();
  return page;
}

describe('the fixture on the main screen', () => {
  it('loads the fixture, which has no index, without an error in the console', async () => {
    const page = await newPage(s.browser);
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(s.server.url);
    await pw(rows(page).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the header, the five cards, the tabs, the badge, the chart, the table and the footer', async () => {
    const page = await open();
    await pw(page.getByTestId('page-title')).toContainText('Contributor Leaderboard');
    await pw(page.getByTestId('data-generated')).toContainText(/Data generated .+ ago/);
    // No last-update.json in this data dir: the status stays empty.
    await pw(page.getByTestId('refresh-status')).toHaveCount(0);
    // Latest week of the fixture: 2025-W43 with 7 contributors and 8 commits (2 significant).
    await pw(page.getByTestId('tab-weekly')).toHaveAttribute('aria-selected', 'true');
    await pw(page.getByTestId('viewing-badge')).toHaveText(/Viewing\s*2025-W43\s*·\s*7 contributors/);
    await pw(page.getByTestId('summary-total-commits-value')).toHaveText('8');
    await pw(page.getByTestId('summary-significant-value')).toHaveText('2');
    await pw(page.getByTestId('summary-simple-value')).toHaveText('6');
    await pw(page.getByTestId('summary-contributors-value')).toHaveText('7');
    await pw(page.getByTestId('summary-significance-rate-value')).toHaveText('25.0%');
    await pw(page.getByTestId('trends-chart')).toContainText('Contribution Trends (Weekly)');
    await pw(page.locator('[data-testid="trends-chart"] canvas')).toBeVisible();
    const chartHeight = await page.locator('.chart-box').evaluate((el) => el.getBoundingClientRect().height);
    expect(chartHeight).toBe(320); // 20rem
    await pw(page.getByTestId('tier-legend')).toHaveText(/T0\s*Elite \(Top 5\)\s*T1\s*Advanced \(6-12\)\s*T2\s*Intermediate \(13-22\)\s*T3\s*Contributing \(23\+\)/);
    const headers = await page.locator('[data-testid="leaderboard-table"] thead th').allInnerTexts();
    expect(headers.map((h) => h.trim().toUpperCase())).toEqual(
      ['TIER', 'CONTRIBUTOR', 'COMMITS', 'SIG', 'SIM', 'IMPACT', 'COMMIT', 'OTHER', 'TOTAL', 'AVG', 'DETAILS']);
    await pw(rows(page)).toHaveCount(7);
    await pw(page.getByTestId('scoring-text')).toHaveText(
      'Scoring: LOC 30 points, files 20, keywords 25, AI analysis 25, total 100. Significant commits are 50 points or more; simple fixes are under 50.');
    await keepScreenshot(page, 'fixture-weekly');
    await page.context().close();
  });

  it('fills every column of a row as the spec says', async () => {
    const page = await open('?type=monthly&period=2025-10');
    const first = rows(page).first();
    await pw(first).toHaveAttribute('data-rank', '1');
    await pw(first.getByTestId('tier-badge')).toHaveText('T0');
    await pw(first.getByTestId('tier-name')).toHaveText('Elite');
    await pw(first.getByTestId('contributor-name')).toHaveText('maobaolong');
    await pw(first.getByTestId('contributor-email')).toHaveText('baoloongmao@tencent.com');
    await pw(first.getByTestId('cell-commits')).toHaveText('6');
    await pw(first.getByTestId('cell-impact')).toHaveText(/^\d+%$/);
    await pw(first.getByTestId('cell-other')).toHaveText('-');
    const sixth = rows(page).nth(5);
    await pw(sixth.getByTestId('tier-badge')).toHaveText('T1');
    await pw(sixth.getByTestId('tier-name')).toHaveText('Advanced');
    await pw(rows(page).nth(12).getByTestId('tier-name')).toHaveText('Intermediate');
    await pw(rows(page).nth(22).getByTestId('tier-name')).toHaveText('Contributing');
    await page.context().close();
  });

  it('opens one row at a time, from the mouse and the keyboard', async () => {
    const page = await open('?type=monthly&period=2025-10');
    const a = rows(page).nth(0);
    const b = rows(page).nth(1);
    await a.click();
    await pw(a).toHaveAttribute('aria-expanded', 'true');
    await pw(page.getByTestId('row-details')).toHaveCount(1);
    await pw(page.getByTestId('recent-commits-title')).toHaveText('Recent Commits (6)');
    await b.click();
    await pw(a).toHaveAttribute('aria-expanded', 'false');
    await pw(b).toHaveAttribute('aria-expanded', 'true');
    await pw(page.getByTestId('row-details')).toHaveCount(1);
    await b.click();
    await pw(page.getByTestId('row-details')).toHaveCount(0);

    await rows(page).nth(2).focus();
    await page.keyboard.press('Enter');
    await pw(rows(page).nth(2)).toHaveAttribute('aria-expanded', 'true');
    const outline = await rows(page).nth(2).evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none'); // visible focus
    await page.keyboard.press(' ');
    await pw(rows(page).nth(2)).toHaveAttribute('aria-expanded', 'false');
    await page.context().close();
  });

  it('lists at most 20 commits with the cap note, each with its details and colored border', async () => {
    const page = await open('?type=quarterly&period=2025-Q3');
    await row(page, 'maobaolong').click();
    const details = page.getByTestId('row-details');
    await pw(details.getByTestId('recent-commits-title')).toHaveText('Recent Commits (47)');
    await pw(details.getByTestId('commits-shown-note')).toHaveText('Showing 20 of 47 commits');
    await pw(details.getByTestId('commit-item')).toHaveCount(20);
    const scroll = details.locator('.commit-scroll');
    const box = await scroll.evaluate((el) => ({ overflow: getComputedStyle(el).overflowY, client: el.clientHeight, content: el.scrollHeight }));
    expect(['auto', 'scroll']).toContain(box.overflow);
    expect(box.content).toBeGreaterThan(box.client);

    const item = details.getByTestId('commit-item').first();
    await pw(item.getByTestId('commit-hash')).toHaveText(/^[0-9a-f]{7,}$/);
    await pw(item.getByTestId('commit-classification')).toHaveText(/^(significant|simple)$/);
    await pw(item.getByTestId('commit-stats')).toHaveText(/\d+ files?\s+[\d,]+ lines?\s+\+[\d,]+\s+[−-][\d,]+/);
    await pw(item.getByTestId('commit-breakdown')).toHaveText(/LOC \d+\s+Files \d+\s+Type \d+\s+AI\b.*\d+/);
    const borders = await details.getByTestId('commit-item').evaluateAll((els) =>
      els.map((el) => [el.getAttribute('data-classification'), getComputedStyle(el).borderLeftColor]));
    const colorOf = (cls: string) => new Set(borders.filter(([c]) => c === cls).map(([, color]) => color));
    expect(colorOf('significant').size).toBe(1);
    expect(colorOf('simple').size).toBe(1);
    const [green] = [...colorOf('significant')];
    const [blue] = [...colorOf('simple')];
    const rgb = (c: string | null | undefined) => (c ?? '').match(/\d+/g)!.map(Number);
    expect(rgb(green)[1]).toBeGreaterThan(rgb(green)[2]!); // green dominant
    expect(rgb(blue)[2]).toBeGreaterThan(rgb(blue)[1]!); // blue dominant
    await keepScreenshot(page, 'fixture-quarterly-expanded');
    await page.context().close();
  });

  it('switches tabs, resets the dropdown to the latest period and keeps the view in the URL', async () => {
    const page = await open();
    const select = page.getByTestId('period-select');
    const options = await select.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options).toEqual([...options].sort().reverse());
    expect(options).toHaveLength(53);
    await select.selectOption('2025-W30');
    await pw(page.getByTestId('viewing-period')).toHaveText('2025-W30');
    // The URL is rewritten in an effect after the render: poll it.
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('2025-W30');

    // SPEC: the dropdown resets to the latest period whenever the period type changes.
    await page.getByTestId('tab-monthly').click();
    await pw(select).toHaveValue('2025-10');
    await pw(page.getByTestId('trends-chart')).toContainText('Contribution Trends (Monthly)');
    await select.selectOption('2025-07');
    await page.getByTestId('tab-quarterly').click();
    await pw(select).toHaveValue('2025-Q4');
    await page.getByTestId('tab-monthly').click();
    await pw(select).toHaveValue('2025-10');
    await select.selectOption('2025-07');
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('2025-07');
    const url = new URL(page.url());
    expect(url.searchParams.get('type')).toBe('monthly');
    expect(url.searchParams.get('period')).toBe('2025-07');

    // A link opens the same view.
    const other = await open(url.search);
    await pw(other.getByTestId('tab-monthly')).toHaveAttribute('aria-selected', 'true');
    await pw(other.getByTestId('period-select')).toHaveValue('2025-07');
    // An unknown period in a link falls back to the latest one (none is before it), and says so.
    await other.goto(`${s.server.url}?type=quarterly&period=1999-Q1`);
    await pw(other.getByTestId('period-select')).toHaveValue('2025-Q4');
    await pw(other.getByTestId('link-note')).toHaveText('1999-Q1 is not on this board; showing 2025-Q4.');

    // Tabs follow the arrow keys.
    await page.getByTestId('tab-monthly').focus();
    await page.keyboard.press('ArrowRight');
    await pw(page.getByTestId('tab-quarterly')).toHaveAttribute('aria-selected', 'true');
    await pw(page.getByTestId('tab-quarterly')).toBeFocused();
    await page.context().close();
    await other.context().close();
  });

  it.each(['light', 'dark'] as const)('says when a link\'s period or type is not on the board, and what it shows instead (%s)', async (colorScheme) => {
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
    const page = await context.newPage();
    await page.goto(`${s.server.url}?type=weekly&period=2019-W01`);
    await pw(rows(page).first()).toBeVisible();
    const note = page.getByTestId('link-note');
    await pw(note).toHaveText('2019-W01 is not on this board; showing 2025-W43.');
    await pw(note.getByRole('status')).toHaveCount(1);
    await pw(page.getByTestId('viewing-period')).toHaveText('2025-W43');
    expect(await seriousViolations(page, '[data-testid="link-note"]')).toEqual([]);
    await keepScreenshot(page, `link-note-missing-period-${colorScheme}`);
    // Dismissed, it goes; the view stays.
    await note.getByRole('button', { name: 'Dismiss' }).click();
    await pw(note).toHaveCount(0);
    // Focus goes on to the period the note spoke of, not back to the page's start.
    await pw(page.getByTestId('period-select')).toBeFocused();
    await pw(page.getByTestId('viewing-period')).toHaveText('2025-W43');

    await page.goto(`${s.server.url}?type=yearly`);
    await pw(note).toHaveText('"yearly" is not a period type; showing Weekly 2025-W43.');
    await pw(page.getByTestId('tab-weekly')).toHaveAttribute('aria-selected', 'true');
    // Another view chosen: the note no longer speaks of what is shown, and goes.
    await page.getByTestId('tab-monthly').click();
    await pw(note).toHaveCount(0);

    // Before the board's first month: none is before it, so the latest; a week's label under monthly: its month.
    await page.goto(`${s.server.url}?type=monthly&period=2024-09`);
    await pw(note).toHaveText('2024-09 is not on this board; showing 2025-10.');
    await page.goto(`${s.server.url}?type=monthly&period=2025-W10`);
    await pw(note).toHaveText('"2025-W10" is not a monthly period; showing 2025-03.');
    await pw(page.getByTestId('viewing-period')).toHaveText('2025-03');
    await context.close();
  });

  it('shows no busy state on this small board: every period listed at once, no indicator on a tab or period change', async () => {
    const page = await open();
    const select = page.getByTestId('period-select');
    // Counted at once, not waited for: a list this short is never shown in part.
    expect(await select.locator('option').count()).toBe(53);
    expect(await select.getAttribute('aria-busy')).toBeNull();
    const probe = await watchBusy(page);
    for (const tab of ['monthly', 'quarterly', 'weekly'] as const) {
      await page.getByTestId(`tab-${tab}`).click();
      await pw(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    }
    await select.selectOption('2025-W40');
    await pw(page.getByTestId('viewing-period')).toHaveText('2025-W40');
    await page.waitForTimeout(400); // past the indicator's delay
    const seen = await probe.stop();
    // Never shown: at most a frame of aria-busy, shorter than the indicator's wait.
    expect(seen.maxOpacity).toBe(0);
    if (seen.indicatorShownAfterMs !== null) expect(seen.longestBusyMs).toBeLessThan(seen.indicatorShownAfterMs);
    await pw(page.getByTestId('view-busy')).toHaveCount(0);
    await expect.poll(() => page.getByTestId('period-panel').getAttribute('aria-busy')).toBeNull();
  });

  it('hides contributors, re-assigns tiers by rank, keeps the choice across a reload and shows an empty period', async () => {
    const page = await open('?type=monthly&period=2025-10');
    const sixthName = await rows(page).nth(5).getAttribute('data-name');
    await pw(rows(page).nth(5).getByTestId('tier-badge')).toHaveText('T1');
    const before = Number(await page.getByTestId('summary-contributors-value').innerText());
    const firstCommits = Number(await rows(page).nth(0).getByTestId('cell-commits').innerText());
    const totalBefore = Number(await page.getByTestId('summary-total-commits-value').innerText());

    await page.getByTestId('filter-toggle').click();
    await page.getByTestId('filter-search').fill('maobaolong');
    await page.getByTestId('filter-option').filter({ hasText: 'maobaolong' }).locator('input').uncheck();
    await pw(row(page, 'maobaolong')).toHaveCount(0);
    await pw(page.getByTestId('filter-chip')).toHaveText('maobaolong');
    await pw(page.getByTestId('summary-contributors-value')).toHaveText(String(before - 1));
    await pw(page.getByTestId('summary-total-commits-value')).toHaveText(String(totalBefore - firstCommits));
    // The former sixth moves up to rank 5 and into T0 Elite.
    await pw(row(page, sixthName!)).toHaveAttribute('data-rank', '5');
    await pw(row(page, sixthName!).getByTestId('tier-badge')).toHaveText('T0');
    await pw(row(page, sixthName!).getByTestId('tier-name')).toHaveText('Elite');
    await pw(page.getByTestId('viewing-count')).toHaveText(`${before - 1} contributors`);
    await keepScreenshot(page, 'fixture-filtered');

    await page.reload();
    await pw(rows(page).first()).toBeVisible();
    await pw(row(page, 'maobaolong')).toHaveCount(0);
    await pw(page.getByTestId('filter-chip')).toHaveText('maobaolong');
    await pw(row(page, sixthName!)).toHaveAttribute('data-rank', '5');

    // Hiding everyone of a week leaves the empty state and zeroed cards.
    await page.getByTestId('tab-weekly').click();
    const names = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-name')!));
    await page.getByTestId('filter-toggle').click();
    for (const name of names) {
      await page.getByTestId('filter-search').fill(name);
      await page.getByTestId('filter-option').filter({ hasText: name }).first().locator('input').uncheck();
    }
    await pw(page.getByTestId('empty-state')).toHaveText('No contributors found for this period.');
    await pw(page.getByTestId('summary-total-commits-value')).toHaveText('0');
    await pw(page.getByTestId('summary-significance-rate-value')).toHaveText(/^0(\.0)?%$/);
    await keepScreenshot(page, 'fixture-empty-period');

    await page.getByTestId('filter-show-all').click();
    await pw(rows(page)).toHaveCount(7);
    // 'Show all' is disabled now: focus is on 'Choose contributors', not lost to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('filter-toggle');
    await page.reload();
    await pw(rows(page)).toHaveCount(7);
    await page.context().close();
  });

  it('keeps the keyboard in the filter when a chip shows its contributor again', async () => {
    const page = await open('?type=monthly&period=2025-10');
    const [first, second] = await rows(page).evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-name')!));
    await page.getByTestId('filter-toggle').click();
    for (const name of [first!, second!]) {
      await page.getByTestId('filter-search').fill(name);
      await page.getByTestId('filter-option').filter({ hasText: name }).first().locator('input').uncheck();
    }
    await pw(page.getByTestId('filter-chip')).toHaveCount(2);
    const focused = () => page.evaluate(() => `${document.activeElement?.getAttribute('data-testid')}:${document.activeElement?.textContent ?? ''}`);
    await page.getByTestId('filter-chip').first().focus();
    const left = (await page.getByTestId('filter-chip').nth(1).innerText()).trim();
    await page.keyboard.press('Enter');
    await pw(page.getByTestId('filter-chip')).toHaveCount(1);
    await expect.poll(focused).toBe(`filter-chip:${left}`);
    await page.keyboard.press('Enter');
    await pw(page.getByTestId('filter-chip')).toHaveCount(0);
    await expect.poll(focused).toMatch(/^filter-toggle:/);
    await page.context().close();
  });

  it('holds its layout at a phone width', async () => {
    const page = await newPage(s.browser, 390);
    await page.goto(s.server.url);
    await pw(rows(page).first()).toBeVisible();
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390); // only the table scrolls sideways, not the page
    await pw(page.getByTestId('contributor-name').first()).toBeInViewport();
    await keepScreenshot(page, 'fixture-phone');
    await page.context().close();
  });
});
