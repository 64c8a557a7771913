/**
 * `leaderboard serve --no-refresh` on a data directory made elsewhere: only the refreshing is
 * skipped. The repository (--repo, else the current directory) and its leaderboard.config.json
 * still apply, so the admin features work; only without any repository does the data directory
 * stand alone.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualEtag } from '../../src/core/manual-service.js';
import { sessionResponseSchema } from '../../src/shared/admin-api.js';
import { errorEnvelopeSchema } from '../../src/shared/api.js';
import { cli, tempResources } from '../cli/helpers.js';
import { runCli, startServe, type ServeProcess } from '../support/cli.js';
import { gitIsolationVars, type TestRepo } from '../support/git-repo.js';
import { startGitHubEmulator, type GitHubEmulator } from '../support/github-emulator.js';

const ALICE = 'ghp_alice_primary_admin_token_12345';
const EVE = 'ghp_eve_outsider_token_1234567890ab';
const recent = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
const { newRepo, tempDir } = tempResources();

let gh: GitHubEmulator;
let repo: TestRepo;
let dataDir: string;
let elsewhere: string;
let port: number;
// GITHUB_API_URL stays empty: the API URL must come from the repository's config.
const env = () => ({ ...gitIsolationVars(), GITHUB_API_URL: '' });
const servers: ServeProcess[] = [];
const serve = async (args: string[], cwd: string, configuredPort = false) => {
  const s = await startServe(args, { cwd, env: env(), configuredPort });
  servers.push(s);
  return s;
};
const stop = async (s: ServeProcess) => {
  await s.stop();
  servers.splice(servers.indexOf(s), 1);
};

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: p } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return p;
}

beforeAll(async () => {
  gh = await startGitHubEmulator();
  gh.addRepo({ owner: 'acme', name: 'widgets', files: { 'admin-list.json': '{"admins":[]}\n' } });
  gh.addUser({ login: 'alice', token: ALICE, emails: [{ email: 'alice@example.com', primary: true, verified: true, visibility: 'private' }] });
  gh.addUser({ login: 'eve', token: EVE, emails: [{ email: 'eve@example.com', primary: true, verified: true, visibility: null }] });
  repo = await newRepo();
  await repo.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', author: { name: 'Ada', email: 'ada@example.com' }, date: recent(3) });
  port = await freePort();
  await repo.writeFile('leaderboard.config.json', JSON.stringify({
    github: { repo: 'acme/widgets', apiUrl: gh.url },
    primaryAdmins: { email: 'alice@example.com' },
    serve: { port },
  }));
  // The data directory is made elsewhere (by CI, by another machine): here, by a refresh into it.
  dataDir = path.join(await tempDir('lb-no-refresh-data-'), 'board');
  expect(cli(repo.dir, ['refresh', '--data-dir', dataDir]).code).toBe(0);
  // A commit after it: served without refreshing, it must not show.
  await repo.commit({ files: { 'b.ts': 'export const b = 2;\n' }, message: 'feat: b', author: { name: 'Late Larry', email: 'larry@example.com' }, date: recent(1) });
  elsewhere = await tempDir('lb-no-refresh-cwd-');
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await gh?.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('serve --repo R --data-dir D --no-refresh', () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await serve(['--repo', repo.dir, '--data-dir', dataDir, '--no-refresh'], elsewhere);
  });
  afterAll(async () => stop(server));

  it('reads the repository\'s config: GitHub repository, API URL and primary admins', () => {
    expect(server.output()).toContain('Admin sign-in: GitHub repository acme/widgets (primary admins: alice@example.com)');
    expect(server.output()).not.toContain('No git repository');
    expect(server.output()).not.toContain('Analysing');
  });

  it('refuses a request without a token (401) and a non-admin (403)', async () => {
    const none = await fetch(`${server.url}api/manual-contributions`);
    expect(none.status).toBe(401);
    const eve = await fetch(`${server.url}api/manual-contributions`, { headers: auth(EVE) });
    expect(eve.status).toBe(403);
  });

  it('says in the session that it does not refresh, and refuses Pull & Refresh saying how to get it', async () => {
    const session = sessionResponseSchema.parse(await (await fetch(`${server.url}api/session`, { headers: auth(ALICE) })).json());
    expect(session).toMatchObject({ authorized: true, repository: 'acme/widgets', refreshes: false });
    const res = await fetch(`${server.url}api/pull-and-refresh`, { method: 'POST', headers: { ...auth(ALICE), 'Content-Type': 'application/json' } });
    expect(res.status).toBe(503);
    const { error } = errorEnvelopeSchema.parse(await res.json());
    expect(error.code).toBe('NO_REFRESH');
    expect(error.message).toContain('restart it without --no-refresh');
    expect(error.message).toContain('leaderboard refresh --pull');
  });

  it('saves an admin\'s manual contribution into the served data, without refreshing', async () => {
    const res = await fetch(`${server.url}api/update-manual-contributions`, {
      method: 'POST',
      headers: { ...auth(ALICE), 'Content-Type': 'application/json', 'If-Match': manualEtag(null) },
      body: JSON.stringify({ contributors: { 'Grace Hopper': { contributions: [{ score: 40, notes: 'Talk' }] } } }),
    });
    expect(res.status).toBe(200);
    const data = await (await fetch(`${server.url}leaderboard-data.json`)).json() as { metadata: { repository: string } };
    const text = JSON.stringify(data);
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('Ada');
    expect(text).not.toContain('Late Larry');
    // The rebuild names the repository the data was made from, not the directory the server runs in.
    expect(data.metadata.repository).toBe(path.basename(repo.dir));
  });
});

describe('serve --no-refresh inside the repository', () => {
  it('uses the configured port and the config of the current directory\'s repository', async () => {
    const server = await serve(['--data-dir', dataDir, '--no-refresh'], repo.dir, true);
    expect(server.output()).toContain('Admin sign-in: GitHub repository acme/widgets');
    expect(new URL(server.url).port).toBe(String(port));
    const eve = await fetch(`${server.url}api/session`, { headers: auth(EVE) });
    expect(((await eve.json()) as { authorized: boolean }).authorized).toBe(false);
    await stop(server);
  });
});

describe('serve --no-refresh without any repository', () => {
  it('serves the data directory alone and says what is off', async () => {
    const server = await serve(['--data-dir', dataDir, '--no-refresh'], elsewhere);
    expect(server.output()).toContain(`No git repository in ${elsewhere}: serving the data directory ${dataDir} as it is (no refresh, no Pull & Refresh).`);
    expect(server.output()).toContain('Admin features off: no GitHub repository');
    expect((await fetch(`${server.url}leaderboard-data.json`)).status).toBe(200);
    expect((await fetch(`${server.url}api/manual-contributions`, { headers: auth(ALICE) })).status).toBe(503);
    await stop(server);
  });

  it('turns the admin features on with --github-repo', async () => {
    const server = await startServe(['--data-dir', dataDir, '--no-refresh', '--github-repo', 'acme/widgets'], { cwd: elsewhere, env: { ...env(), GITHUB_API_URL: gh.url } });
    servers.push(server);
    expect(server.output()).toContain('Admin sign-in: GitHub repository acme/widgets');
    expect((await fetch(`${server.url}api/manual-contributions`, { headers: auth(EVE) })).status).toBe(403);
    await stop(server);
  });

  it('is an error when --repo names no repository, and --since/--all go with refreshing', () => {
    const missing = runCli(['serve', '--no-open', '--port', '0', '--repo', path.join(elsewhere, 'nope'), '--data-dir', dataDir, '--no-refresh'], { cwd: elsewhere, env: env() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('is not a git repository (the path does not exist)');
    const nothing = runCli(['serve', '--no-open', '--port', '0', '--no-refresh'], { cwd: elsewhere, env: env() });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('pass --data-dir DIR to serve a data directory alone');
    const all = runCli(['serve', '--no-open', '--port', '0', '--repo', repo.dir, '--data-dir', dataDir, '--no-refresh', '--all'], { cwd: elsewhere, env: env() });
    expect(all.code).toBe(2);
    expect(all.stderr).toContain('--since and --all set the window of the refreshes, and --no-refresh turns them off.');
  });

  it('refuses a data directory that does not exist instead of making it and serving nothing', () => {
    for (const [cwd, extra] of [[elsewhere, []], [repo.dir, ['--repo', repo.dir]]] as const) {
      const typo = path.join(elsewhere, 'boadr');
      const r = runCli(['serve', '--no-open', '--port', '0', '--data-dir', typo, '--no-refresh', ...extra], { cwd, env: env() });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`There is no data directory at ${typo}, and --no-refresh serves one as it is.`);
      expect(existsSync(typo)).toBe(false);
    }
  });
});
