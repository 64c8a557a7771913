/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// A contributor's page on the real fixture: its address, what it shows, Back, reload, the
// unknown name, and the keyboard alone.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE_DATA, keepScreenshot, newPage, serveFixture, type E2eSession } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

interface FixtureCommit { hash: string; date: string }
interface FixtureEntry { name: string; total_commits: number; significant_commits: number; commit_score: number; total_score: number; commits: FixtureCommit[] }
type Periods = Record<string, FixtureEntry[]>;

let s: E2eSession;
let data: { leaderboards: { weekly: Periods; monthly: Periods } };
beforeAll(async () => {
  s = await serveFixture();
  data = JSON.parse(await readFile(FIXTURE_DATA, 'utf8')) as typeof data;
});
afterAll(async () => { await s?.close(); });

const rows = (page: Page) => page.getByTestId('leaderboard-row');
const row = (page: Page, name: string) => page.locator(`[data-testid="leaderboard-row"][data-name="${name}"]`);
const profile = (page: Page) => page.getByTestId('contributor-page');

async function open(query = ''): Promise<Page> {
  const page = await newPage(s.browser);
  await page.goto(`${s.server.url}${query}`);
  await pw(page.locator('[data-testid="leaderboard-row"], [data-testid="contributor-page"], [data-testid="contributor-not-found"]').first()).toBeVisible();
  return page;
}

/** What the page should say of `name` over the periods of `periods`, computed from the file. */
function expected(periods: Periods, name: string) {
  const labels = Object.keys(periods).sort();
  let commits = 0; let significant = 0; let total = 0; let commitScore = 0; let active = 0;
  let best: { rank: number; label: string; times: number } | null = null;
  for (const label of labels) {
    const i = periods[label]!.findIndex((e) => e.name === name);
    if (i < 0) continue;
    const e = periods[label]!.at(i)!;
    active += 1; commits += e.total_commits; significant += e.significant_commits; total += e.total_score; commitScore += e.commit_score;
    if (!best || i + 1 < best.rank) best = { rank: i + 1, label, times: 1 };
    else if (i + 1 === best.rank) best = { rank: i + 1, label, times: best.times + 1 };
  }
  return { labels, commits, significant, total, avg: commitScore / commits, active, best: best! };
}

