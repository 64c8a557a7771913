// A published site administered through GitHub, for the browser tests: a temp repository's board
// built by the real `leaderboard build` with GitHub replaced by the local emulator (another
// origin, so every call from the page is cross-origin, with CORS as GitHub's API does it), and
// served by a plain static file server under a subpath, as GitHub Pages serves a project.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cli, tempResources } from '../../cli/helpers.js';
import { launchBrowser } from '../../support/browser.js';
import type { TestRepo, TestRepoOptions } from '../../support/git-repo.js';
import { startGitHubEmulator, type GitHubEmulator } from '../../support/github-emulator.js';
import { pw } from '../../support/pw-expect.js';
import { inThisWeek } from '../../support/recent.js';
import { serveStatic, type StaticServer } from '../../support/static-server.js';

export const SLUG = 'acme/board';
export const MANUAL_PATH = '.leaderboard/manual-contributions.json';
export const OVERRIDES_PATH = '.leaderboard/ai-overrides.json';
export const ALICE = { name: 'Alice Author', email: 'alice@example.com' };

/** The manual contributions on the default branch when the tests start. */
export const PUBLISHED_MANUAL = `${JSON.stringify({
  contributors: { 'Grace Speaker': { contributions: [{ score: 20, notes: 'Conference talk', start_date: null, end_date: null }] } },
}, null, 2)}\n`;

/** Grace Speaker's entry in the open admin modal. */
export const grace = (page: Page) => modal(page).locator('[data-testid="manual-contributor"][data-name="Grace Speaker"]');

/** A manual-contributions.json holding Grace Speaker's contributions, as `[score, notes]`. */
export const manualFile = (contributions: [number, string][]) => `${JSON.stringify({
  contributors: { 'Grace Speaker': { contributions: contributions.map(([score, notes]) => ({ score, notes, start_date: null, end_date: null })) } },
}, null, 2)}\n`;

/** Grace Speaker's contributions on `branch` of the emulated repository, as `score notes`. */
export const graceOn = (gh: GitHubEmulator, branch: string) => (JSON.parse(gh.fileContent(SLUG, branch, MANUAL_PATH) ?? '{}') as {
  contributors: Record<string, { contributions: { score: number; notes: string }[] }>;
}).contributors['Grace Speaker']?.contributions.map((c) => `${c.score} ${c.notes}`);

/** Tokens of the emulator's users. */
export const TOKENS = {
  /** The primary admin (by login), a classic token with repo. */
  owner: 'tok-owner',
  /** An admin by admin-list.json, whose classic token lacks the repo scope. */
  noRepo: 'tok-norepo',
  /** Not an admin. */
  mallory: 'tok-mallory',
} as const;

export interface PublishedSite {
  gh: GitHubEmulator;
  repo: TestRepo;
  /** The built site's directory. */
  site: string;
  server: StaticServer;
  /** Rewrites the published data file as a deployment of a new build would. */
  republish: () => Promise<void>;
}

/** Builds and serves the site (in a repository from `newRepo`, see tempResources); the caller closes `server` and `gh`. */
export async function publishSite(newRepo: (options?: TestRepoOptions) => Promise<TestRepo>): Promise<PublishedSite> {
  const gh = await startGitHubEmulator();
  gh.addRepo({
    owner: 'acme', name: 'board', workflows: ['leaderboard.yml'],
    files: { 'admin-list.json': JSON.stringify({ admins: ['nora'] }), [MANUAL_PATH]: PUBLISHED_MANUAL },
  });
  gh.addUser({ login: 'owner', token: TOKENS.owner, scopes: ['repo', 'user:email'], emails: [{ email: 'owner@example.com', primary: true, verified: true, visibility: null }] });
  gh.addUser({ login: 'nora', token: TOKENS.noRepo, scopes: ['user:email'], emails: [{ email: 'nora@example.com', primary: true, verified: true, visibility: null }] });
  gh.addUser({ login: 'mallory', token: TOKENS.mallory, scopes: ['repo', 'user:email'], emails: [{ email: 'mallory@example.com', primary: true, verified: true, visibility: null }] });

  const repo = await newRepo();
  await repo.writeFile('leaderboard.config.json', JSON.stringify({ github: { repo: SLUG }, primaryAdmins: { email: 'owner@example.com', login: 'owner' } }));
  await repo.writeFile(MANUAL_PATH, PUBLISHED_MANUAL);
  await repo.commit({ files: { 'a.ts': 'a\n'.repeat(60) }, message: 'feat: alice adds a', author: ALICE, date: inThisWeek(0.3) });
  const site = path.join(repo.dir, '.leaderboard', 'site');
  const built = cli(repo.dir, ['build', '--quiet'], { GITHUB_API_URL: gh.url });
  expect(built.stderr).toBe('');
  expect(built.code).toBe(0);
  expect(built.stdout).toContain(`Admins sign in on it and save to ${SLUG} through GitHub (by pull request).`);
  // Also under /docs/: another board of the same origin, as another project site of the owner.
  const server = await serveStatic(site, 'board', 'docs');

  const republish = async () => {
    const file = path.join(site, 'leaderboard-data.json');
    const data = JSON.parse(await readFile(file, 'utf8')) as { last_updated: string };
    data.last_updated = new Date().toISOString();
    await writeFile(file, JSON.stringify(data));
  };
  return { gh, repo, site, server, republish };
}

export const modal = (page: Page) => page.getByTestId('admin-modal');
export const banner = (page: Page) => modal(page).getByTestId('status-banner');

/**
 * A page of the site in its own context (its own local storage), accepting every confirmation.
 * `clock`: with Playwright's clock installed (time flows as usual, and {@link skipToNextRunPoll} can
 * move it on).
 */
export async function sitePage(browser: Browser, server: StaticServer, colorScheme: 'light' | 'dark' = 'light', options: { clock?: boolean } = {}): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
  if (options.clock) await context.clock.install();
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto(server.url);
  await pw(page.getByTestId('leaderboard-row').first()).toBeVisible();
  return { page, context };
}

/**
 * Moves the page's clock (see sitePage's `clock`) over its wait between two polls of a workflow run
 * (5 s, web/src/admin/github/refresh.ts), instead of waiting it out. Call it once the page shows
 * the run's status: the wait begins right after. A longer wait would still end, in real time.
 */
export const skipToNextRunPoll = (page: Page) => page.clock.fastForward(5_000);

/** Opens the admin modal and signs in with `token`. */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.getByTestId('admin-button').click();
  await pw(page.getByTestId('token-input')).toBeVisible();
  await page.getByTestId('token-input').fill(token);
  await page.getByTestId('sign-in-button').click();
}

/**
 * The file's published site and Chromium, started once for its tests and closed after them; every
 * test must leave the emulator with no answer that strays from GitHub's OpenAPI description.
 */
export function usePublishedSite(): { site: PublishedSite; browser: Browser } {
  const { newRepo } = tempResources();
  const env = {} as { site: PublishedSite; browser: Browser };
  let closeBrowser: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    env.site = await publishSite(newRepo);
    ({ browser: env.browser, close: closeBrowser } = await launchBrowser());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await env.site?.server.close();
    await env.site?.gh.close();
  });
  afterEach(() => { expect(env.site.gh.validationErrors).toEqual([]); });
  return env;
}
