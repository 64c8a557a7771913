import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubBackend } from '../../../web/src/admin/github/index.js';
import { startGitHubEmulator, type GitHubEmulator } from '../../support/github-emulator.js';
import { config, MANUAL, MANUAL_FILE, SLUG } from './setup.js';

let gh: GitHubEmulator | undefined;
afterEach(async () => {
  expect(gh?.validationErrors).toEqual([]);
  await gh?.close();
});

describe('GitHub back end on GitHub Enterprise Server (the API under /api/v3)', () => {
  it('signs in, saves on the contributions branch and opens the pull request, every request under the prefix', async () => {
    gh = await startGitHubEmulator({ pathPrefix: '/api/v3' });
    gh.addUser({ login: 'owner', token: 'ghp_ghes_secret_token', scopes: ['repo', 'user:email'] });
    gh.addRepo({ owner: 'acme', name: 'board', files: { [MANUAL]: MANUAL_FILE, 'admin-list.json': '{"admins":[]}\n' } });
    expect(gh.url).toMatch(/\/api\/v3$/);
    const backend = createGitHubBackend(config(gh.url), { pollMs: 5 });

    expect(await backend.session('ghp_ghes_secret_token')).toMatchObject({ authorized: true, repository: SLUG });
    const read = await backend.manualContributions('ghp_ghes_secret_token');
    const next = { ...read.contributors, Dana: { contributions: [{ score: 7, notes: 'meetup', start_date: null, end_date: null }] } };
    const saved = await backend.saveManualContributions('ghp_ghes_secret_token', next, read, 'Added contributor Dana');
    expect(saved.pullRequest?.number).toBe(1);
    expect(gh.commits(SLUG, 'leaderboard-contributions')[0]?.message).toBe('Added contributor Dana (by owner)');
    // The emulator answers 404 outside the prefix, so every request that succeeded was under it.
    expect(gh.requests.filter((r) => r.path.startsWith('/outside-the-api-prefix'))).toEqual([]);
  });
});
