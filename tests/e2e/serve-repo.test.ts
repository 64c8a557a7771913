// `leaderboard serve` run inside a repository made by the test, as a maintainer runs it.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { runCli, startServe, type ServeProcess } from '../support/cli.js';
import { keepScreenshot, newPage } from '../support/e2e.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { pw } from '../support/pw-expect.js';
import { hoursAgo } from '../support/recent.js';

const env = gitIsolationVars();
const alice = { name: 'Alice Árvíz', email: 'alice@example.com' };
const bob = { name: 'Bob', email: 'bob@example.com' };
const bot = { name: 'dependabot[bot]', email: '49699333+dependabot[bot]@users.noreply.github.com' };
const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} line ${i}`).join('\n') + '\n';

let repo: TestRepo;
let server: ServeProcess;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  repo = await createTestRepo();
  // 5 files, 120 lines, a feature: LOC 30 + Files 20 + Type 25 = 75 before the AI part.
  await repo.commit({
    author: alice, date: hoursAgo(5), message: 'feat(core): add the parser\n\nWith a body.',
    files: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`src/p${i}.ts`, lines(24, `p${i}`)])),
  });
  // One source line and a big lock file: the lock file is excluded from the score.
  await repo.commit({
    author: bob, date: hoursAgo(4), message: 'fix: off by one',
    files: { 'src/p0.ts': lines(25, 'p0'), 'package-lock.json': lines(400, 'lock') },
  });
  await repo.commit({ author: bot, date: hoursAgo(3), message: 'chore(deps): bump x', files: { 'package.json': '{}\n' } });
  server = await startServe([], { cwd: repo.dir, env });
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
  await repo?.cleanup();
});

describe('leaderboard serve in a repository', () => {
  it('analyses the repository before serving and reports it', async () => {
    expect(server.output()).toContain('Analysing the repository...');
    // The board's commits: the bot's is left out of the count, as of the board, and said apart.
    expect(server.output()).toMatch(/Analysed 2 commits .* Bots: 1 commit left out\./);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const status = JSON.parse(await readFile(path.join(repo.dir, '.leaderboard/last-update.json'), 'utf8')) as Record<string, unknown>;
    expect(status).toMatchObject({ success: true, latestCommit: await repo.git('rev-parse', 'HEAD') });
    const health = await (await fetch(new URL('api/health', server.url))).json() as Record<string, unknown>;
    expect(health).toMatchObject({ ok: true, dataFile: true });
    const missing = await fetch(new URL('api/nope', server.url));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API endpoint.' } });
  });

  it('ranks the people, leaves the bot out and explains each score', async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    const rows = page.getByTestId('leaderboard-row');
    await pw(rows).toHaveCount(2);
    await pw(page.getByTestId('refresh-status')).toHaveText('Live updates every 15min');
    await pw(rows.nth(0)).toHaveAttribute('data-name', alice.name);
    await pw(rows.nth(1)).toHaveAttribute('data-name', bob.name);
    await pw(page.locator('[data-name="dependabot[bot]"]')).toHaveCount(0);
    await pw(page.getByTestId('summary-total-commits-value')).toHaveText('2');

    await rows.nth(0).click();
    const feat = page.getByTestId('commit-item').first();
    await pw(feat.getByTestId('commit-classification')).toHaveText('significant');
    await pw(feat.getByTestId('commit-stats')).toContainText('5 files');
    await pw(feat.getByTestId('commit-stats')).toContainText('120 lines');
    await pw(feat.getByTestId('commit-breakdown')).toHaveText(/LOC 30\s+Files 20\s+Type 25\s+AI \(heuristic\) \d+/);
    await pw(feat.getByTestId('commit-excluded')).toHaveCount(0);

    await rows.nth(1).click();
    const fix = page.getByTestId('commit-item').first();
    await pw(fix.getByTestId('commit-stats')).toContainText('1 file');
    await pw(fix.getByTestId('commit-breakdown')).toHaveText(/LOC 3\s+Files 5\s+Type 15\s+AI/);
    await pw(fix.getByTestId('commit-excluded')).toContainText('1 file');
    await pw(fix.getByTestId('commit-excluded')).toContainText('400 lines');
    await keepScreenshot(page, 'repo-expanded');
    await page.context().close();
  });

  it('shows a manual contribution added from the shell after a click on Refresh', async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    await pw(page.getByTestId('leaderboard-row')).toHaveCount(2);
    const added = runCli(['add-contribution', 'Carol', '--score', '40', '--notes', 'Conference talk'], { cwd: repo.dir, env });
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    await page.getByTestId('refresh-button').click();
    const carol = page.locator('[data-testid="leaderboard-row"][data-name="Carol"]');
    await pw(carol).toBeVisible();
    await pw(carol.getByTestId('cell-commits')).toHaveText('0');
    await pw(carol.getByTestId('cell-other')).toHaveText('+40');
    await pw(carol.locator('[data-testid="cell-other"] [title]')).toHaveAttribute('title', 'Conference talk');
    await pw(carol.getByTestId('cell-total')).toHaveText('40');
    await keepScreenshot(page, 'repo-manual-contribution');
    await page.context().close();
  });

  it('refuses a second server on the same data directory, and a busy port, with clear errors', async () => {
    const port = new URL(server.url).port;
    const same = runCli(['serve', '--no-open', '--no-refresh', '--port', '0'], { cwd: repo.dir, env });
    expect(same.code).toBe(1);
    expect(same.stderr).toMatch(/Another leaderboard server \(pid \d+\) is already serving/);
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'lb-e2e-port-'));
    const r = runCli(['serve', '--no-open', '--no-refresh', '--port', port, '--data-dir', otherDir], { cwd: repo.dir, env });
    await rm(otherDir, { recursive: true, force: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use.`);
    expect(r.stderr).toContain('--port 0');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    // With a refresh to make first: told before it, not after minutes of analysis.
    const fresh = await mkdtemp(path.join(os.tmpdir(), 'lb-e2e-port-'));
    const first = runCli(['serve', '--no-open', '--port', port, '--data-dir', fresh], { cwd: repo.dir, env });
    expect(first.code).toBe(2);
    expect(first.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use.`);
    expect(first.stdout).not.toContain('Analysing the repository');
    expect(existsSync(path.join(fresh, 'leaderboard-data.json'))).toBe(false);
    expect(existsSync(path.join(fresh, 'serve.lock'))).toBe(false);
    await rm(fresh, { recursive: true, force: true });
  });
});

describe('auto-refresh while serving', () => {
  it('picks up new commits on the timer, keeps serving the last good data when a refresh fails, and stops cleanly on Ctrl-C', async () => {
    const other = await createTestRepo();
    await other.commit({ author: alice, date: hoursAgo(3), message: 'feat: first', files: { 'a.txt': lines(10, 'a') } });
    const live = await startServe(['--refresh-interval', '1s'], { cwd: other.dir, env });
    const dataUrl = new URL('leaderboard-data.json', live.url);
    const statusUrl = new URL('last-update.json', live.url);
    const analysed = async () => ((await (await fetch(dataUrl)).json()) as { total_commits_analyzed: number }).total_commits_analyzed;
    try {
      expect(await analysed()).toBe(1);
      await other.commit({ author: bob, date: hoursAgo(1), message: 'fix: second', files: { 'b.txt': 'b\n' } });
      await expect.poll(analysed, { timeout: 20_000 }).toBe(2);

      const good = await (await fetch(dataUrl)).text();
      // A new commit whose object is then corrupted: git can name HEAD but not read the history.
      const head = await other.commit({ author: bob, date: hoursAgo(0.5), message: 'fix: third', files: { 'c.txt': 'c\n' } });
      await writeFile(path.join(other.dir, '.git/objects', head.slice(0, 2), head.slice(2)), 'not a git object');
      await expect.poll(async () => ((await (await fetch(statusUrl)).json()) as { success: boolean }).success, { timeout: 20_000 }).toBe(false);
      const status = (await (await fetch(statusUrl)).json()) as { error?: string };
      expect(status.error).toBeTruthy();
      expect(await (await fetch(dataUrl)).text()).toBe(good);

      const page = await newPage(browser);
      await page.goto(live.url);
      await pw(page.getByTestId('refresh-status')).toHaveText('Auto-refresh error');
      await pw(page.getByTestId('leaderboard-row')).toHaveCount(2);
      await page.context().close();
    } finally {
      expect(await live.stop('SIGINT')).toBe(0);
      await other.cleanup();
    }
    expect(live.output()).toMatch(/Auto-refresh failed: /);
  });
});
