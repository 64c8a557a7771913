/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// `leaderboard serve` on a repository made here (so the page reads the index and its chunk
// files): movement across a week boundary, a new contributor, the CSV with a formula-like name,
// and a contributor page with manual contributions and commits loaded from chunks.
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parseLeaderboardData, type ContributorEntry, type LeaderboardData } from '../../src/shared/data-file.js';
import { launchBrowser } from '../support/browser.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { keepScreenshot, newPage } from '../support/e2e.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { pw } from '../support/pw-expect.js';

const env = gitIsolationVars();
const alice = { name: 'Alice Árvíz', email: 'alice@example.com' };
const bob = { name: 'Bob "the builder", Jr', email: 'bob@example.com' };
const carol = { name: 'Carol', email: 'carol@example.com' };
// A git name is whatever its author typed: this one is a spreadsheet formula.
const formula = { name: '=SUM(1+1)', email: '+cmd@example.com' };
const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} line ${i}`).join('\n') + '\n';
const files = (count: number, n: number, tag: string) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`src/${tag}-${i}.ts`, lines(n, `${tag}${i}`)]));

// 2025-W10 is Mon 3 - Sun 9 March 2025; 2025-W11 is 10 - 16 March.
const W10 = '2025-W10';
const W11 = '2025-W11';

let repo: TestRepo;
let server: ServeProcess;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let data: LeaderboardData;

beforeAll(async () => {
  repo = await createTestRepo();
  await repo.commit({ author: alice, date: '2025-03-03T10:00:00Z', message: 'feat(core): add the parser', files: files(5, 24, 'a1') });
  await repo.commit({ author: alice, date: '2025-03-04T10:00:00Z', message: 'feat(core): add the printer', files: files(5, 24, 'a2') });
  await repo.commit({ author: formula, date: '2025-03-05T10:00:00Z', message: 'fix: handle empty input', files: files(2, 15, 'f1') });
  await repo.commit({ author: bob, date: '2025-03-06T10:00:00Z', message: 'docs: typo', files: { 'README.md': 'hello\n' } });
  await repo.commit({ author: bob, date: '2025-03-10T10:00:00Z', message: 'feat(api): add the server', files: files(5, 30, 'b1') });
  await repo.commit({ author: bob, date: '2025-03-11T10:00:00Z', message: 'feat(api): add the client', files: files(5, 30, 'b2') });
  await repo.commit({ author: formula, date: '2025-03-12T10:00:00Z', message: 'fix: handle long input', files: files(2, 15, 'f2') });
  await repo.commit({ author: alice, date: '2025-03-13T10:00:00Z', message: 'fix: tweak', files: { 'src/a1-0.ts': lines(26, 'a10') } });
  await repo.commit({ author: carol, date: '2025-03-14T10:00:00Z', message: 'docs: typo', files: { 'README.md': 'hello!\n' } });
  // Manual contributions: Alice over both weeks, Carol in the second only.
  await mkdir(path.join(repo.dir, '.leaderboard'), { recursive: true });
  await writeFile(path.join(repo.dir, '.leaderboard/manual-contributions.json'), JSON.stringify({
    contributors: {
      [alice.name]: { contributions: [{ score: 5, notes: 'Issue triage', start_date: '2025-03-03', end_date: '2025-03-16' }] },
      [carol.name]: { contributions: [{ score: 15, notes: 'Ran the meetup, "in person"', start_date: '2025-03-10', end_date: '2025-03-16' }] },
    },
  }));
  server = await startServe(['--all'], { cwd: repo.dir, env });
  data = parseLeaderboardData(JSON.parse(await readFile(path.join(repo.dir, '.leaderboard/leaderboard-data.json'), 'utf8')));
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
  await repo?.cleanup();
});

const rows = (page: Page) => page.getByTestId('leaderboard-row');
const row = (page: Page, name: string) => page.locator(`[data-testid="leaderboard-row"][data-name=${JSON.stringify(name)}]`);

async function open(query: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(`${server.url}${query}`);
  await pw(page.locator('[data-testid="leaderboard-row"], [data-testid="contributor-page"]').first()).toBeVisible();
  return page;
}

function expectedMovement(now: ContributorEntry, before: readonly ContributorEntry[]): string {
  const prev = before.find((e) => e.name === now.name)?.rank;
  if (prev === undefined) return 'new';
  return prev === now.rank ? 'same' : prev > now.rank ? 'up' : 'down';
}

describe('a served repository', () => {
  it('is read through the index and its chunk files', async () => {
    await access(path.join(repo.dir, '.leaderboard/leaderboard-index.json'));
    expect(Object.keys(data.leaderboards.weekly).sort()).toEqual([W10, W11]);
  });

  it('shows movement across the week boundary, including a newcomer', async () => {
    const page = await open(`?type=weekly&period=${W11}`);
    const now = data.leaderboards.weekly[W11]!;
    const before = data.leaderboards.weekly[W10]!;
    const kinds = now.map((e) => expectedMovement(e, before));
    // The repository is built so that every kind of movement occurs.
    expect(new Set(kinds)).toEqual(new Set(['up', 'down', 'same', 'new']));
    await pw(rows(page)).toHaveCount(now.length);
    for (const e of now) {
      const prev = before.find((b) => b.name === e.name)?.rank;
      const text = prev === undefined ? `New New: no entry in ${W10}`
        : prev === e.rank ? `= Same rank as in ${W10}`
          : prev > e.rank ? `▲ ${prev - e.rank} Up ${prev - e.rank} ${prev - e.rank === 1 ? 'place' : 'places'} since ${W10}`
            : `▼ ${e.rank - prev} Down ${e.rank - prev} ${e.rank - prev === 1 ? 'place' : 'places'} since ${W10}`;
      await pw(row(page, e.name).getByTestId('row-movement')).toHaveText(text);
    }
    await pw(row(page, carol.name).getByTestId('row-movement')).toHaveAttribute('data-movement', 'new');
    await keepScreenshot(page, 'visitors-repo-movement');
    await page.context().close();
  });

  it('searches by email and downloads a CSV whose formula-like cells are defused', async () => {
    const page = await open(`?type=weekly&period=${W11}`);
    await page.getByTestId('ranking-search').fill('EXAMPLE.COM');
    await pw(rows(page)).toHaveCount(data.leaderboards.weekly[W11]!.length);
    await page.getByTestId('ranking-search').fill('+cmd@');
    await pw(rows(page)).toHaveCount(1);
    await page.getByTestId('ranking-search').fill('');
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
    const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    const now = data.leaderboards.weekly[W11]!;
    expect(lines).toHaveLength(now.length + 2);
    now.forEach((e, i) => {
      const line = lines[i + 1]!;
      // Whole-line checks: quoting and the apostrophe are the point here.
      const name = e.name === formula.name ? `'=SUM(1+1)` : e.name === bob.name ? '"Bob ""the builder"", Jr"' : e.name;
      const email = e.email === formula.email ? `'+cmd@example.com` : e.email;
      const notes = e.additional_contribution_notes.includes('"') || e.additional_contribution_notes.includes(',')
        ? `"${e.additional_contribution_notes.replace(/"/g, '""')}"` : e.additional_contribution_notes;
      const move = { up: 'up', down: 'down', same: 'unchanged', new: 'new' }[expectedMovement(e, data.leaderboards.weekly[W10]!)];
      const moveCell = move === 'up' || move === 'down'
        ? `${move} ${Math.abs(data.leaderboards.weekly[W10]!.find((b) => b.name === e.name)!.rank - e.rank)}` : move;
      expect(line).toBe([e.rank, e.tier, e.tier_name, moveCell, name, email, e.total_commits, e.significant_commits, e.simple_commits,
        Math.round(e.significance_ratio * 100), e.commit_score, e.additional_contribution_score, notes, e.total_score, e.avg_score].join(','));
    });
    expect(text).toContain(`,'=SUM(1+1),'+cmd@example.com,`);
    expect(text).toContain(',"Bob ""the builder"", Jr",bob@example.com,');
    await page.context().close();
  });

  it('shows a contributor page with manual contributions by date and commits loaded from chunks', async () => {
    const page = await open(`?type=weekly&period=${W11}`);
    const chunkRequests: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/leaderboard-chunks/')) chunkRequests.push(r.url()); });
    await row(page, alice.name).getByTestId('contributor-name').click();
    await pw(page.getByTestId('contributor-title')).toHaveText(alice.name);
    await expect.poll(() => new URL(page.url()).searchParams.get('contributor')).toBe(alice.name);
    const manual = page.getByTestId('manual-item');
    await pw(manual).toHaveCount(1);
    await pw(manual.first()).toHaveText('+5 pts per week Issue triage 2025-W10 to 2025-W11 (Mar 3, 2025 – Mar 16, 2025)');
    const items = page.getByTestId('contributor-commit-list').getByTestId('commit-item');
    await pw(items).toHaveCount(3);
    expect(await items.getByTestId('commit-message').allInnerTexts()).toEqual(['fix: tweak', 'feat(core): add the printer', 'feat(core): add the parser']);
    expect(chunkRequests.length).toBeGreaterThan(0); // the commits came from the chunk files
    await pw(page.getByTestId('contributor-commits')).toContainText('Commits (3)');
    const a10 = data.leaderboards.weekly[W10]!.find((e) => e.name === alice.name)!;
    const a11 = data.leaderboards.weekly[W11]!.find((e) => e.name === alice.name)!;
    await pw(page.getByTestId('stat-total-score-value')).toHaveText(String(a10.total_score + a11.total_score));
    await pw(page.getByTestId('stat-best-rank-value')).toHaveText(`#${Math.min(a10.rank, a11.rank)}`);
    await pw(page.getByTestId('stat-periods-active-value')).toHaveText('2');
    await keepScreenshot(page, 'visitors-repo-contributor');

    // Carol, new this week, through a typed address; it survives a reload.
    await page.goto(`${server.url}?type=weekly&contributor=${encodeURIComponent(carol.name)}`);
    await pw(page.getByTestId('contributor-title')).toHaveText(carol.name);
    await page.reload();
    await pw(page.getByTestId('contributor-title')).toHaveText(carol.name);
    await pw(page.getByTestId('manual-item').first()).toHaveText('+15 pts Ran the meetup, "in person" 2025-W11 (Mar 10, 2025 – Mar 16, 2025)');
    await pw(page.getByTestId('stat-periods-active')).toContainText('1 of 2 weeks');
    await pw(page.getByTestId('contributor-commit-list').getByTestId('commit-item')).toHaveCount(1);
    await page.context().close();
  });
});
