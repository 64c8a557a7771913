import { describe, expect, it } from 'vitest';
import { LeaderboardError } from '../../src/core/errors.js';
import { toGitHubError } from '../../src/core/github/client.js';

const API = 'https://api.github.com';
/** An error shaped like Octokit's RequestError. */
const httpError = (status: number, message = 'boom') => Object.assign(new Error(message), { status, response: { status } });

describe('toGitHubError (spec section 8)', () => {
  it('says "Invalid GitHub token" for a refused token', () => {
    expect(toGitHubError(httpError(401, 'Bad credentials'), API)).toMatchObject({ code: 'INVALID_TOKEN', message: 'Invalid GitHub token', status: 401 });
  });

  it('says "Not modified" for a 304', () => {
    expect(toGitHubError(httpError(304), API)).toMatchObject({ message: 'Not modified', status: 304 });
  });

  it('reports a network failure as status 500 naming the API', () => {
    const err = toGitHubError(Object.assign(new Error('connect ECONNREFUSED'), { status: 500 }), API);
    expect(err).toMatchObject({ code: 'GITHUB_ERROR', status: 500 });
    expect(err.message).toBe(`Cannot reach GitHub at ${API}: connect ECONNREFUSED`);
  });

  it('keeps the status of other failures', () => {
    expect(toGitHubError(httpError(422, 'Validation Failed'), API)).toMatchObject({ status: 422, message: 'GitHub request failed (HTTP 422): Validation Failed' });
    expect(toGitHubError(httpError(403, 'rate limit'), API).status).toBe(403);
  });

  it('passes a LeaderboardError through and never puts a token in the message', () => {
    const own = new LeaderboardError('NOT_FOUND', 'x');
    expect(toGitHubError(own, API)).toBe(own);
    expect(toGitHubError(httpError(404, 'Not Found'), API).message).not.toMatch(/tok|ghp_/);
  });
});
