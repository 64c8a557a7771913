// On the real fixture (an older data file): what "How scores work" says of the parts, and a
// contributor's numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type E2eSession, keepScreenshot, makeDataDir, openShown, readFixture, serveDataDir, serveFixture } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

let s: E2eSession;
beforeAll(async () => { s = await serveFixture(); });
afterAll(async () => { await s?.close(); });

const open = openShown;

describe('"How scores work" on a data file that records no thresholds', () => {
  it('says what each part measures and that every commit shows its points, not just "not recorded"', async () => {
    const page = await open(s.browser, s.server.url);
    await page.getByTestId('open-rules').click();
    const parts = page.getByRole('dialog', { name: 'How scores work' }).getByTestId('rules-parts');
    for (const [part, measures] of [['LOC', 'the lines changed'], ['Files', 'the number of changed files'], ['Type', 'the kind of change the commit message names']]) {
      await pw(parts.getByRole('row', { name: new RegExp(`^${part}`) })).toContainText(`Points for ${measures}.`);
      await pw(parts.getByRole('row', { name: new RegExp(`^${part}`) })).toContainText(`each commit shows the points it got under ${part}.`);
    }
    expect(await parts.innerText()).not.toContain('not recorded in this data file');
    await page.context().close();
  });
});

describe("a contributor's numbers", () => {
  const hint = (page: Page, stat: string) => page.getByTestId(`stat-${stat}`).locator('.summary-hint');

  it('averages with one decimal, and names other contributions only when there are some', async () => {
    const page = await open(s.browser, `${s.server.url}?type=monthly&period=2025-09&contributor=Samuel+Shen`);
    await pw(page.getByTestId('stat-average-score-value')).toHaveText('52.7');
    await pw(hint(page, 'average-score')).toHaveText('per commit; 308.4 per active month');
    // The fixture holds no manual contributions.
    await pw(hint(page, 'total-score')).toHaveText('41 commits');
    // 201 points over 3 months: "67.0", as "52.7" beside it, not "67".
    await page.goto(`${s.server.url}?type=monthly&period=2025-09&contributor=kumaneko`);
    await pw(hint(page, 'average-score')).toHaveText(/^per commit; 67\.0 per active month$/);
    await page.context().close();
  });

  it('says "other contributions included" when the total holds some', async () => {
    const data = await readFixture() as { leaderboards: { monthly: Record<string, { name: string; additional_contribution_score: number; total_score: number }[]> } };
    const entry = data.leaderboards.monthly['2025-09']!.find((e) => e.name === 'Samuel Shen')!;
    entry.additional_contribution_score = 20;
    entry.total_score += 20;
    const other = await serveDataDir(await makeDataDir({ 'leaderboard-data.json': JSON.stringify(data) }));
    try {
      const page = await open(other.browser, `${other.server.url}?type=monthly&period=2025-09&contributor=Samuel+Shen`);
      await pw(hint(page, 'total-score')).toHaveText('41 commits, other contributions included');
      await keepScreenshot(page, 'contributor-other-included');
      await page.context().close();
    } finally {
      await other.close();
    }
  });
});
