// A board of over 1,000 people: its first tab change, like every later one, is made in two steps,
// the tab selected and the panel busy first (on the 20-year bench board the first change froze
// 100-130 ms in one step). A busy frame is seen whatever the machine's speed: it comes before the work.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBoard } from '../../src/core/board/write-board.js';
import { buildLeaderboardData } from '../../src/core/leaderboards.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { newPage, serveDataDir, type E2eSession } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';
import { watchBusy } from './support/busy-probe.js';

const PEOPLE = 1_200;

function history(): ScoredCommit[] {
  return Array.from({ length: PEOPLE * 2 }, (_, n) => ({
    hash: (n + 1).toString(16).padStart(40, '0'), author: `Person ${n % PEOPLE}`, email: `p${n % PEOPLE}@example.com`,
    date: new Date(Date.parse('2025-01-06T12:00:00Z') + (n % 60) * 86_400_000).toISOString(), subject: `feat: change ${n}`, breaking: false,
    stats: { files: 2, insertions: 10, deletions: 3, excluded_files: 0, excluded_lines: 0 },
    scores: { loc: 8, files: 10, keyword: 25, ai: n % 26, ai_source: 'heuristic' as const }, total: 43 + (n % 26),
  }));
}

/** Counts the frames in which "Show more" says it is busy; the returned function reads the count. */
async function watchMoreBusy(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { moreBusy: number };
    w.moreBusy = 0;
    const tick = () => {
      if (document.querySelector('[data-testid="show-more-rows"]')?.getAttribute('aria-busy') === 'true') w.moreBusy++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return () => page.evaluate(() => (window as unknown as { moreBusy: number }).moreBusy);
}

let s: E2eSession;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-e2e-many-'));
  const data = buildLeaderboardData(history(), { contributors: {} }, {
    now: new Date('2025-03-10T00:00:00Z'), analysisPeriodDays: 365, commitsPerEntry: 20,
    bots: { exclude: true, patterns: [] }, metadata: { tool: 'contributor-leaderboard', repository: 'many-people' },
  });
  await writeBoard({ data: path.join(dir, 'leaderboard-data.json'), index: path.join(dir, 'leaderboard-index.json'), chunks: path.join(dir, 'leaderboard-chunks') }, data);
  s = await serveDataDir(dir);
});
afterAll(async () => { await s?.close(); });

describe(`a board of ${PEOPLE.toLocaleString('en-US')} people`, () => {
  it('says it is working from its very first tab change, and ends on the view chosen', async () => {
    const page = await newPage(s.browser);
    await page.goto(s.server.url);
    await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
    const probe = await watchBusy(page);
    await page.getByTestId('tab-monthly').click();
    await pw(page.getByTestId('tab-monthly')).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => page.getByTestId('trends-chart').innerText()).toContain('(Monthly)');
    await expect.poll(() => page.getByTestId('period-panel').getAttribute('aria-busy')).toBeNull();
    expect((await probe.stop()).busyFrames).toBeGreaterThan(0);
    await page.context().close();
  });

  it('"Show more" says it is working before it adds its 100 rows, and a contributor\'s page opens the same way', async () => {
    const page = await newPage(s.browser);
    await page.goto(`${s.server.url}?type=quarterly`);
    const rows = page.getByTestId('leaderboard-row');
    await pw(rows.first()).toBeVisible();
    const more = page.getByTestId('show-more-rows');
    await pw(more).toBeVisible();
    const before = await rows.count();
    const moreBusy = await watchMoreBusy(page);
    await more.click();
    await expect.poll(() => rows.count()).toBe(before + 100);
    await expect.poll(() => more.getAttribute('aria-busy')).toBeNull();
    expect(await moreBusy()).toBeGreaterThan(0);

    const probe = await watchBusy(page);
    await rows.first().getByTestId('contributor-name').click();
    await pw(page.getByTestId('contributor-page')).toBeVisible();
    expect((await probe.stop()).busyFrames).toBeGreaterThan(0);

    // Another type on the contributor's page: busy first too, and it ends on the type chosen.
    const switching = await watchBusy(page, { busy: 'contributor-page', indicator: 'page-busy' });
    await page.getByTestId('contributor-type-monthly').click();
    await pw(page.getByTestId('contributor-type-monthly')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => page.getByTestId('contributor-page').getAttribute('aria-busy')).toBeNull();
    expect((await switching.stop()).busyFrames).toBeGreaterThan(0);

    // Back to the board (the page's link, then the browser's Back after Forward): the page says it
    // is busy until the board is shown again, as it was.
    for (const back of [() => page.getByTestId('contributor-back').click(), () => page.goBack()]) {
      const leaving = await watchBusy(page, { busy: 'contributor-page', indicator: 'page-busy' });
      await back();
      await pw(page.getByTestId('board-view')).toBeVisible();
      await pw(page.getByTestId('contributor-page')).toHaveCount(0);
      expect((await leaving.stop()).busyFrames).toBeGreaterThan(0);
      await pw(rows).toHaveCount(before + 100);
      await page.goForward();
      await pw(page.getByTestId('contributor-page')).toBeVisible();
    }
    await page.context().close();
  });

  it('"Show more" says it is working once the table grows to 200 rows, however few more people match', async () => {
    const page = await newPage(s.browser);
    // A month of about 500 people: the first 100 more rows lay out a table of 200.
    await page.goto(`${s.server.url}?type=monthly&period=2025-01`);
    const rows = page.getByTestId('leaderboard-row');
    await pw(rows.first()).toBeVisible();
    const more = page.getByTestId('show-more-rows');
    await pw(more).toContainText('not shown');
    const notShown = Number(/\(([\d,]+) not shown\)/.exec(await more.innerText())?.[1]?.replace(/,/g, ''));
    expect(notShown + 100).toBeLessThan(1_000);
    const moreBusy = await watchMoreBusy(page);
    await more.click();
    await expect.poll(() => rows.count()).toBe(200);
    expect(await moreBusy()).toBeGreaterThan(0);
    await page.context().close();
  });
});
