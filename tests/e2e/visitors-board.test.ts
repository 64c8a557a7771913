/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// The real fixture on the board: rank movement, the search box and the exports (CSV, PNG, link).
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE_DATA, keepScreenshot, newPage, serveFixture, type E2eSession } from '../support/e2e.js';
import { pw } from '../support/pw-expect.js';

interface FixtureEntry {
  name: string; email: string; total_commits: number; significant_commits: number; simple_commits: number;
  significance_ratio: number; commit_score: number; additional_contribution_score: number;
  additional_contribution_notes: string; total_score: number; avg_score: number;
}
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

async function open(query = '', hidden: string[] = []): Promise<Page> {
  const page = await newPage(s.browser);
  if (hidden.length > 0) {
    await page.addInitScript((names) => localStorage.setItem('leaderboard:hidden-contributors', JSON.stringify(names)), hidden);
  }
  await page.goto(`${s.server.url}${query}`);
  await pw(rows(page).first()).toBeVisible();
  return page;
}

/** Ranks of a period as the page should show them: in file order without the hidden, from 1. */
function ranks(entries: FixtureEntry[], hidden: string[] = []): Map<string, number> {
  return new Map(entries.filter((e) => !hidden.includes(e.name)).map((e, i) => [e.name, i + 1]));
}
const tierOf = (rank: number) => (rank <= 5 ? ['T0', 'Elite'] : rank <= 12 ? ['T1', 'Advanced'] : rank <= 22 ? ['T2', 'Intermediate'] : ['T3', 'Contributing']);

describe('rank movement', () => {
  it('compares 2025-W43 with 2025-W42: up, down and new, with words for screen readers', async () => {
    const page = await open('?type=weekly&period=2025-W43');
    const movement = (name: string) => row(page, name).getByTestId('row-movement');
    // W42: chunxiaozheng 1, maobaolong 2, Tomer Shmilovich 5, dependabot[bot] 9; Shaoting had no entry.
    await pw(movement('Tomer Shmilovich')).toHaveText('▲ 4 Up 4 places since 2025-W42');
    await pw(movement('dependabot[bot]')).toHaveText('▲ 7 Up 7 places since 2025-W42');
    await pw(movement('maobaolong')).toHaveText('▼ 2 Down 2 places since 2025-W42');
    await pw(movement('Shaoting')).toHaveText('New New: no entry in 2025-W42');
    await pw(movement('Shaoting')).toHaveAttribute('data-movement', 'new');
    // The visible arrow is hidden from screen readers; the sentence is for them only.
    const visible = await movement('maobaolong').evaluate((el) => (el as HTMLElement).innerText);
    expect(visible.trim().startsWith('▼ 2')).toBe(true);
    const srOnly = await movement('maobaolong').locator('.visually-hidden').evaluate((el) => getComputedStyle(el).clip || getComputedStyle(el).clipPath);
    expect(srOnly).not.toBe('auto');
    await pw(movement('Junchen Jiang')).toHaveAttribute('data-movement', 'new');
    await keepScreenshot(page, 'visitors-movement-w43');
    await page.context().close();
  });

  it('says "unchanged" for the same rank, and nothing in the first period (nothing to compare with)', async () => {
    const weekly = data.leaderboards.weekly;
    const labels = Object.keys(weekly).sort();
    // Find a contributor with the same rank in two consecutive weeks of the fixture.
    let found: { label: string; prev: string; name: string } | null = null;
    for (let i = 1; i < labels.length && !found; i++) {
      const now = ranks(weekly[labels[i]!]!);
      const before = ranks(weekly[labels[i - 1]!]!);
      for (const [name, r] of now) if (before.get(name) === r) { found = { label: labels[i]!, prev: labels[i - 1]!, name }; break; }
    }
    expect(found).not.toBeNull();
    const page = await open(`?type=weekly&period=${found!.label}`);
    await pw(row(page, found!.name).getByTestId('row-movement')).toHaveText(`= Same rank as in ${found!.prev}`);
    await page.getByTestId('period-select').selectOption(labels[0]!);
    await pw(page.getByTestId('viewing-period')).toHaveText(labels[0]!);
    await pw(rows(page).first()).toBeVisible();
    await pw(page.getByTestId('row-movement')).toHaveCount(0);
    await page.context().close();
  });

  it('leaves hidden contributors out of both periods before comparing', async () => {
    // Hiding chunxiaozheng (1st in W42, absent in W43) moves everyone of W42 below them up one.
    const page = await open('?type=weekly&period=2025-W43', ['chunxiaozheng']);
    await pw(row(page, 'maobaolong').getByTestId('row-movement')).toHaveText('▼ 3 Down 3 places since 2025-W42');
    await pw(row(page, 'Tomer Shmilovich').getByTestId('row-movement')).toHaveText('▲ 3 Up 3 places since 2025-W42');
    // Hiding someone of W43 re-ranks W43 too: Tomer (1st) hidden, dependabot becomes 1st (was 9th, 8th without chunxiaozheng).
    await page.context().close();
    const both = await open('?type=weekly&period=2025-W43', ['chunxiaozheng', 'Tomer Shmilovich']);
    await pw(row(both, 'dependabot[bot]').getByTestId('row-rank')).toHaveText('#1');
    await pw(row(both, 'dependabot[bot]').getByTestId('row-movement')).toHaveText('▲ 6 Up 6 places since 2025-W42');
    await both.context().close();
  });
});

