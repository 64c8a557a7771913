/**
 * `leaderboard serve` in a repository whose leaderboard.config.json alone names a GitHub API
 * server that is neither api.github.com nor this machine: the config is the repository's, cloned
 * from anyone, so the token an admin signs in with on the page is not sent there.
 */
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../src/shared/api.js';
import { startServe, type ServeProcess } from '../support/cli.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';

// .invalid never resolves (RFC 6761): nothing could answer even if the token were sent.
const FOREIGN_API = 'https://github.invalid/api/v3';
const HELD_BACK = `Admin sign-in is off: leaderboard.config.json's github.apiUrl ${FOREIGN_API} would get the token you sign in with. `
  + 'If you trust that server, name it yourself: start leaderboard serve with --github-api-url URL, or with GITHUB_API_URL set.';

let repo: TestRepo;
let serve: ServeProcess;

beforeAll(async () => {
  Object.assign(process.env, gitIsolationVars());
  repo = await createTestRepo();
  await repo.commit({ files: { 'a.ts': 'export const a = 1;\n' }, message: 'feat: a', date: new Date(Date.now() - 3 * 86_400_000).toISOString() });
  await writeFile(`${repo.dir}/leaderboard.config.json`, JSON.stringify({ github: { repo: 'acme/widgets', apiUrl: FOREIGN_API }, primaryAdmins: { login: 'alice' } }));
  serve = await startServe([], { cwd: repo.dir, env: { ...gitIsolationVars(), GITHUB_API_URL: '', GITHUB_TOKEN: '', GH_TOKEN: '' } });
});
afterAll(async () => {
  await serve?.stop();
  await repo?.cleanup();
});

it('says at start that admin sign-in is off, and why', () => {
  expect(serve.output()).toContain(HELD_BACK);
  expect(serve.output()).not.toContain('Admin sign-in: GitHub repository');
});

it('refuses a sign-in before the token leaves, saying how to name the server', async () => {
  const res = await fetch(`${serve.url}api/session`, { headers: { Authorization: 'Bearer ghp_admin_token_typed_on_the_page_1234' } });
  expect(res.status).toBe(503);
  expect(errorEnvelopeSchema.parse(await res.json()).error).toEqual({ code: 'NO_GITHUB_REPO', message: HELD_BACK });
});
