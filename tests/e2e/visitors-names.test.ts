/// <reference lib="dom" /> // callbacks of page.evaluate run in the browser
// Names a board gets from git that are not ordinary: an author with no name at all (git refuses
// one on commit; fast-import takes it) and names of 600 characters, or of one long word. What a
// visitor sees: "(no name)" wherever the name shows, and names on two lines at most, so nothing
// grows a page tall or wide: a realistic long name reads whole, a longer one is cut with the whole
// name in the text and its title, and the contributor's page shows it whole at a button's press.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { runCli } from '../support/cli.js';
import { keepScreenshot, serveDataDir, type E2eSession } from '../support/e2e.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { pw } from '../support/pw-expect.js';

const LONG = Array.from({ length: 20 }, () => 'Bartholomew Maximilian Featherstonehaugh').join(' ').slice(0, 600);
const WORD = 'Supercalifragilisticexpialidocious'.repeat(9);
/** Long, as real names are: 44 and 60 characters. */
const MARIA = 'María-José Fernández de la Cruz y Villanueva';
const MAX = 'Maximiliano Alejandro Rodríguez-Santisteban y de Castellanos';
const alice = { name: 'Alice Normal', email: 'alice@example.com' };
const bob = { name: 'Bob Regular', email: 'bob@example.com' };
const DAN = 'dan@example.com';
const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} ${i}`).join('\n') + '\n';

let repo: TestRepo;
let s: E2eSession;
beforeAll(async () => {
  repo = await createTestRepo();
  // One ISO week (2025-W10), so every row is in the view the page opens on.
  await repo.commit({ author: alice, date: '2025-03-04T10:00:00Z', message: 'feat: add the cache', files: { 'a.txt': lines(30, 'a') } });
  await repo.commit({ author: { name: LONG, email: 'long@example.com' }, date: '2025-03-04T11:00:00Z', message: 'feat: long name', files: { 'l.txt': lines(30, 'l') } });
  await repo.commit({ author: { name: WORD, email: 'word@example.com' }, date: '2025-03-04T12:00:00Z', message: 'feat: long word', files: { 'w.txt': lines(30, 'w') } });
  await repo.commit({ author: { name: MARIA, email: 'mj@example.com' }, date: '2025-03-04T12:20:00Z', message: 'feat: real name', files: { 'm.txt': lines(30, 'm') } });
  await repo.commit({ author: { name: MAX, email: 'mx@example.com' }, date: '2025-03-04T12:40:00Z', message: 'feat: longer name', files: { 'x.txt': lines(30, 'x') } });
  await repo.commit({
    author: bob, date: '2025-03-04T13:00:00Z', message: `feat: pair work\n\nCo-authored-by: ${WORD} <word@example.com>`,
    files: { 'b.txt': lines(30, 'b') },
  });
  // No name and no email: the core keeps the name "" (counted as one person, keyed so).
  const when = Date.parse('2025-03-04T14:00:00Z') / 1000;
  const stream = [
    'commit refs/heads/main', `author <> ${when} +0000`, `committer Test User <test@example.com> ${when} +0000`,
    'data <<END', 'fix: a commit with no author name', 'END', `from ${await repo.git('rev-parse', 'HEAD')}`,
    'M 644 inline n.txt', 'data <<END', lines(30, 'n').trimEnd(), 'END', '',
    // An email and no name: the email stands in as the name.
    'commit refs/heads/main', `author <${DAN}> ${when + 600} +0000`, `committer Test User <test@example.com> ${when + 600} +0000`,
    'data <<END', 'fix: a commit by an email alone', 'END',
    'M 644 inline d.txt', 'data <<END', lines(30, 'd').trimEnd(), 'END', '',
  ].join('\n');
  const imported = spawnSync('git', ['fast-import', '--quiet'], { cwd: repo.dir, input: stream, env: { ...process.env, ...gitIsolationVars() }, encoding: 'utf8' });
  expect(imported.status, imported.stderr).toBe(0);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lb-e2e-names-'));
  const refreshed = runCli(['refresh', '--repo', repo.dir, '--data-dir', dataDir, '--all', '--quiet'], { env: gitIsolationVars() });
  expect(refreshed.code, refreshed.stderr).toBe(0);
  // What the page is given: the name as git has it, nothing put in its place.
  const people = (JSON.parse(await readFile(path.join(dataDir, 'leaderboard-data.json'), 'utf8')) as { people: [string, string][] }).people;
  expect(people).toContainEqual(['', '']);
  s = await serveDataDir(dataDir);
});
afterAll(async () => {
  await s?.close();
  await repo?.cleanup();
});

const rows = (page: Page) => page.getByTestId('leaderboard-row');
const row = (page: Page, name: string) => page.locator(`[data-testid="leaderboard-row"][data-name="${name}"]`);

async function open(opts: { width?: number; colorScheme?: 'light' | 'dark'; query?: string } = {}): Promise<Page> {
  const context = await s.browser.newContext({ viewport: { width: opts.width ?? 1280, height: 900 }, colorScheme: opts.colorScheme ?? 'light' });
  const page = await context.newPage();
  await page.goto(`${s.server.url}${opts.query ?? ''}`);
  await pw(opts.query?.includes('contributor=') ? page.getByTestId('contributor-title') : rows(page).first()).toBeVisible();
  return page;
}

const height = async (l: Locator) => (await l.boundingBox())?.height ?? 0;
/** The page scrolls sideways: something is wider than the window. */
const widerThanWindow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
/** Shown cut with an ellipsis: the element, or one inside it, holds more lines of text than it shows, or a line wider than itself. */
const cut = (l: Locator) => l.evaluate((el) => [el, ...Array.from(el.querySelectorAll('*'))].some((e) => {
  const style = getComputedStyle(e);
  return (style.webkitLineClamp !== 'none' && e.scrollHeight > e.clientHeight + 1) || (style.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth);
}));
/** How many lines of text the name takes: its height in lines of its own line height. */
const lineCount = (l: Locator) => l.evaluate((el) => {
  const name = el.querySelector('.person-name') ?? el;
  return Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight));
});
/** What hovering the name shows: the title of the text inside (a chip's own title says what a click does), else its own. */
const hoverText = (l: Locator) => l.evaluate((el) => el.querySelector('[title]')?.getAttribute('title') ?? el.getAttribute('title'));
/** The colour the text is drawn in (of the element holding it). */
const textColor = (l: Locator) => l.evaluate((el) => {
  const holder = [el, ...Array.from(el.querySelectorAll('*'))].find((e) => Array.from(e.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()));
  return getComputedStyle(holder ?? el).color;
});

describe('a contributor with no name', () => {
  it('reads "(no name)" in the ranking, the search, the filter and on their page', async () => {
    const page = await open();
    const nameless = row(page, '');
    await pw(nameless).toHaveCount(1);
    await pw(nameless.getByTestId('contributor-name')).toHaveText('(no name)');
    // Told apart from someone named so: not the names' colour.
    expect(await textColor(nameless.getByTestId('contributor-name'))).not.toBe(await textColor(row(page, alice.name).getByTestId('contributor-name')));

    await page.getByTestId('ranking-search').fill('no name');
    await pw(rows(page)).toHaveCount(1);
    await pw(rows(page).first()).toHaveAttribute('data-name', '');
    await page.getByTestId('ranking-search').fill('');

    await page.getByTestId('filter-toggle').click();
    await pw(page.getByTestId('filter-option').first()).toHaveText('(no name)');
    await page.getByTestId('filter-option').first().locator('input').uncheck();
    await pw(page.getByTestId('filter-chip')).toHaveText('(no name)');
    expect(await page.getByTestId('filter-chip').getAttribute('aria-label')).toBe('Show (no name) again');
    await pw(row(page, '')).toHaveCount(0);
    await page.getByTestId('filter-chip').click();
    await pw(row(page, '')).toHaveCount(1);

    // Their page, opened from the name; Back lands on that name again.
    await row(page, '').getByTestId('contributor-name').click();
    await pw(page.getByTestId('contributor-title')).toHaveText('(no name)');
    expect(await page.title()).toMatch(/^\(no name\) · /);
    await pw(page.getByTestId('contributor-commit-list')).toHaveAttribute('aria-label', 'Commits of (no name)');
    // Their address names them as the page does, so a reload (or the link copied) opens their page again.
    expect(new URL(page.url()).searchParams.get('contributor')).toBe('(no name)');
    await page.reload();
    await pw(page.getByTestId('contributor-title')).toHaveText('(no name)');
    await pw(page.getByTestId('contributor-commit-list')).toHaveAttribute('aria-label', 'Commits of (no name)');
    await pw(page.getByTestId('contributor-commit-list').getByTestId('commit-item')).toHaveCount(1);
    await page.getByTestId('contributor-back').click();
    await pw(row(page, '').getByTestId('contributor-name')).toBeFocused();
    await page.context().close();
  });
});

describe('a contributor known only by an email', () => {
  it('shows it once, as the name: in the ranking and heading their page', async () => {
    const page = await open();
    const dan = row(page, DAN);
    await pw(dan).toHaveCount(1);
    await pw(dan.getByTestId('contributor-name')).toHaveText(DAN);
    await pw(dan.getByTestId('contributor-email')).toHaveCount(0);
    await pw(dan).toContainText(DAN);
    expect((await dan.locator('.col-contributor').innerText()).split(DAN).length - 1).toBe(1);
    // Others keep their email under the name.
    await pw(row(page, alice.name).getByTestId('contributor-email')).toHaveText(alice.email);

    await dan.getByTestId('contributor-name').click();
    await pw(page.getByTestId('contributor-title')).toHaveText(DAN);
    await pw(page.getByTestId('contributor-page-email')).toHaveCount(0);
    await page.goto(`${s.server.url}?contributor=${encodeURIComponent(alice.name)}`);
    await pw(page.getByTestId('contributor-page-email')).toHaveText(alice.email);
    await page.context().close();
  });
});

describe('long names', () => {
  it('take two lines at most in the ranking, whole in the text and the title, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open({ colorScheme });
      const normal = await height(row(page, alice.name));
      for (const name of [LONG, WORD]) {
        const link = row(page, name).getByTestId('contributor-name');
        // Two lines and the email, where an ordinary name takes one.
        expect(await lineCount(link)).toBe(2);
        expect(await height(row(page, name))).toBeLessThan(normal * 1.6);
        // A screen reader and the browser's find get the whole name; hovering shows it.
        await pw(link).toHaveText(name);
        await pw(page.getByRole('link', { name, exact: true })).toHaveCount(1);
        expect(await hoverText(link)).toBe(name);
        expect(await cut(link)).toBe(true);
      }
      expect(await widerThanWindow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await keepScreenshot(page, `visitors-names-board-${colorScheme}`);
      await page.context().close();
    }
  });

  it('of 44 and 60 characters read whole, on two lines, from a laptop down to 800 px', async () => {
    for (const [width, colorScheme] of [[1280, 'light'], [1024, 'dark'], [800, 'light']] as const) {
      const page = await open({ width, colorScheme });
      for (const name of [MARIA, MAX]) {
        const link = row(page, name).getByTestId('contributor-name');
        await pw(link).toHaveText(name);
        expect(await cut(link), `${name} at ${width} px`).toBe(false);
        expect(await lineCount(link)).toBeLessThanOrEqual(2);
      }
      if (width === 800) await keepScreenshot(page, 'visitors-names-board-800');
      await page.context().close();
    }
  });

  it('take two lines at most in a card at 320 px, and the page does not scroll sideways', async () => {
    const page = await open({ width: 320, colorScheme: 'dark' });
    const normal = await height(row(page, alice.name));
    for (const name of [LONG, WORD]) {
      await pw(row(page, name).getByTestId('contributor-name')).toHaveText(name);
      // One more line than a card whose name takes one: name (two), email, commits.
      expect(await height(row(page, name))).toBeLessThan(normal * 1.6);
    }
    expect(await widerThanWindow(page)).toBe(false);
    // Opened, the card's figures and commits stay inside the window too.
    await row(page, LONG).getByTestId('cell-total').click();
    await pw(page.getByTestId('row-details')).toBeVisible();
    expect(await widerThanWindow(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await keepScreenshot(page, 'visitors-names-phone-dark');
    await page.context().close();
  });

  it('of a co-author takes two lines at most in the open row', async () => {
    const page = await open();
    await row(page, bob.name).click();
    const commit = page.getByTestId('row-details').getByTestId('commit-item').filter({ hasText: 'feat: pair work' });
    const coAuthors = commit.getByTestId('commit-co-authors');
    expect(await lineCount(coAuthors)).toBe(2);
    await pw(coAuthors).toHaveText(`with ${WORD}`);
    expect(await hoverText(coAuthors)).toBe(WORD);
    expect(await cut(coAuthors)).toBe(true);
    expect(await widerThanWindow(page)).toBe(false);
    await page.context().close();
  });

  it('head their page on two lines at most, and a button there shows a name cut so whole', async () => {
    const normal = await open({ query: `?contributor=${encodeURIComponent(alice.name)}` });
    await pw(normal.getByTestId('whole-name-toggle')).toHaveCount(0);
    await normal.context().close();
    // 60 characters at 800 px: two lines, whole, no button.
    const real = await open({ width: 800, colorScheme: 'dark', query: `?contributor=${encodeURIComponent(MAX)}` });
    expect(await cut(real.getByTestId('contributor-title'))).toBe(false);
    expect(await lineCount(real.getByTestId('contributor-title'))).toBe(2);
    await pw(real.getByTestId('whole-name-toggle')).toHaveCount(0);
    await real.context().close();

    for (const [width, colorScheme] of [[1280, 'light'], [320, 'dark']] as const) {
      const page = await open({ width, colorScheme, query: `?contributor=${encodeURIComponent(LONG)}` });
      const title = page.getByTestId('contributor-title');
      expect(await lineCount(title)).toBe(2);
      expect(await cut(title)).toBe(true);
      await pw(title).toHaveText(LONG);
      expect(await hoverText(title)).toBe(LONG);
      expect(await widerThanWindow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await keepScreenshot(page, `visitors-names-contributor-${width}`);
      // Read whole without hovering: by keyboard (Tab from the heading the page focuses) or a tap.
      const toggle = page.getByTestId('whole-name-toggle');
      await pw(toggle).toHaveAttribute('aria-expanded', 'false');
      await title.focus();
      await page.keyboard.press('Tab');
      await pw(toggle).toBeFocused();
      await page.keyboard.press('Enter');
      await pw(toggle).toHaveAttribute('aria-expanded', 'true');
      await pw(toggle).toHaveText('Show less of the name');
      expect(await cut(title)).toBe(false);
      expect(await lineCount(title)).toBeGreaterThan(2);
      await pw(page.getByRole('heading', { name: LONG, exact: true })).toHaveCount(1);
      expect(await widerThanWindow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await keepScreenshot(page, `visitors-names-contributor-whole-${width}`);
      await toggle.click();
      expect(await lineCount(title)).toBe(2);
      await page.context().close();
    }
  });

  it("are cut in the filter's chips, two lines at most, with the × still there", async () => {
    const page = await open();
    const cards = await page.getByTestId('summary-cards').boundingBox();
    await page.getByTestId('filter-toggle').click();
    for (const name of [LONG, WORD]) await page.getByTestId('filter-option').filter({ hasText: name.slice(0, 40) }).locator('input').uncheck();
    const chips = page.getByTestId('filter-chip');
    await pw(chips).toHaveCount(2);
    expect(await widerThanWindow(page)).toBe(false);
    for (let i = 0; i < 2; i++) {
      const chip = chips.nth(i);
      const name = await hoverText(chip);
      expect([LONG, WORD]).toContain(name);
      // 600 characters are cut; the long word (306) fits the chip's two lines at 1280 px.
      expect(await cut(chip)).toBe(name === LONG);
      expect(await lineCount(chip)).toBeLessThanOrEqual(2);
      // Its × is still there to press.
      expect((await chip.locator('svg').boundingBox())?.width ?? 0).toBeGreaterThan(5);
    }
    // The summary cards keep their place and width.
    expect(await page.getByTestId('summary-cards').boundingBox()).toEqual(cards);
    await page.context().close();
  });
});
