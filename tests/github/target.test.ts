import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFileSchema, defaultConfig } from '../../src/core/config.js';
import { LeaderboardError } from '../../src/core/errors.js';
import { DEFAULT_GITHUB_API_URL, resolveGitHubTarget } from '../../src/core/github/target.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';

let withOrigin: TestRepo;
let withoutOrigin: TestRepo;

beforeAll(async () => {
  Object.assign(process.env, gitIsolationVars());
  withOrigin = await createTestRepo();
  await withOrigin.git('remote', 'add', 'origin', 'git@github.com:octo/from-origin.git');
  withoutOrigin = await createTestRepo();
});
afterAll(async () => {
  await Promise.all([withOrigin.cleanup(), withoutOrigin.cleanup()]);
});

const configWith = (github: { repo?: string; apiUrl?: string }) => configFileSchema.parse({ github });

describe('resolveGitHubTarget', () => {
  it('defaults to the origin remote and api.github.com', async () => {
    expect(await resolveGitHubTarget({ repoDir: withOrigin.dir, config: defaultConfig(), flags: {}, env: {} }))
      .toEqual({ repo: 'octo/from-origin', apiUrl: DEFAULT_GITHUB_API_URL });
  });

  it('takes the config over the defaults, the environment over the config, flags over everything', async () => {
    const config = configWith({ repo: 'cfg/repo', apiUrl: 'https://ghe.example.com/api/v3' });
    expect(await resolveGitHubTarget({ repoDir: withOrigin.dir, config, flags: {}, env: {} }))
      .toEqual({ repo: 'cfg/repo', apiUrl: 'https://ghe.example.com/api/v3' });
    expect(await resolveGitHubTarget({ repoDir: withOrigin.dir, config, flags: {}, env: { GITHUB_API_URL: 'http://127.0.0.1:9999/' } }))
      .toEqual({ repo: 'cfg/repo', apiUrl: 'http://127.0.0.1:9999' });
    expect(await resolveGitHubTarget({
      repoDir: withOrigin.dir, config, env: { GITHUB_API_URL: 'http://127.0.0.1:9999' },
      flags: { githubRepo: 'flag/repo', githubApiUrl: 'http://127.0.0.1:1234' },
    })).toEqual({ repo: 'flag/repo', apiUrl: 'http://127.0.0.1:1234' });
  });

  it('without any repository: NO_GITHUB_REPO naming the three ways to configure one', async () => {
    const err = await resolveGitHubTarget({ repoDir: withoutOrigin.dir, config: defaultConfig(), flags: {}, env: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LeaderboardError);
    expect(err).toMatchObject({ code: 'NO_GITHUB_REPO', message: 'No GitHub repository configured for admin features.' });
    const hint = (err as LeaderboardError).hint ?? '';
    expect(hint).toContain('--github-repo');
    expect(hint).toContain('github.repo in leaderboard.config.json');
    expect(hint).toContain('origin remote');
  });

  it('refuses a malformed repository or API URL as usage errors', async () => {
    const bad = await resolveGitHubTarget({ repoDir: withoutOrigin.dir, config: defaultConfig(), flags: { githubRepo: 'no-slash' }, env: {} }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'INVALID_INPUT', isUsageError: true });
    const url = await resolveGitHubTarget({ repoDir: withoutOrigin.dir, config: defaultConfig(), flags: { githubRepo: 'a/b', githubApiUrl: 'ftp://x' }, env: {} }).catch((e: unknown) => e);
    expect(url).toMatchObject({ code: 'INVALID_INPUT' });
  });
});
