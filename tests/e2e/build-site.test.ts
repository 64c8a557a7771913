// `leaderboard build`: a temp repository's board as a static site, served by a plain static file
// server under a subpath (as GitHub Pages serves a project) and opened in Chromium.
import { readFile, readdir, writeFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cli, tempResources } from '../cli/helpers.js';
import { launchBrowser } from '../support/browser.js';
import { keepScreenshot, newPage } from '../support/e2e.js';
import type { TestRepo } from '../support/git-repo.js';
import { pw } from '../support/pw-expect.js';
import { serveStatic, type StaticServer } from '../support/static-server.js';
import { inThisWeek } from '../support/recent.js';

const { newRepo, tempDir } = tempResources();
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const BOB = { name: 'Bob Builder', email: 'bob@example.com' };
const CAROL = { name: 'Carol Noreply', email: '12345+carol@users.noreply.github.com' };

let repo: TestRepo;
let site: string;
let server: StaticServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;

/** Opens the site, recording console errors and failed requests. */
async function openSite(): Promise<{ page: Page; errors: string[] }> {
  const page = await newPage(browser);
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('requestfailed', (r) => errors.push(`failed: ${r.url()}`));
  await page.goto(server.url);
  await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
  return { page, errors };
}

beforeAll(async () => {
  repo = await newRepo();
  await repo.commit({ files: { 'a.ts': 'a\n'.repeat(80) }, message: 'feat: bob adds a (see bob@example.com)', author: BOB, date: inThisWeek(0.3) });
  await repo.commit({ files: { 'b.ts': 'b\n'.repeat(10) }, message: 'fix: carol fixes b', author: CAROL, date: inThisWeek(0.6) });
  site = path.join(repo.dir, '.leaderboard', 'site');
  const built = cli(repo.dir, ['build']);
  expect(built.stderr).toBe('');
  expect(built.code).toBe(0);
  expect(built.stdout).toContain(`Site written to ${path.join('.leaderboard', 'site')} (data`);
  expect(built.stdout).toContain("without contributors' email addresses");
  expect(built.stdout).toContain('No Admin button: no GitHub repository is known: set github.repo in leaderboard.config.json.');
  server = await serveStatic(site, 'project');
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.close();
});

