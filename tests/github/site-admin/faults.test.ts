import { describe, expect, it } from 'vitest';
import { AdminApiError } from '../../../web/src/admin/api.js';
import { MANUAL, OWNER_TOKEN, SLUG, rejection, useEmulator } from './setup.js';

const env = useEmulator();
const talk = { score: 3, notes: 'meetup', start_date: null, end_date: null };

/** One save of a new contributor, as the panel makes it. */
async function addDana() {
  const backend = env.backend();
  const read = await backend.manualContributions(OWNER_TOKEN);
  return backend.saveManualContributions(OWNER_TOKEN, { ...read.contributors, Dana: { contributions: [talk] } }, read, 'Added contributor Dana');
}

describe('GitHub back end: faults', () => {
  it('a secondary rate limit with Retry-After is waited out and the request made again', async () => {
    env.gh.fault({ method: 'PUT', path: `/contents/${MANUAL}`, status: 403, message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', headers: { 'retry-after': '1' } });
    const started = Date.now();
    const saved = await addDana();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(saved.contributors.Dana).toBeDefined();
    expect(env.gh.requests.filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual([403, 200]);
  });

  it('a primary limit that resets in an hour is reported with GitHub\'s words, nothing written', async () => {
    const reset = String(Math.floor(Date.now() / 1000) + 3600);
    env.gh.fault({ method: 'PUT', path: `/contents/${MANUAL}`, status: 403, message: 'API rate limit exceeded for user ID 1.', headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset } });
    const err = await rejection(addDana());
    expect(err).toMatchObject({ status: 403, message: 'GitHub answered 403: API rate limit exceeded for user ID 1.' });
    expect(env.gh.fileContent(SLUG, 'leaderboard-contributions', MANUAL)).not.toContain('Dana');
  });

  it('401, 404, a 422 (after the commit: a notice) and the network down each read as what went wrong', async () => {
    expect(await rejection(env.backend().session('ghp_expired_secret_token'))).toMatchObject({ status: 401, message: 'Invalid GitHub token' });
    env.gh.fault({ method: 'GET', path: /^\/repos\/acme\/board$/, status: 404, message: 'Not Found' });
    expect(await rejection(addDana())).toMatchObject({ status: 404, message: 'GitHub answered 404: Not Found' });
    // Twice: the token's permission probe (which takes a 422 as allowed), then the pull request itself.
    env.gh.fault({ method: 'POST', path: '/pulls', times: 2, status: 422, message: 'Validation Failed', body: { message: 'Validation Failed', errors: [{ resource: 'PullRequest', code: 'custom', message: 'Pull requests are disabled' }], documentation_url: 'https://docs.github.com/rest' } });
    // The commit was made before the pull request failed: saved, and the notice says what failed.
    expect(await addDana()).toMatchObject({
      pullRequest: null,
      notice: 'Opening the pull request of branch leaderboard-contributions failed: GitHub answered 422: Validation Failed: Pull requests are disabled. The next save opens it, or open it on GitHub from that branch.',
    });
    env.gh.fault({ path: '/user', drop: true });
    const down = await rejection(env.backend().session(OWNER_TOKEN));
    expect(down).toBeInstanceOf(AdminApiError);
    expect(down).toMatchObject({ status: 0, message: 'Could not reach GitHub (network error).' });
    // The token is in no message.
    for (const e of [down]) expect(e.message).not.toContain('secret_token');
  });
});
