/**
 * The contributor page of the busiest contributor (most commits over all weeks), opened in the
 * page as a click on a name does (a history entry, then popstate), timed to the frame showing
 * their first commits and their chart.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROW_STRIDE, parseBoardIndex } from '../../src/shared/board-index.js';
import { parseLeaderboardData } from '../../src/shared/data-file.js';

/** The name with the most weekly commits in a data directory (its index when it has one). */
export async function busiestContributor(dataDir: string): Promise<string> {
  const commits = new Map<string, number>();
  const add = (name: string, n: number) => commits.set(name, (commits.get(name) ?? 0) + n);
  const indexText = await readFile(path.join(dataDir, 'leaderboard-index.json'), 'utf8').catch(() => null);
  if (indexText !== null) {
    const index = parseBoardIndex(JSON.parse(indexText));
    for (const p of index.periods.weekly) {
      for (let r = 0; r < p.rows.length; r += ROW_STRIDE) add(index.people[p.rows[r] as number]![0], p.rows[r + 1] as number);
    }
  } else {
    const data = parseLeaderboardData(JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8')));
    for (const entries of Object.values(data.leaderboards.weekly)) for (const e of entries) add(e.name, e.total_commits);
  }
  let best = '';
  for (const [name, n] of commits) if (best === '' || n > (commits.get(best) ?? 0)) best = name;
  return best;
}

// From the navigation (as the page's own pushState + popstate) to the DOM showing a commit of
// the contributor and the chart's canvas, and to the frame after it.
const OPEN = `(name) => new Promise((resolve) => {
  setTimeout(() => resolve(null), 15000);
  const done = () => document.querySelector('[data-testid="contributor-commit-list"] [data-testid="commit-item"]')
    && document.querySelector('[data-testid="contributor-chart"] canvas');
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (!done()) return;
    obs.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
  });
  obs.observe(document.body, { childList: true, subtree: true });
  const url = new URL(location.href);
  url.searchParams.set('contributor', name);
  history.pushState({ leaderboardPage: 'contributor' }, '', url);
  dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
})`;

/** Opens `name`'s page `rounds` times from the board (Back in between); ms per opening, the first with the chart code loading. */
export async function measureContributorPage(page: Page, name: string, rounds = 3): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const ms = (await page.evaluate(`(${OPEN})(${JSON.stringify(name)})`)) as number | null;
    if (ms === null) throw new Error(`The contributor page of ${name} showed no commit and chart within 15 s`);
    out.push(ms);
    await page.waitForTimeout(300);
    await page.goBack();
    await page.getByTestId('board-view').waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
  }
  return out;
}