describe('a contributor page on the fixture', () => {
  it('opens from the name itself: a click on the blank rest of the name cell expands the row, as the spec says a row click does', async () => {
    const page = await open('?type=weekly&period=2025-W43');
    const cell = row(page, 'maobaolong').locator('td.col-contributor');
    await cell.scrollIntoViewIfNeeded();
    const name = await row(page, 'maobaolong').getByTestId('contributor-name').boundingBox();
    const box = await cell.boundingBox();
    // Right of the name, inside the cell's padding box, on the name's line.
    await page.mouse.click(box!.x + box!.width - 24, name!.y + name!.height / 2);
    await pw(row(page, 'maobaolong')).toHaveAttribute('aria-expanded', 'true');
    expect(new URL(page.url()).searchParams.has('contributor')).toBe(false);
    await page.context().close();
  });

  it('opens from the name (not the row toggle) with its own address, and shows the contributor', async () => {
    const page = await open('?type=weekly&period=2025-W43');
    await row(page, 'maobaolong').getByTestId('contributor-name').click();
    await pw(profile(page)).toBeVisible();
    await expect.poll(() => new URL(page.url()).search).toBe('?type=weekly&period=2025-W43&contributor=maobaolong');
    await pw(row(page, 'maobaolong')).toHaveAttribute('aria-expanded', 'false'); // the row did not toggle
    await pw(page.getByTestId('contributor-title')).toHaveText('maobaolong');
    await pw(page.getByTestId('contributor-page-email')).toHaveText('baoloongmao@tencent.com');
    await pw(page.getByTestId('contributor-standing')).toHaveText('T0 Elite Rank #4 in 2025-W43 (Weekly), 40 points');

    const want = expected(data.leaderboards.weekly, 'maobaolong');
    await pw(page.getByTestId('stat-best-rank-value')).toHaveText(`#${want.best.rank}`);
    await pw(page.getByTestId('stat-best-rank')).toContainText(`in ${want.best.label}`);
    await pw(page.getByTestId('stat-periods-active-value')).toHaveText(String(want.active));
    await pw(page.getByTestId('stat-periods-active')).toContainText('of 53 weeks');
    await pw(page.getByTestId('stat-total-score-value')).toHaveText(want.total.toLocaleString('en-US'));
    await pw(page.getByTestId('stat-average-score-value')).toHaveText(want.avg.toFixed(1));
    await pw(page.getByTestId('stat-significant-ratio-value')).toHaveText(`${Math.round((want.significant / want.commits) * 100)}%`);
    await pw(page.locator('[data-testid="contributor-chart"] canvas')).toBeVisible();
    await pw(page.getByTestId('manual-contributions')).toContainText('No manual contributions recorded.');

    // Commits of every week, newest first, 20 at a time, each with the table's card and breakdown.
    const listed = Object.keys(data.leaderboards.weekly).sort().reverse()
      .flatMap((label) => data.leaderboards.weekly[label]!.find((e) => e.name === 'maobaolong')?.commits ?? []);
    await pw(page.getByTestId('contributor-commits')).toContainText(`Commits (${want.commits})`);
    const items = page.getByTestId('contributor-commit-list').getByTestId('commit-item');
    await pw(items).toHaveCount(20);
    expect(await items.getByTestId('commit-hash').allInnerTexts()).toEqual(listed.slice(0, 20).map((c) => c.hash));
    await pw(items.first().getByTestId('commit-breakdown')).toHaveText(/LOC \d+\s+Files \d+\s+Type \d+\s+AI\b.*\d+/);
    const dates = await items.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
    expect(dates.map((d) => Date.parse(d))).toEqual(dates.map((d) => Date.parse(d)).sort((a, b) => b - a));
    await page.getByTestId('contributor-commits-more').click();
    await pw(items).toHaveCount(40);
    expect(await items.getByTestId('commit-hash').allInnerTexts()).toEqual(listed.slice(0, 40).map((c) => c.hash));
    await pw(page.getByTestId('contributor-commits-shown')).toHaveText(`Showing 40 of ${want.commits}, newest first`);
    await keepScreenshot(page, 'visitors-contributor-page');
    await page.context().close();
  });

  it('Back returns to the board as it was: view, search, open row and scroll', async () => {
    const page = await open('?type=monthly&period=2025-10');
    await page.getByTestId('ranking-search').fill('o');
    await row(page, 'Kobe Chen').click(); // an open row, to find again after Back
    await pw(page.getByTestId('row-details')).toHaveCount(1);
    await page.evaluate(() => window.scrollTo(0, 700));
    await row(page, 'Kobe Chen').getByTestId('contributor-name').click();
    await pw(page.getByTestId('contributor-title')).toHaveText('Kobe Chen');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByTestId('contributor-type-quarterly').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('quarterly');

    await page.goBack();
    await pw(page.getByTestId('board-view')).toBeVisible();
    await pw(profile(page)).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).search).toBe('?type=monthly&period=2025-10');
    await pw(page.getByTestId('tab-monthly')).toHaveAttribute('aria-selected', 'true');
    await pw(page.getByTestId('viewing-period')).toHaveText('2025-10');
    await pw(page.getByTestId('ranking-search')).toHaveValue('o');
    await pw(row(page, 'Kobe Chen')).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(700);
    // Forward opens the page again, as it was left (quarterly).
    await page.goForward();
    await pw(page.getByTestId('contributor-title')).toHaveText('Kobe Chen');
    await pw(page.getByTestId('contributor-chart')).toContainText('(Quarterly)');
    await page.context().close();
  });

  it('keeps its address through a reload and a type change', async () => {
    const page = await open('?type=monthly&period=2025-10');
    await row(page, 'Kobe Chen').getByTestId('contributor-name').click();
    await pw(page.getByTestId('contributor-title')).toHaveText('Kobe Chen');
    await page.getByTestId('contributor-type-quarterly').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('quarterly');
    await expect.poll(() => new URL(page.url()).searchParams.get('contributor')).toBe('Kobe Chen');
    await pw(page.getByTestId('contributor-chart')).toContainText('Score and rank over time (Quarterly)');
    await page.reload();
    await pw(page.getByTestId('contributor-title')).toHaveText('Kobe Chen');
    await pw(page.getByTestId('contributor-chart')).toContainText('(Quarterly)');
    await pw(page.getByTestId('contributor-standing')).toContainText('in 2025-Q4 (Quarterly)');
    await pw(page.getByTestId('contributor-commit-list').getByTestId('commit-item').first()).toBeVisible();
    // Back after the reload still leads to the board of the view it was opened from.
    await page.goBack();
    await pw(rows(page).first()).toBeVisible();
    await expect.poll(() => new URL(page.url()).search).toBe('?type=monthly&period=2025-10');
    await pw(page.getByTestId('viewing-period')).toHaveText('2025-10');
    await page.context().close();
  });

  it('another type keeps the time looked at, at a period the contributor has an entry in', async () => {
    const standing = (page: Page) => page.getByTestId('contributor-standing');
    // September's latest week (its Thursday in September) is 2025-W39, not the board's latest.
    const page = await open('?type=monthly&period=2025-09&contributor=maobaolong');
    await pw(standing(page)).toContainText('in 2025-09 (Monthly)');
    await page.getByTestId('contributor-type-weekly').click();
    await pw(standing(page)).toContainText('Rank #2 in 2025-W39 (Weekly)');
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('2025-W39');
    await page.getByTestId('contributor-type-quarterly').click();
    await pw(standing(page)).toContainText('in 2025-Q3 (Quarterly)');
    await page.context().close();

    // Peter Pan's one September week is W37; Yue Zhu's September commits are in Sep 29 - Oct 5 (W40).
    for (const [name, week] of [['Peter Pan', '2025-W37'], ['Yue Zhu', '2025-W40']] as const) {
      const p = await open(`?type=monthly&period=2025-09&contributor=${encodeURIComponent(name)}`);
      await p.getByTestId('contributor-type-weekly').click();
      await pw(standing(p)).toContainText(`in ${week} (Weekly)`);
      expect(await standing(p).innerText()).not.toContain('No entry');
      await p.context().close();
    }
  });

  it('says when a link\'s period is not on the board, on a contributor page too', async () => {
    const page = await open('?type=weekly&period=2019-W01&contributor=maobaolong');
    await pw(page.getByTestId('contributor-title')).toHaveText('maobaolong');
    await pw(page.getByTestId('link-note')).toHaveText('2019-W01 is not on this board; showing 2025-W43.');
    await pw(page.getByTestId('contributor-standing')).toContainText('in 2025-W43 (Weekly)');
    await keepScreenshot(page, 'visitors-contributor-link-note');
    await page.context().close();
  });

  it('opened from a link, its Back link leads to the board of the same view', async () => {
    const page = await open('?type=weekly&period=2025-W40&contributor=Jiayi%20Yao');
    await pw(page.getByTestId('contributor-title')).toHaveText('Jiayi Yao');
    await page.getByTestId('contributor-back').click();
    await pw(rows(page).first()).toBeVisible();
    await expect.poll(() => new URL(page.url()).search).toBe('?type=weekly&period=2025-W40');
    await pw(page.getByTestId('viewing-period')).toHaveText('2025-W40');
    await page.context().close();
  });

  it('finds the name however its Unicode is composed in the address', async () => {
    const name = 'Hyogeun Oh (오효근)';
    // Hangul syllables decompose into their letters (NFD), as macOS writes names and some links carry them.
    const decomposed = name.normalize('NFD');
    expect(decomposed).not.toBe(name);
    const page = await open(`?type=weekly&contributor=${encodeURIComponent(decomposed)}`);
    await pw(page.getByTestId('contributor-title')).toHaveText(name);
    await pw(page.getByTestId('contributor-not-found')).toHaveCount(0);
    await page.context().close();
  });

  it('says when a name is not on the board, with a link back', async () => {
    const page = await open('?type=monthly&contributor=Nobody%20Here');
    const missing = page.getByTestId('contributor-not-found');
    await pw(missing).toContainText('No contributor named “Nobody Here”');
    await pw(missing).toContainText('Nobody of that name has an entry on this board');
    await keepScreenshot(page, 'visitors-contributor-unknown');
    await page.getByTestId('contributor-not-found-back').click();
    await pw(rows(page).first()).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('contributor')).toBeNull();
    await pw(page.getByTestId('tab-monthly')).toHaveAttribute('aria-selected', 'true');
    await page.context().close();
  });

  it('works with the keyboard alone, with visible focus', async () => {
    const page = await open('?type=weekly&period=2025-W43');
    const outline = (el: Element) => { const st = getComputedStyle(el); return st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) > 0; };
    // Tab from the search box into the ranking (one Tab stop, a treegrid), Down to maobaolong's
    // row (the 4th), Tab to its name link.
    await page.getByTestId('ranking-search').focus();
    const link = row(page, 'maobaolong').getByTestId('contributor-name');
    for (let i = 0; i < 10 && !(await rows(page).first().evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await pw(row(page, 'maobaolong')).toBeFocused();
    await page.keyboard.press('Tab');
    await pw(link).toBeFocused();
    expect(await link.evaluate(outline)).toBe(true);
    await page.keyboard.press('Enter');
    await pw(page.getByTestId('contributor-title')).toHaveText('maobaolong');
    await pw(page.getByTestId('contributor-title')).toBeFocused();
    await pw(row(page, 'maobaolong')).toHaveAttribute('aria-expanded', 'false');
    // Before the heading: the Back link; after it, the type buttons; a type changes with Enter.
    await page.keyboard.press('Shift+Tab');
    await pw(page.getByTestId('contributor-back')).toBeFocused();
    expect(await page.getByTestId('contributor-back').evaluate(outline)).toBe(true);
    await page.keyboard.press('Tab');
    await pw(page.getByTestId('contributor-type-weekly')).toBeFocused();
    await page.keyboard.press('Tab');
    await pw(page.getByTestId('contributor-type-monthly')).toBeFocused();
    expect(await page.getByTestId('contributor-type-monthly').evaluate(outline)).toBe(true);
    await page.keyboard.press('Enter');
    await pw(page.getByTestId('contributor-type-monthly')).toHaveAttribute('aria-pressed', 'true');
    await keepScreenshot(page, 'visitors-contributor-keyboard');
    // The commits' 'Show more' is reachable too (Tab until it is focused).
    const more = page.getByTestId('contributor-commits-more');
    for (let i = 0; i < 120 && !(await more.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await pw(more).toBeFocused();
    expect(await more.evaluate(outline)).toBe(true);
    await page.keyboard.press('Enter');
    await pw(page.getByTestId('contributor-commit-list').getByTestId('commit-item')).toHaveCount(40);
    // Back with the keyboard: focus returns to the name that was followed.
    await page.getByTestId('contributor-back').focus();
    await page.keyboard.press('Enter');
    await pw(rows(page).first()).toBeVisible();
    await expect.poll(() => new URL(page.url()).search).toBe('?type=weekly&period=2025-W43');
    await pw(link).toBeFocused();
    await page.context().close();
  });
});