describe('search', () => {
  it('filters rows by name or email as you type, keeping the ranks of the full list', async () => {
    const page = await open('?type=monthly&period=2025-10');
    const search = page.getByTestId('ranking-search');
    await search.fill('kobe');
    await pw(rows(page)).toHaveCount(1);
    await pw(row(page, 'Kobe Chen').getByTestId('row-rank')).toHaveText('#2');
    await pw(page.getByTestId('ranking-search-count')).toHaveText('1 of 25 match');
    // By email: maobaolong's is baoloongmao@tencent.com; tencent.com matches more than one.
    await search.fill('BAOLOONG');
    await pw(rows(page)).toHaveCount(1);
    await pw(rows(page).first()).toHaveAttribute('data-name', 'maobaolong');
    const tencent = data.leaderboards.monthly['2025-10']!.filter((e) => e.email.toLowerCase().includes('tencent.com') || e.name.toLowerCase().includes('tencent.com'));
    await search.fill('tencent.com');
    await pw(rows(page)).toHaveCount(tencent.length);
    const shownRanks = await rows(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-rank'))));
    const full = ranks(data.leaderboards.monthly['2025-10']!);
    expect(shownRanks).toEqual(tencent.map((e) => full.get(e.name)));
    await search.fill('no such person');
    await pw(page.getByTestId('search-empty')).toHaveText('No contributor of this period matches “no such person”.');
    await keepScreenshot(page, 'visitors-search-empty');
    await search.fill('');
    await pw(rows(page)).toHaveCount(25);
    await page.context().close();
  });

  it('focuses with "/" unless the visitor is typing in another field', async () => {
    const page = await open('?type=monthly&period=2025-10');
    const search = page.getByTestId('ranking-search');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await pw(search).toBeFocused();
    await pw(search).toHaveValue('');
    await page.keyboard.type('mao');
    await pw(rows(page)).toHaveCount(1);
    // In the contributor filter's own search field, "/" is a character.
    await page.getByTestId('filter-toggle').click();
    const other = page.getByTestId('filter-search');
    await other.click();
    await page.keyboard.type('a/b');
    await pw(other).toHaveValue('a/b');
    await pw(other).toBeFocused();
    await pw(search).toHaveValue('mao');
    await page.context().close();
  });
});

/** Parses CSV text (RFC 4180: quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; } else if (ch === '\r' && text[i + 1] === '\n') { row.push(cell); out.push(row); row = []; cell = ''; i++; } else cell += ch;
  }
  if (cell !== '' || row.length > 0) { row.push(cell); out.push(row); }
  return out;
}

async function download(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

describe('exports', () => {
  it('downloads the ranking as shown as CSV, every cell matching the data file', async () => {
    const hidden = ['Kobe Chen'];
    const page = await open('?type=monthly&period=2025-10', hidden);
    await page.getByTestId('ranking-search').fill('e'); // a search that keeps most rows but not all
    const monthly = data.leaderboards.monthly;
    const now = monthly['2025-10']!.filter((e) => !hidden.includes(e.name));
    const nowRanks = ranks(monthly['2025-10']!, hidden);
    const before = ranks(monthly['2025-09']!, hidden);
    const expected = now.filter((e) => e.name.toLowerCase().includes('e') || e.email.toLowerCase().includes('e'));
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.length).toBeLessThan(now.length);
    await pw(rows(page)).toHaveCount(expected.length);

    const { name, bytes } = await download(page, 'download-csv');
    expect(name).toBe('leaderboard-monthly-2025-10.csv');
    const text = bytes.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff); // byte order mark: spreadsheets read UTF-8
    const table = parseCsv(text.slice(1));
    expect(table[0]).toEqual(['Rank', 'Tier', 'Tier name', 'Movement', 'Contributor', 'Email', 'Commits', 'Significant', 'Simple',
      'Impact (%)', 'Commit score', 'Other score', 'Other notes', 'Total score', 'Avg score']);
    expect(table).toHaveLength(expected.length + 1);
    expected.forEach((e, i) => {
      const rank = nowRanks.get(e.name)!;
      const prev = before.get(e.name);
      const move = prev === undefined ? 'new' : prev === rank ? 'unchanged' : prev > rank ? `up ${prev - rank}` : `down ${rank - prev}`;
      expect(table[i + 1], e.name).toEqual([
        String(rank), ...tierOf(rank), move, e.name, e.email, String(e.total_commits), String(e.significant_commits), String(e.simple_commits),
        String(Math.round(e.significance_ratio * 100)), String(e.commit_score), String(e.additional_contribution_score),
        e.additional_contribution_notes, String(e.total_score), String(e.avg_score),
      ]);
    });
    await page.context().close();
  });

  it('downloads the trends chart as a real PNG of the canvas size', async () => {
    const page = await open('?type=monthly');
    const canvas = page.locator('[data-testid="trends-chart"] canvas');
    await pw(canvas).toBeVisible();
    const size = await canvas.evaluate((el) => ({ w: (el as HTMLCanvasElement).width, h: (el as HTMLCanvasElement).height }));
    expect(size.w).toBeGreaterThan(300);
    const { name, bytes } = await download(page, 'download-png');
    expect(name).toBe('contribution-trends-monthly.png');
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect({ w: bytes.readUInt32BE(16), h: bytes.readUInt32BE(20) }).toEqual(size);
    // Drawn on the card's background, so not one flat colour: the browser decodes it and finds both.
    const colours = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width; c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, c.width, c.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < px.length; i += 4 * 97) seen.add((px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!);
      return { corner: [px[0], px[1], px[2], px[3]], distinct: seen.size };
    }, bytes.toString('base64'));
    expect(colours.corner).toEqual([255, 255, 255, 255]); // the light card, opaque
    expect(colours.distinct).toBeGreaterThan(5);
    await page.context().close();
  });

  it('copies the link of the current view, and offers it to copy by hand when the clipboard is refused', async () => {
    const page = await open('?type=monthly&period=2025-09');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(s.server.url).origin });
    await page.getByTestId('copy-link').click();
    await pw(page.getByTestId('copy-link-status')).toHaveText('Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(page.url());
    expect(new URL(copied).search).toBe('?type=monthly&period=2025-09');
    await page.context().close();

    const refused = await newPage(s.browser);
    await refused.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });
    });
    await refused.goto(`${s.server.url}?type=quarterly&period=2025-Q3`);
    await refused.getByTestId('copy-link').click();
    const field = refused.getByTestId('copy-link-fallback').locator('input');
    await pw(field).toHaveValue(refused.url());
    await pw(field).toBeFocused();
    expect(await field.evaluate((el) => { const i = el as HTMLInputElement; return i.selectionEnd! - i.selectionStart!; })).toBe(refused.url().length);
    await pw(refused.getByTestId('copy-link-status')).toHaveText('');
    await keepScreenshot(refused, 'visitors-copy-link-refused');
    await refused.context().close();
  });
});
