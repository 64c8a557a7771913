import { describe, expect, it } from 'vitest';
import type { ContributorsMap } from '../../../web/src/admin/contributions.js';
import { createGitHubBackend } from '../../../web/src/admin/github/index.js';
import { MANUAL, OWNER_TOKEN, SLUG, config, useEmulator } from './setup.js';

const env = useEmulator();
const BRANCH = 'leaderboard-contributions';
const paper = { score: 20, notes: 'conference paper', start_date: null, end_date: null };
const withPaper = (map: ContributorsMap): ContributorsMap => ({ ...map, Alice: { ...map.Alice!, contributions: [...map.Alice!.contributions, paper] } });
const aliceNotes = () => {
  const file = JSON.parse(env.gh.fileContent(SLUG, BRANCH, MANUAL) ?? 'null') as { contributors: ContributorsMap };
  return file.contributors.Alice?.contributions.map((c) => c.notes) ?? [];
};

describe('a save whose first try failed after GitHub took its commit', () => {
  it('opening the pull request fails: reported saved, with a notice naming what failed; the next save opens it', async () => {
    const backend = env.backend();
    const read = await backend.manualContributions(OWNER_TOKEN);
    // The first POST /pulls is the token's permission probe; the second opens the pull request.
    env.gh.fault({ method: 'POST', path: '/pulls', drop: true, times: 2 });
    const first = await backend.saveManualContributions(OWNER_TOKEN, withPaper(read.contributors), read, 'Add a contribution to Alice');
    expect(first.pullRequest).toBeNull();
    expect(first.pending).toBeNull();
    expect(first.message).toBe(`Saved the manual contributions of 2 contributors on branch ${BRANCH}; they appear on the board once a pull request of it is merged.`);
    expect(first.notice).toBe(`Opening the pull request of branch ${BRANCH} failed: Could not reach GitHub (network error). The next save opens it, or open it on GitHub from that branch.`);
    expect(aliceNotes()).toEqual(['talk', 'conference paper']);
    expect(env.gh.pulls(SLUG)).toEqual([]);

    // Pressed again with the same read (the change is already on the branch): applied once, no empty commit.
    const second = await backend.saveManualContributions(OWNER_TOKEN, withPaper(read.contributors), read, 'Add a contribution to Alice');
    expect(aliceNotes()).toEqual(['talk', 'conference paper']);
    expect(second.notice).toBe(`${MANUAL} already held this change (someone else made it, or an earlier try of it reached GitHub), so it was not made twice.`);
    expect(second.pullRequest?.number).toBe(1);
    expect(env.gh.commits(SLUG, BRANCH).map((c) => c.message).slice(0, 2)).toEqual(['Add a contribution to Alice (by owner)', 'Initial commit']);
  });

  it('the write\'s answer is lost (connection reset), then the same change is saved again from the same read: applied once', async () => {
    let lose = true;
    const flaky: typeof fetch = async (input, init) => {
      const res = await globalThis.fetch(input, init);
      if (lose && init?.method === 'PUT' && String(input).includes('/contents/')) {
        lose = false;
        await res.text();
        throw new TypeError('Failed to fetch');
      }
      return res;
    };
    const backend = createGitHubBackend(config(env.gh.url), { pollMs: 5, fetch: flaky });
    const read = await backend.manualContributions(OWNER_TOKEN);
    await expect(backend.saveManualContributions(OWNER_TOKEN, withPaper(read.contributors), read, 'Add a contribution to Alice')).rejects.toThrow('Could not reach GitHub (network error).');
    const again = await backend.saveManualContributions(OWNER_TOKEN, withPaper(read.contributors), read, 'Add a contribution to Alice');
    expect(aliceNotes()).toEqual(['talk', 'conference paper']);
    expect(again.contributors.Alice?.contributions.map((c) => c.notes)).toEqual(['talk', 'conference paper']);
    expect(again.pullRequest?.number).toBe(1);
  });
});