describe('a published site', () => {
  it('renders under a subpath with every request under it, no /api, no admin and no console error', async () => {
    const { page, errors } = await openSite();
    await pw(page.getByTestId('leaderboard-row')).toHaveCount(2);
    await pw(page.getByTestId('admin-button')).toHaveCount(0);
    await pw(page.getByTestId('refresh-status')).toHaveText(/^Published (just now|\d+ minutes? ago)$/);
    expect(await page.getByTestId('refresh-status').getAttribute('data-state')).toBe('published');
    // The Refresh button re-reads the published files.
    const before = server.requests.filter((p) => p.endsWith('/leaderboard-data.json')).length;
    await page.getByTestId('refresh-button').click();
    await pw(page.getByTestId('refresh-button')).toHaveText('Refresh');
    expect(server.requests.filter((p) => p.endsWith('/leaderboard-data.json')).length).toBeGreaterThan(before);
    expect(server.requests.length).toBeGreaterThan(4);
    expect(server.requests.filter((p) => !p.startsWith('/project/'))).toEqual([]);
    expect(server.requests.filter((p) => p.includes('/api'))).toEqual([]);
    expect(errors).toEqual([]);
    await keepScreenshot(page, 'published-site');
    await page.context().close();
  });

  it('carries its CSP in a meta element and leaves email addresses out of the page and its data', async () => {
    const index = await readFile(path.join(site, 'index.html'), 'utf8');
    expect(index).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self';[^"]*"/);
    expect(index).not.toMatch(/<script>(?!<)/); // no inline script
    const data = await readFile(path.join(site, 'leaderboard-data.json'), 'utf8');
    expect(data).not.toMatch(EMAIL);
    expect(data).toContain('[email hidden]'); // the address in Bob's commit subject
    const { page } = await openSite();
    expect(await page.locator('body').innerText()).not.toMatch(EMAIL);
    // A GitHub noreply address stands for the login.
    await pw(page.locator('[data-testid="leaderboard-row"][data-name="Carol Noreply"]')).toContainText('carol');
    await page.context().close();
  });

  it('shows a new commit after a rebuild, and keeps the last good site when a build fails', async () => {
    await repo.commit({ files: { 'c.ts': 'c\n'.repeat(30) }, message: 'feat: dave arrives', author: { name: 'Dave Newcomer', email: 'dave@example.com' }, date: inThisWeek(0.9) });
    expect(cli(repo.dir, ['build', '--quiet']).code).toBe(0);
    const { page } = await openSite();
    await pw(page.locator('[data-testid="leaderboard-row"][data-name="Dave Newcomer"]')).toBeVisible();
    await page.context().close();

    const good = await readFile(path.join(site, 'leaderboard-data.json'), 'utf8');
    const files = (await readdir(site)).sort();
    // A broken config stops the build before anything is written.
    await repo.writeFile('leaderboard.config.json', '{ "analysisPeriodDays": "a year" }');
    const broken = cli(repo.dir, ['build']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('analysisPeriodDays');
    await repo.writeFile('leaderboard.config.json', '{}');
    // A data directory whose last refresh failed is stale: refused before anything is written.
    const dataDir = path.join(repo.dir, '.leaderboard');
    const status = await readFile(path.join(dataDir, 'last-update.json'), 'utf8');
    await writeFile(path.join(dataDir, 'last-update.json'), JSON.stringify({ success: false, timestamp: new Date().toISOString(), latestCommit: null, error: 'git exploded' }));
    const stale = cli(repo.dir, ['build', '--no-refresh']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('The last refresh failed, so the leaderboard data is stale: git exploded.');
    await writeFile(path.join(dataDir, 'last-update.json'), status);
    // A manual contribution saved but not rebuilt (a full disk, a kill in between): the board is behind it.
    const manualFile = path.join(dataDir, 'manual-contributions.json');
    const manual = await readFile(manualFile, 'utf8').catch(() => null);
    await writeFile(manualFile, JSON.stringify({ contributors: { 'Not Rebuilt': { contributions: [{ score: 40 }] } } }));
    const behind = cli(repo.dir, ['build', '--no-refresh']);
    expect(behind.code).toBe(1);
    expect(behind.stderr).toContain(`The leaderboard data in ${dataDir} is behind what was saved beside it`);
    if (manual === null) await rm(manualFile);
    else await writeFile(manualFile, manual);
    expect(await readFile(path.join(site, 'leaderboard-data.json'), 'utf8')).toBe(good);
    expect((await readdir(site)).sort()).toEqual(files);
    // Nothing is left beside it either.
    expect((await readdir(dataDir)).filter((f) => f.includes('.site.'))).toEqual([]);
  });

  it('publishes no user name or password of a URL from the AI step\'s error, even one an older version wrote', async () => {
    const dataDir = path.join(repo.dir, '.leaderboard');
    const status = await readFile(path.join(dataDir, 'last-update.json'), 'utf8');
    const ai = { source: 'openai:m', sent: 0, cached: 0, failed: 1, partial: true, error: 'openai:m is unreachable at http://llmuser:Sup3rS3cret@127.0.0.1:9/v1 (connect ECONNREFUSED)' };
    await writeFile(path.join(dataDir, 'last-update.json'), JSON.stringify({ ...JSON.parse(status), ai }));
    const out = path.join(await tempDir('lb-site-ai-'), 'public');
    const built = cli(repo.dir, ['build', '--no-refresh', '--out', out]);
    await writeFile(path.join(dataDir, 'last-update.json'), status);
    expect(built.code).toBe(0);
    const published = await readFile(path.join(out, 'last-update.json'), 'utf8');
    expect(published).toContain('unreachable at http://127.0.0.1:9/v1');
    expect(published).not.toMatch(/Sup3rS3cret|llmuser/);
  });

  it('keeps email addresses with --emails, and never replaces a directory it did not write', async () => {
    const out = path.join(await tempDir('lb-site-emails-'), 'public');
    const withEmails = cli(repo.dir, ['build', '--no-refresh', '--emails', '--out', out]);
    expect(withEmails.code).toBe(0);
    expect(withEmails.stdout).toContain("with contributors' email addresses");
    expect(await readFile(path.join(out, 'leaderboard-data.json'), 'utf8')).toContain('bob@example.com');

    const foreign = await tempDir('lb-site-foreign-');
    await mkdir(path.join(foreign, 'docs'));
    await writeFile(path.join(foreign, 'docs', 'keep.md'), 'precious\n');
    const refused = cli(repo.dir, ['build', '--no-refresh', '--out', foreign]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is not empty and was not written by `leaderboard build`');
    expect(await readFile(path.join(foreign, 'docs', 'keep.md'), 'utf8')).toBe('precious\n');
  });

  it('refuses an --out inside a folder the leaderboard writes, and names the folder asked for when the system refuses it', async () => {
    const dataDir = path.join(repo.dir, '.leaderboard');
    for (const inside of ['leaderboard-chunks/site', 'parts/x', 'manual-backups/site']) {
      const r = cli(repo.dir, ['build', '--no-refresh', '--out', path.join(dataDir, inside)]);
      expect(r.code, inside).toBe(2);
      expect(r.stderr).toContain(`is inside ${path.join(dataDir, inside.split('/')[0]!)}, which the leaderboard writes; a refresh would delete the site.`);
    }
    // The folder itself, not "inside" itself.
    for (const own of ['repos', 'leaderboard-chunks', 'leaderboard-data.json']) {
      const r = cli(repo.dir, ['build', '--no-refresh', '--out', path.join(dataDir, own)]);
      expect(r.code, own).toBe(2);
      expect(r.stderr).toContain(`Error: --out ${path.join(dataDir, own)} is itself written by the leaderboard; a refresh would delete the site.`);
    }
    // An empty --out (an unset variable) is said to be empty, not taken for the current directory.
    const empty = cli(repo.dir, ['build', '--no-refresh', '--out', '']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe('Error: --out is empty.\nHint: Pass the folder to write the site to (default: <data-dir>/site); a variable meant to name it may be unset.\n');
    // A file kept by hand: the site would overwrite it (a refresh never writes it).
    const manual = cli(repo.dir, ['build', '--no-refresh', '--out', path.join(dataDir, 'manual-contributions.json')]);
    expect(manual.code).toBe(2);
    expect(manual.stderr).toContain(`Error: --out ${path.join(dataDir, 'manual-contributions.json')} is manual-contributions.json, which you keep by hand; the site would overwrite it.`);
    // A folder of its own in the data directory is fine (the default is one).
    expect(cli(repo.dir, ['build', '--no-refresh', '--out', path.join(dataDir, 'public-site')]).code).toBe(0);
    await rm(path.join(dataDir, 'public-site'), { recursive: true, force: true });
    // A folder the system will not let anyone create (root too): its name, not a temp folder's.
    const refused = cli(repo.dir, ['build', '--no-refresh', '--out', '/proc/leaderboard-site']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Error: Cannot create \/proc\/leaderboard-site: /);
  });
});
