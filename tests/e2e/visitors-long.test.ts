/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// A contributor page on a 21-year history read through the index: the score and rank series
// from the index's rows, commits a page at a time from the chunk files of the weeks a page
// needs (three commits a week, so a page spans several weeks), never the whole data file.
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBoard } from '../../src/core/board/write-board.js';
import { buildLeaderboardData } from '../../src/core/leaderboards.js';
import type { ScoredCommit } from '../../src/core/types.js';
import { findPeriod, parseBoardIndex } from '../../src/shared/board-index.js';
import { parseLeaderboardData, type LeaderboardData } from '../../src/shared/data-file.js';
import { keepScreenshot, newPage, serveDataDir, type E2eSession } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

const WEEK = 7 * 86_400_000;
const START = Date.parse('2004-01-05T12:00:00Z');

/** One commit a week by Person 0 for 1,100 weeks, two by the others in turn. */
function history(): ScoredCommit[] {
  const out: ScoredCommit[] = [];
  let n = 0;
  const add = (author: number, ms: number) => {
    n++;
    const loc = [3, 8, 15, 30][n % 4] as number;
    out.push({
      hash: n.toString(16).padStart(40, '0'), author: `Person ${author}`, email: `p${author}@example.com`,
      date: new Date(ms).toISOString(), subject: `feat: change ${n}`, breaking: false,
      stats: { files: 2, insertions: 10 + n % 90, deletions: 3, excluded_files: 0, excluded_lines: 0 },
      scores: { loc, files: 10, keyword: 25, ai: n % 26, ai_source: 'heuristic' }, total: loc + 10 + 25 + n % 26,
    });
  };
  for (let w = 0; w < 1_100; w++) {
    add(0, START + w * WEEK);
    add(1 + (w % 30), START + w * WEEK + 3_600_000);
    add(1 + ((w + 7) % 30), START + w * WEEK + 7_200_000);
  }
  return out;
}

let s: E2eSession;
let data: LeaderboardData;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lb-e2e-visitors-long-'));
  const built = buildLeaderboardData(history(), { contributors: {} }, {
    now: new Date('2025-03-01T00:00:00Z'), analysisPeriodDays: 7_700, commitsPerEntry: 20,
    bots: { exclude: true, patterns: [] }, metadata: { tool: 'contributor-leaderboard', repository: 'long-history' },
  });
  await writeBoard({ data: path.join(dir, 'leaderboard-data.json'), index: path.join(dir, 'leaderboard-index.json'), chunks: path.join(dir, 'leaderboard-chunks') }, built);
  data = parseLeaderboardData(JSON.parse(await readFile(path.join(dir, 'leaderboard-data.json'), 'utf8')));
  s = await serveDataDir(dir);
});
afterAll(async () => { await s?.close(); });

describe('a contributor page over 1,100 weeks', () => {
  it('charts every week from the index and pages the commits through the chunk files', async () => {
    const page = await newPage(s.browser);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(`${s.server.url}?type=weekly&contributor=Person%200`);
    await pw(page.getByTestId('contributor-title')).toHaveText('Person 0');
    const weeks = Object.keys(data.leaderboards.weekly).sort().reverse();
    await pw(page.getByTestId('stat-periods-active-value')).toHaveText(weeks.length.toLocaleString('en-US'));
    const box = page.locator('[data-testid="contributor-chart"] .chart-box');
    await pw(box).toBeVisible();
    expect(Number(await box.getAttribute('data-periods'))).toBe(weeks.length);

    // Newest first across weeks: one commit a week, so a page of 20 is 20 weeks' chunk files.
    const listed = weeks.flatMap((w) => data.leaderboards.weekly[w]!.find((e) => e.name === 'Person 0')?.commits ?? []);
    const items = page.getByTestId('contributor-commit-list').getByTestId('commit-item');
    await pw(items).toHaveCount(20);
    expect(await items.getByTestId('commit-hash').allInnerTexts()).toEqual(listed.slice(0, 20).map((c) => c.hash));
    // The files of those 20 weeks: small weeks share one by four ISO weeks.
    const index = parseBoardIndex(JSON.parse(await readFile(path.join(dir, 'leaderboard-index.json'), 'utf8')));
    const needed = new Set(weeks.slice(0, 20).flatMap((w) => findPeriod(index, 'weekly', w)?.chunks ?? []).map((id) => `/leaderboard-chunks/${id}.json`));
    expect(needed.size).toBeGreaterThanOrEqual(5);
    const chunksFirst = new Set(fetched.filter((p) => p.startsWith('/leaderboard-chunks/')));
    for (const file of needed) expect(chunksFirst).toContain(file);
    expect(chunksFirst.size).toBeLessThan(needed.size * 3); // the weeks a page needs, not the 1,100 of the history
    expect(fetched).not.toContain('/leaderboard-data.json');
    await page.getByTestId('contributor-commits-more').click();
    await pw(items).toHaveCount(40);
    expect(await items.getByTestId('commit-hash').allInnerTexts()).toEqual(listed.slice(0, 40).map((c) => c.hash));
    await pw(page.getByTestId('contributor-commits')).toContainText(`Commits (${weeks.length.toLocaleString('en-US')})`);

    // A month of four or five weeks: the monthly chart and the same commits.
    await page.getByTestId('contributor-type-monthly').click();
    await pw(page.getByTestId('contributor-chart')).toContainText('(Monthly)');
    await pw(page.getByTestId('stat-periods-active')).toContainText(`of ${Object.keys(data.leaderboards.monthly).length.toLocaleString('en-US')} months`);
    await keepScreenshot(page, 'visitors-long-contributor');
    await page.context().close();
  });
});
