import { describe, expect, it } from 'vitest';
import type { RefreshProgress } from '../../../web/src/admin/backend.js';
import { createGitHubBackend } from '../../../web/src/admin/github/index.js';
import { startGitHubEmulator } from '../../support/github-emulator.js';
import { MANUAL, OWNER_TOKEN, SLUG, acceptedWrites, config, rejection, useEmulator } from './setup.js';

const env = useEmulator();
const owner = (token: string, extra: object) => env.addUser({ login: 'owner', token, ...extra });

describe('GitHub back end: token scopes, before any write', () => {
  it('a classic token without repo: the message names it, and no write is attempted', async () => {
    owner('ghp_classic_secret_token', { scopes: ['public_repo', 'user:email'] });
    const backend = env.backend();
    const read = await backend.manualContributions('ghp_classic_secret_token');
    const err = await rejection(backend.saveManualContributions('ghp_classic_secret_token', {}, read, 'Delete everything'));
    expect(err).toMatchObject({ status: 403, code: 'MISSING_SCOPE', message: expect.stringMatching(/^This token lacks the repo scope, which changes to acme\/board need\. Create a classic token with the repo scope/) });
    expect(await rejection(backend.saveAdmins('ghp_classic_secret_token', { add: ['x'] }))).toMatchObject({ code: 'MISSING_SCOPE' });
    expect(await rejection(backend.pullAndRefresh('ghp_classic_secret_token', () => undefined))).toMatchObject({ code: 'MISSING_SCOPE' });
    expect(env.gh.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('a classic token with repo may write', async () => {
    owner('ghp_classic_secret_token', { scopes: ['repo', 'user:email'] });
    const backend = env.backend();
    const read = await backend.manualContributions('ghp_classic_secret_token');
    await backend.saveManualContributions('ghp_classic_secret_token', read.contributors, read, 'Touch');
    expect(acceptedWrites(env.gh).length).toBeGreaterThan(0);
  });

  it('a fine-grained token without Pull requests (write): named, probes only, nothing changed; the result is kept for the session', async () => {
    owner('github_pat_fine_secret_token', { fineGrained: { contents: 'write', pull_requests: 'read', actions: 'write' } });
    const backend = env.backend();
    const before = env.gh.branches(SLUG);
    const read = await backend.manualContributions('github_pat_fine_secret_token');
    const err = await rejection(backend.saveManualContributions('github_pat_fine_secret_token', {}, read, 'Delete everything'));
    expect(err).toMatchObject({
      status: 403, code: 'MISSING_SCOPE',
      message: 'This token cannot make changes: it lacks Pull requests (write). Create a fine-grained token with Contents, Pull requests and Actions set to Read and write for acme/board, or a classic token with the repo scope.',
    });
    expect(acceptedWrites(env.gh)).toEqual([]);
    expect(env.gh.branches(SLUG)).toEqual(before);
    expect(env.gh.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /repos/acme/board/git/refs 422', 'POST /repos/acme/board/pulls 403', 'POST /repos/acme/board/actions/workflows/leaderboard.yml/dispatches 422',
    ]);
    // Refresh needs only Actions: allowed, without probing again.
    const outcome = await backend.pullAndRefresh('github_pat_fine_secret_token', () => undefined);
    expect(outcome.success).toBe(true);
    expect(env.gh.requests.filter((r) => r.method === 'POST')).toHaveLength(4);
  });

  it('a fine-grained token without Pull requests at all: reading the panel names it', async () => {
    owner('github_pat_nopulls_secret_token', { fineGrained: { contents: 'write', actions: 'write' } });
    const backend = env.backend();
    const err = await rejection(backend.manualContributions('github_pat_nopulls_secret_token'));
    expect(err).toMatchObject({
      status: 403, code: 'MISSING_SCOPE',
      message: expect.stringMatching(/^This token cannot read the pull requests of acme\/board: it lacks Pull requests \(read\)/) as unknown,
    });
    expect(await rejection(backend.aiOverrides('github_pat_nopulls_secret_token'))).toMatchObject({ code: 'MISSING_SCOPE' });
  });

  it('a fine-grained read-only token lacks all three', async () => {
    owner('github_pat_ro_secret_token', { fineGrained: { contents: 'read', pull_requests: 'read', actions: 'read' } });
    const err = await rejection(env.backend().saveAdmins('github_pat_ro_secret_token', { add: ['x'] }));
    expect(err.message).toMatch(/^This token cannot make changes: it lacks Contents \(write\), Pull requests \(write\), Actions \(write\)\./);
    expect(acceptedWrites(env.gh)).toEqual([]);
    expect(env.gh.fileContent(SLUG, 'main', MANUAL)).not.toBeNull();
  });
});

describe('GitHub back end: Pull & Refresh', () => {
  it('dispatches the workflow on the default branch and follows its run to success, reporting each status', async () => {
    const progress: RefreshProgress[] = [];
    const completed: number[] = [];
    env.gh.onRunCompleted((run) => { completed.push(run.id); });
    const outcome = await env.backend().pullAndRefresh(OWNER_TOKEN, (p) => progress.push(p));
    const [run] = env.gh.runs(SLUG);
    expect(run).toMatchObject({ workflow: 'leaderboard.yml', branch: 'main', event: 'workflow_dispatch', status: 'completed', conclusion: 'success' });
    expect(progress).toEqual([
      { status: 'queued', url: run?.htmlUrl }, { status: 'in_progress', url: run?.htmlUrl }, { status: 'completed', url: run?.htmlUrl },
    ]);
    expect(outcome).toEqual({ success: true, latestCommit: env.gh.branches(SLUG).main, url: run?.htmlUrl });
    expect(completed).toEqual([run?.id]);
  });

  it('a failed run: success false, the error for "Failed to refresh: {error}" and the run\'s link', async () => {
    env.gh.scriptRuns(['queued', 'queued', 'in_progress', 'completed:failure']);
    const progress: string[] = [];
    const outcome = await env.backend().pullAndRefresh(OWNER_TOKEN, (p) => progress.push(p.status));
    expect(progress).toEqual(['queued', 'in_progress', 'completed']);
    expect(outcome).toMatchObject({ success: false, error: 'the workflow run ended: failure', url: env.gh.runs(SLUG)[0]?.htmlUrl });
  });

  it('network blips while polling are retried', async () => {
    env.gh.fault({ method: 'GET', path: /\/actions\/runs\/\d+$/, drop: true, times: 2 });
    const outcome = await env.backend().pullAndRefresh(OWNER_TOKEN, () => undefined);
    expect(outcome.success).toBe(true);
    expect(env.gh.requests.filter((r) => r.status === 'dropped')).toHaveLength(2);
  });

  it.each([
    { server: 'a server that answers the dispatch with 204', dispatchRunDetails: false, dispatches: [422, 204] },
    // GitHub Enterprise Server refuses return_run_details (422): dispatched again without it.
    { server: 'GitHub Enterprise Server refusing return_run_details', dispatchRunDetails: 'refused' as const, dispatches: [422, 422, 204] },
  ])('$server: the run is found in the workflow\'s runs', async ({ dispatchRunDetails, dispatches }) => {
    await env.gh.close();
    const gh = await startGitHubEmulator({ dispatchRunDetails });
    gh.addUser({ login: 'owner', token: OWNER_TOKEN });
    gh.addRepo({ owner: 'acme', name: 'board', workflows: ['leaderboard.yml'] });
    env.gh = gh;
    const outcome = await createGitHubBackend(config(gh.url), { pollMs: 5 }).pullAndRefresh(OWNER_TOKEN, () => undefined);
    expect(outcome.success).toBe(true);
    // The permission probe (422, a ref that does not exist), then the dispatch itself.
    expect(gh.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/dispatches')).map((r) => r.status)).toEqual(dispatches);
    expect(gh.runs('acme/board')).toHaveLength(1);
    expect(gh.requests.some((r) => r.path.endsWith('/actions/workflows/leaderboard.yml/runs'))).toBe(true);
  });

  it('stops asking GitHub once the panel lets go of the run (aborted)', async () => {
    env.gh.scriptRuns(Array.from({ length: 50 }, () => 'in_progress'));
    const controller = new AbortController();
    const outcome = await env.backend().pullAndRefresh(OWNER_TOKEN, () => controller.abort(), controller.signal);
    expect(outcome).toMatchObject({ success: false, error: 'no longer followed' });
    const polls = () => env.gh.requests.filter((r) => /\/actions\/runs\/\d+$/.test(r.path)).length;
    const seen = polls();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(polls()).toBe(seen);
    expect(seen).toBe(1);
  });

  it('no such workflow (renamed, or never pushed): the message names the file, the repository, the branch and the fix', async () => {
    const err = await rejection(env.backend({ workflow: 'missing.yml' }).pullAndRefresh(OWNER_TOKEN, () => undefined));
    expect(err).toMatchObject({
      status: 404,
      message: 'acme/board has no workflow .github/workflows/missing.yml on main (GitHub answered 404), so the board cannot be rebuilt from here. '
        + 'Run `leaderboard init github-actions` in a clone of the repository, then commit and push .github/workflows/missing.yml to main.',
    });
  });
});
