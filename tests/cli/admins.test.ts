/**
 * `leaderboard admins list|add|remove` and `leaderboard contributor add` through the built CLI;
 * the admin commands against the local GitHub emulator (GITHUB_TOKEN, --github-api-url).
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_PATH, UPDATE_BRANCH } from '../../src/core/github/types.js';
import { runCliAsync, type CliResult } from '../support/cli.js';
import type { TestRepo } from '../support/git-repo.js';
import { gitIsolationVars } from '../support/git-repo.js';
import { startGitHubEmulator, type GitHubEmulator } from '../support/github-emulator.js';
import { cli, dataFiles, hasStackTrace, readJson, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();
const SLUG = 'acme/widgets';

let gh: GitHubEmulator;
let repo: TestRepo;

/** `leaderboard ...args` in the test repository, with GITHUB_TOKEN unless `token` is null. */
function run(args: string[], token: string | null = 'tok-owner', cwd = repo.dir): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...gitIsolationVars(), GITHUB_TOKEN: token ?? '', GITHUB_API_URL: '' };
  return runCliAsync(args, { cwd, env });
}
const api = () => ['--github-api-url', gh.url];
const adminList = (branch: string) => JSON.parse(gh.fileContent(SLUG, branch, ADMIN_LIST_PATH) ?? 'null') as { admins: string[] } | null;

beforeAll(async () => {
  gh = await startGitHubEmulator();
  gh.addRepo({ owner: 'acme', name: 'widgets', files: { [ADMIN_LIST_PATH]: JSON.stringify({ admins: ['bob'] }) } });
  gh.addUser({ login: 'owner', token: 'tok-owner', emails: [{ email: 'owner@example.com', primary: true, verified: true, visibility: null }] });
  gh.addUser({ login: 'bob', token: 'tok-bob' });
  gh.addUser({ login: 'mallory', token: 'tok-mallory', emails: [{ email: 'mallory@example.com', primary: true, verified: true, visibility: null }] });
  repo = await newRepo();
  await repo.writeFile('leaderboard.config.json', JSON.stringify({ github: { repo: SLUG }, primaryAdmins: { email: 'owner@example.com', login: 'owner' } }));
  await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', date: '2025-01-08T10:00:00Z' });
});
afterAll(async () => { await gh.close(); });
afterEach(() => { expect(gh.validationErrors).toEqual([]); });

