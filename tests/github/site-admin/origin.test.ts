import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFileSchema, defaultConfig } from '../../../src/core/config.js';
import { resolveGitHubTarget } from '../../../src/core/github/target.js';
import { siteAdminConfig } from '../../../src/core/site/site-admin.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../../support/git-repo.js';

Object.assign(process.env, gitIsolationVars());

let repo: TestRepo;
beforeAll(async () => {
  repo = await createTestRepo();
  await repo.commit({ files: { 'a.txt': 'a\n' } });
  await repo.git('remote', 'add', 'origin', 'placeholder');
});
afterAll(() => repo.cleanup());

const GHE = 'https://ghe.example.com/api/v3';
const TURN_ON = 'so admin through GitHub is off: set github.repo (owner/name) and github.apiUrl (https://HOST/api/v3 for GitHub Enterprise) in leaderboard.config.json to turn it on';

async function withOrigin(url: string, env: Record<string, string> = {}, config = defaultConfig()) {
  await repo.git('remote', 'set-url', 'origin', url);
  const site = await siteAdminConfig({ repo: repo.dir, dataDir: path.join(repo.dir, '.leaderboard'), config, env });
  const target = await resolveGitHubTarget({ repoDir: repo.dir, config, flags: {}, env }).catch((e: unknown) => e);
  return { site, target };
}

describe('the origin remote names the GitHub repository only when it is on that GitHub', () => {
  it('on GitLab: no repository of the same name on github.com; the build says admin is off and how to turn it on', async () => {
    const { site, target } = await withOrigin('git@gitlab.com:acme/board.git');
    expect(site).toEqual({ admin: null, reason: `the origin remote is on gitlab.com, not on the GitHub of https://api.github.com (github.com), ${TURN_ON}` });
    expect(target).toMatchObject({
      code: 'NO_GITHUB_REPO',
      message: 'No GitHub repository for admin features: the origin remote is on gitlab.com, not on the GitHub of https://api.github.com (github.com).',
      hint: 'Pass --github-repo owner/name, or set github.repo and github.apiUrl in leaderboard.config.json.',
    });
  });

  it('on github.com while the API is a GitHub Enterprise server\'s, or on that server while the API is github.com\'s: neither', async () => {
    const onGitHub = await withOrigin('https://github.com/acme/board.git', { GITHUB_API_URL: GHE });
    expect(onGitHub.site.reason).toBe(`the origin remote is on github.com, not on the GitHub of ${GHE} (ghe.example.com), ${TURN_ON}`);
    expect(onGitHub.target).toMatchObject({ code: 'NO_GITHUB_REPO' });
    const onServer = await withOrigin('ssh://git@ghe.example.com:2222/acme/board.git');
    expect(onServer.site.reason).toMatch(/^the origin remote is on ghe\.example\.com, not on the GitHub of https:\/\/api\.github\.com/);
  });

  it('credentials in the origin URL never reach the message', async () => {
    const { site, target } = await withOrigin('https://user:s3cret@gitlab.example.com:8443/acme/board.git');
    expect(site.reason).toMatch(/^the origin remote is on gitlab\.example\.com,/);
    expect(`${site.reason ?? ''} ${(target as Error).message}`).not.toContain('s3cret');
  });

  it('lists the board\'s other repositories on the same GitHub, from the built board, for AI overrides of their commits', async () => {
    const dataDir = path.join(repo.dir, '.leaderboard');
    await mkdir(dataDir, { recursive: true });
    const repositories = [
      { name: 'board', url: 'https://github.com/acme/board.git' },
      { name: 'lib', url: 'git@github.com:acme/lib.git' },
      { name: 'far', url: 'https://gitlab.com/acme/far' },
      { name: 'local', url: null },
    ];
    await writeFile(path.join(dataDir, 'leaderboard-index.json'), JSON.stringify({ metadata: { repositories } }));
    try {
      const site = await siteAdminConfig({ repo: repo.dir, dataDir, config: configFileSchema.parse({ github: { repo: 'acme/board' } }), env: {} });
      expect(site.admin?.boardRepositories).toEqual(['acme/lib']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('an API URL with a user name or password is refused, from the config or the environment, never published or echoed', async () => {
    const inConfig = configFileSchema.safeParse({ github: { apiUrl: 'https://bot:ghp_TOKEN123@ghe.example.com/api/v3' } });
    expect(inConfig.success).toBe(false);
    expect(inConfig.error?.issues[0]?.message).toMatch(/^must not hold a user name or password/);
    const fromEnv = await withOrigin('git@ghe.example.com:acme/board.git', { GITHUB_API_URL: 'https://bot:ghp_TOKEN123@ghe.example.com/api/v3' }).catch((e: unknown) => e);
    expect(fromEnv).toMatchObject({ code: 'INVALID_INPUT', message: 'GitHub API URL https://ghe.example.com/api/v3 has a user name or password in it.' });
    expect(JSON.stringify(fromEnv)).not.toContain('ghp_TOKEN123');
  });

  it('on the GitHub the API serves (github.com, its SSH over 443, an Enterprise server, a configured repository): used', async () => {
    for (const url of ['git@github.com:acme/board.git', 'ssh://git@ssh.github.com:443/acme/board.git', 'https://GitHub.com/acme/board']) {
      const { site, target } = await withOrigin(url);
      expect([url, site.admin?.repository, target]).toEqual([url, 'acme/board', { repo: 'acme/board', apiUrl: 'https://api.github.com' }]);
    }
    const server = await withOrigin('git@ghe.example.com:acme/board.git', {}, configFileSchema.parse({ github: { apiUrl: GHE } }));
    expect(server.site.admin).toMatchObject({ repository: 'acme/board', apiUrl: GHE });
    expect(server.target).toEqual({ repo: 'acme/board', apiUrl: GHE });
    // A configured repository wins over any origin.
    const configured = await withOrigin('git@gitlab.com:acme/board.git', {}, configFileSchema.parse({ github: { repo: 'acme/mirror' } }));
    expect(configured.site.admin?.repository).toBe('acme/mirror');
    expect(configured.target).toEqual({ repo: 'acme/mirror', apiUrl: 'https://api.github.com' });
  });
});
