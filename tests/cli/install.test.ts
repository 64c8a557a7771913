/**
 * The README's way to run the CLI on your own repository: `npm install -g --ignore-scripts .`
 * from this checkout puts `leaderboard` on the PATH, and `leaderboard refresh` then works inside
 * any repository. Installed here into a temp prefix, with npm kept offline.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitIsolationVars } from '../support/git-repo.js';
import { readRawData, summaryCounts, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();
const CHECKOUT = path.resolve('.');

describe('installing from this checkout', () => {
  it('puts leaderboard on the PATH, and it analyses the repository it runs in', async () => {
    const prefix = await tempDir('lb-install-prefix-');
    const npmEnv = { ...process.env, npm_config_prefix: prefix, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const install = spawnSync(npm, ['install', '-g', '--ignore-scripts', '.'], { cwd: CHECKOUT, env: npmEnv, encoding: 'utf8', timeout: 120_000 });
    expect(install.status, install.stderr).toBe(0);
    expect(existsSync(path.join(prefix, 'bin', 'leaderboard'))).toBe(true);

    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n'.repeat(40) }, message: 'feat: mine', author: { name: 'Mia Maintainer', email: 'mia@example.com' }, date: new Date(Date.now() - 86_400_000).toISOString() });
    const env = { ...process.env, ...gitIsolationVars(), PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH ?? ''}` };
    // By name, through the PATH, from inside the repository: as the README says to run it.
    const run = spawnSync('leaderboard', ['refresh'], { cwd: repo.dir, env, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(summaryCounts(run.stdout)).toMatchObject({ analysed: 1, scored: 1 });
    const data = readRawData(path.join(repo.dir, '.leaderboard'));
    expect(data.metadata).toMatchObject({ repository: path.basename(repo.dir) });
    expect(JSON.stringify(data.leaderboards)).toContain('Mia Maintainer');
  });
});