describe('leaderboard admins', () => {
  it('needs a token: a usage error (exit 2) naming the scopes, where to put it, and the subcommand run', async () => {
    for (const [args, usage] of [[['list'], 'list'], [['add', 'x'], 'add <entry>'], [['remove', 'x'], 'remove <entry>']] as const) {
      const r = await run(['admins', ...args, ...api()], null);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('Error: Set GITHUB_TOKEN (or GH_TOKEN) to a GitHub token with the repo and user:email scopes, or sign in with `gh auth login`');
      expect(r.stderr).toContain(`Hint: e.g. GITHUB_TOKEN=ghp_... leaderboard admins ${usage}\n`);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
  });

  it('takes GH_TOKEN, and else the token of a signed-in gh for the API\'s host, as a refresh does', async () => {
    const viaGhToken = await runCliAsync(['admins', 'list', ...api()], { cwd: repo.dir, env: { ...gitIsolationVars(), GITHUB_TOKEN: '', GH_TOKEN: 'tok-owner', GITHUB_API_URL: '' } });
    expect(viaGhToken.stderr).toBe('');
    expect(viaGhToken.stdout).toContain('Signed in as owner@example.com (admin).');
    // A gh that knows only the emulator's host: github.com's token would be the wrong one there.
    const bin = await tempDir('lb-admins-gh-');
    await writeFile(path.join(bin, 'gh'), `#!/bin/sh\n[ "$*" = "auth token --hostname ${new URL(gh.url).hostname}" ] && echo tok-bob\n`, { mode: 0o755 });
    const viaGh = await runCliAsync(['admins', 'list', ...api()], { cwd: repo.dir, env: { ...gitIsolationVars(), GITHUB_TOKEN: '', GH_TOKEN: '', GITHUB_API_URL: '', PATH: `${bin}${path.delimiter}${process.env['PATH'] ?? ''}` } });
    expect(viaGh.stderr).toBe('');
    expect(viaGh.stdout).toContain('Signed in as bob@example.com (admin).');
    // Never over plain http but to this machine: gh's token would travel in the clear.
    await writeFile(path.join(bin, 'gh'), '#!/bin/sh\necho tok-bob\n', { mode: 0o755 });
    const plain = await runCliAsync(['admins', 'list', '--github-api-url', 'http://ghe.example.test/api/v3'], { cwd: repo.dir, env: { ...gitIsolationVars(), GITHUB_TOKEN: '', GH_TOKEN: '', GITHUB_API_URL: '', PATH: `${bin}${path.delimiter}${process.env['PATH'] ?? ''}` } });
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain("Error: The GitHub API URL http://ghe.example.test/api/v3 is plain http: gh's token for ghe.example.test would be sent unencrypted.");
  });

  it('checks the flags before looking for a token: a malformed --github-repo is named first', async () => {
    const r = await run(['admins', 'list', '--github-repo', 'foo', ...api()], null);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Error: GitHub repository "foo" must look like owner/name.');
    expect(r.stderr).not.toContain('GITHUB_TOKEN');
  });

  it('list: primary admins and the admins of the default branch', async () => {
    const r = await run(['admins', 'list', ...api()]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Admins of ${SLUG}:`);
    expect(r.stdout).toContain('owner@example.com (primary)');
    expect(r.stdout).toMatch(/^ {2}bob$/m);
    expect(r.stdout).toContain('Signed in as owner@example.com (admin).');
  });

  it("a bad token: 'Invalid GitHub token', exit 1", async () => {
    const r = await run(['admins', 'list', ...api()], 'nope');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Error: Invalid GitHub token');
    expect(r.stderr).not.toContain('nope');
  });

  it('add: proposes the new list on leaderboard-updates and prints the pull request URL', async () => {
    const r = await run(['admins', 'add', 'carol@example.com', ...api()]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('Note:');
    const pulls = gh.pulls(SLUG);
    expect(pulls).toHaveLength(1);
    expect(r.stdout).toContain(`Pull request: ${pulls[0]?.htmlUrl}`);
    expect(adminList(UPDATE_BRANCH)?.admins).toEqual(['bob', 'carol@example.com']);
    expect(adminList('main')?.admins).toEqual(['bob']);
    expect(gh.commits(SLUG, UPDATE_BRANCH)[0]?.message).toBe('Update admin list (by owner)');
  });

  it('remove: a listed admin; the reset emptied the open pull request, which GitHub closes, so another proposes it', async () => {
    const r = await run(['admins', 'remove', 'BOB', ...api()]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(gh.pulls(SLUG).map((p) => p.state)).toEqual(['closed', 'open']);
    expect(r.stdout).toContain(`Pull request: ${gh.pulls(SLUG)[1]?.htmlUrl}`);
    expect(adminList(UPDATE_BRANCH)?.admins).toEqual([]);
    // The spec's reset drops the proposal not merged yet (carol): said, with the command to keep it.
    expect(r.stdout).toContain('Note: the pull request proposed adding carol@example.com, not merged yet; this change starts again from the default branch\'s list and replaces it. To keep it, run: leaderboard admins add "carol@example.com"');
  });

  it("refuses a duplicate, an empty entry and a primary admin with the spec's messages (exit 2)", async () => {
    const dup = await run(['admins', 'add', 'Owner@Example.com', ...api()]);
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain('This email/username is already an admin');
    const empty = await run(['admins', 'add', '  ', ...api()]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('Please enter an email address or GitHub username');
    const primary = await run(['admins', 'remove', 'owner', ...api()]);
    expect(primary.code).toBe(2);
    expect(primary.stderr).toContain('Primary admins cannot be removed');
  });

  it('refuses a caller who is not an admin with the Access Denied message', async () => {
    const before = gh.commits(SLUG, UPDATE_BRANCH).length;
    const r = await run(['admins', 'add', 'mallory', ...api()], 'tok-mallory');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Access Denied: mallory@example.com is not authorized. Contact owner@example.com for access.');
    expect(gh.commits(SLUG, UPDATE_BRANCH)).toHaveLength(before);
  });

  it('a listed admin (bob, on the default branch) may add', async () => {
    const r = await run(['admins', 'add', 'dave', ...api()], 'tok-bob');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(adminList(UPDATE_BRANCH)?.admins).toEqual(['bob', 'dave']);
  });

  it('--github-repo overrides the config and works outside a git repository', async () => {
    gh.addRepo({ owner: 'other', name: 'place', files: { [ADMIN_LIST_PATH]: JSON.stringify({ admins: ['zoe'] }) } });
    const outside = await tempDir('lb-admins-');
    const r = await run(['admins', 'list', '--github-repo', 'other/place', ...api()], 'tok-owner', outside);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Admins of other/place:');
    expect(r.stdout).toMatch(/^ {2}zoe$/m);
  });

  it('refuses a GITHUB_TOKEN with a line break inside without printing it', async () => {
    const r = await run(['admins', 'list', ...api()], 'ghp_SECRET1234567890\nsecond');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('GITHUB_TOKEN is not a single GitHub token');
    expect(r.stdout + r.stderr).not.toContain('SECRET');
  });

  it('names a repository GitHub does not know, for list and add, instead of an empty list or a bare 404', async () => {
    const outside = await tempDir('lb-admins-typo-');
    for (const args of [['list'], ['add', 'zed']]) {
      const r = await run(['admins', ...args, '--github-repo', 'acme/nothere', ...api()], 'tok-owner', outside);
      expect(r.code, r.stdout).toBe(1);
      expect(r.stderr).toContain('GitHub repository acme/nothere was not found, or the token cannot see it.');
      expect(r.stderr).toContain('Hint: Check --github-repo');
    }
  });

  it('a GitHub refusal is reported with its HTTP status (exit 1)', async () => {
    gh.fault({ method: 'GET', path: '/contents/', status: 403, message: 'Resource not accessible by personal access token' });
    const r = await run(['admins', 'list', ...api()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 403');
    expect(r.stderr).toContain('Resource not accessible by personal access token');
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it('without a configured repository: NO_GITHUB_REPO saying what to configure (exit 2)', async () => {
    const bare = await newRepo();
    const r = await run(['admins', 'list', ...api()], 'tok-owner', bare.dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('No GitHub repository configured for admin features.');
    expect(r.stderr).toContain('--github-repo');
  });

  it('GITHUB_API_URL is used when --github-api-url is absent', async () => {
    const r = await runCliAsync(['admins', 'list'], { cwd: repo.dir, env: { ...gitIsolationVars(), GITHUB_TOKEN: 'tok-owner', GITHUB_API_URL: gh.url } });
    expect(r.code).toBe(0);
  });

  it('never sends GITHUB_TOKEN to an API only leaderboard.config.json names (the repository\'s, cloned from anyone)', async () => {
    const own = await newRepo();
    await own.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', date: '2025-01-08T10:00:00Z' });
    // 127.0.0.2: not this machine's usual name, so the config's word is not enough; nothing listens there.
    await own.writeFile('leaderboard.config.json', JSON.stringify({ github: { repo: SLUG, apiUrl: 'http://127.0.0.2:9/api/v3' } }));
    const r = await run(['admins', 'list'], 'tok-owner', own.dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Error: leaderboard.config.json's github.apiUrl http://127.0.0.2:9/api/v3 would get your GITHUB_TOKEN.");
    expect(r.stderr).toContain('Hint: If you trust that server, name it yourself: --github-api-url URL, or GITHUB_API_URL');
    const viaGhToken = await runCliAsync(['admins', 'list'], { cwd: own.dir, env: { ...gitIsolationVars(), GITHUB_TOKEN: '', GH_TOKEN: 'tok-owner', GITHUB_API_URL: '' } });
    expect(viaGhToken.stderr).toContain("Error: leaderboard.config.json's github.apiUrl http://127.0.0.2:9/api/v3 would get your GH_TOKEN.");
    // Named by the user, it is used (here the emulator).
    expect((await run(['admins', 'list', ...api()], 'tok-owner', own.dir)).code).toBe(0);
  });
});

describe('leaderboard contributor add', () => {
  it('adds a new contributor with an initial score (no token needed)', () => {
    const r = cli(repo.dir, ['contributor', 'add', 'Grace Hopper', '--score', '40', '--notes', 'Keynote', '--email', 'grace@example.com', '--start', '2025-01-01', '--end', '2025-01-31'], { GITHUB_TOKEN: '' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Added contributor Grace Hopper with 40 points.');
    const manual = readJson<{ contributors: Record<string, { email?: string; contributions: { score: number; notes: string }[] }> }>(dataFiles(path.join(repo.dir, '.leaderboard')).manual);
    expect(manual.contributors['Grace Hopper']).toMatchObject({ email: 'grace@example.com', contributions: [{ score: 40, notes: 'Keynote' }] });
  });

  // The page's message names its "Add Contribution" button; the command line's names its command.
  it('refuses an existing name as a usage error (exit 2) naming add-contribution', () => {
    const r = cli(repo.dir, ['contributor', 'add', 'Grace Hopper', '--score', '5']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('Error: Contributor "Grace Hopper" already exists.\nHint: Add to their score with `leaderboard add-contribution "Grace Hopper" --score N`.\n');
  });

  it("refuses an empty name and a score that is not above 0 with the spec's messages, writing nothing", async () => {
    const fresh = await newRepo();
    await fresh.commit({ files: { 'a.ts': 'a\n' } });
    const noName = cli(fresh.dir, ['contributor', 'add', '  ', '--score', '5']);
    expect(noName.code).toBe(2);
    expect(noName.stderr).toContain('Contributor name is required');
    for (const score of ['0', '-3']) {
      const r = cli(fresh.dir, ['contributor', 'add', 'Ada', `--score=${score}`]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('Initial contribution score must be greater than 0');
    }
    const notNumber = cli(fresh.dir, ['contributor', 'add', 'Ada', '--score', '2.5']);
    expect(notNumber.code).toBe(2);
    expect(notNumber.stderr).toContain('Initial contribution score must be a whole number greater than 0');
    expect(existsSync(path.join(fresh.dir, '.leaderboard'))).toBe(false);
  });
});
