import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFileSchema, defaultConfig } from '../../src/core/config.js';
import { siteAdminConfig } from '../../src/core/site/site-admin.js';
import { publishedIndex } from '../../src/core/site/write-site.js';
import { siteAdminConfigSchema } from '../../src/shared/site-admin.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';

Object.assign(process.env, gitIsolationVars());

let repo: TestRepo;
beforeAll(async () => {
  repo = await createTestRepo();
  await repo.commit({ files: { 'a.txt': 'a\n' } });
});
afterAll(() => repo.cleanup());

const INDEX = '<!doctype html><html><head><meta charset="UTF-8" /><title>x</title></head><body></body></html>';

describe('the admin settings of a published site', () => {
  it('names the repository, API, primary admins, workflow and the repository paths of the files it edits', async () => {
    const config = configFileSchema.parse({ github: { repo: 'acme/widgets', apiUrl: 'https://ghe.example.com/api/v3/' }, primaryAdmins: { email: 'boss@example.com', login: 'boss' } });
    const { admin } = await siteAdminConfig({ repo: repo.dir, dataDir: path.join(repo.dir, '.leaderboard'), config, env: {} });
    expect(admin).toEqual({
      repository: 'acme/widgets',
      apiUrl: 'https://ghe.example.com/api/v3',
      primary: { email: 'boss@example.com', login: 'boss' },
      workflow: 'leaderboard.yml',
      files: { manual: '.leaderboard/manual-contributions.json', overrides: '.leaderboard/ai-overrides.json', adminList: 'admin-list.json' },
      adminChanges: 'pull-request',
    });
    expect(siteAdminConfigSchema.parse(admin)).toEqual(admin);
  });

  it("publishes no other name of anyone: identities may hold a former name the person does not show", async () => {
    const config = configFileSchema.parse({ github: { repo: 'acme/widgets' }, identities: { Alice: ['Alicia Oldname', 'alicia@old.example', '@alicia'] } });
    const { admin } = await siteAdminConfig({ repo: repo.dir, dataDir: path.join(repo.dir, '.leaderboard'), config, env: {} });
    const text = JSON.stringify(admin);
    for (const alias of ['Alicia Oldname', 'alicia@old.example', 'alicia']) expect(text).not.toContain(alias);
  });

  it('takes the repository from GITHUB_REPOSITORY in Actions, else the origin remote, and the API from GITHUB_API_URL', async () => {
    const config = defaultConfig();
    const dataDir = path.join(repo.dir, 'board', 'data');
    const actions = await siteAdminConfig({ repo: repo.dir, dataDir, config, env: { GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: 'https://api.github.com' } });
    expect(actions.admin).toMatchObject({ repository: 'acme/site', apiUrl: 'https://api.github.com', files: { manual: 'board/data/manual-contributions.json' } });

    expect((await siteAdminConfig({ repo: repo.dir, dataDir, config, env: {} })).admin).toBeNull();
    await repo.git('remote', 'add', 'origin', 'git@github.com:acme/from-origin.git');
    try {
      expect((await siteAdminConfig({ repo: repo.dir, dataDir, config, env: {} })).admin?.repository).toBe('acme/from-origin');
    } finally {
      await repo.git('remote', 'remove', 'origin');
    }
  });

  it('is left out, saying why, when turned off, without a repository, or with the data outside the repository', async () => {
    const on = configFileSchema.parse({ github: { repo: 'acme/widgets' } });
    const inside = path.join(repo.dir, '.leaderboard');
    expect(await siteAdminConfig({ repo: repo.dir, dataDir: inside, config: configFileSchema.parse({ github: { repo: 'acme/widgets' }, publish: { admin: false } }), env: {} }))
      .toEqual({ admin: null, reason: 'publish.admin is false in leaderboard.config.json' });
    expect((await siteAdminConfig({ repo: repo.dir, dataDir: inside, config: defaultConfig(), env: {} })).reason).toMatch(/no GitHub repository is known: set github\.repo/);
    expect((await siteAdminConfig({ repo: repo.dir, dataDir: path.join(repo.dir, '..', 'elsewhere'), config: on, env: {} })).reason).toMatch(/is outside the repository/);
  });

  it('keeps the commit mode of publish.adminChanges, and refuses an unknown mode in the config', async () => {
    const config = configFileSchema.parse({ github: { repo: 'acme/widgets' }, publish: { adminChanges: 'commit' } });
    expect((await siteAdminConfig({ repo: repo.dir, dataDir: path.join(repo.dir, '.leaderboard'), config, env: {} })).admin?.adminChanges).toBe('commit');
    expect(configFileSchema.safeParse({ publish: { adminChanges: 'push' } }).success).toBe(false);
  });
});

describe('the published index.html', () => {
  it('lets the page fetch from the API origin alone, and marks it administered through GitHub', async () => {
    const { admin } = await siteAdminConfig({ repo: repo.dir, dataDir: path.join(repo.dir, '.leaderboard'), config: configFileSchema.parse({ github: { repo: 'acme/widgets', apiUrl: 'https://ghe.example.com/api/v3' } }), env: {} });
    const html = publishedIndex(INDEX, false, admin);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(csp.split('; ').find((d) => d.startsWith('connect-src'))).toBe("connect-src 'self' https://ghe.example.com");
    expect(csp).toContain("default-src 'self'");
    expect(html).toContain('<meta name="leaderboard-admin" content="https://ghe.example.com" />');
  });

  it('has neither without admin settings', () => {
    const html = publishedIndex(INDEX, false, null);
    expect(html).toContain("connect-src 'self';");
    expect(html).not.toContain('leaderboard-admin');
  });
});
