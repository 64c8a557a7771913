/**
 * This tool installed from git, as `init github-actions --package-spec leaderboard@github:o/r`
 * has a workflow do: a commit of this checkout's sources in a temp repository, installed by the
 * workflow's own install step, under the name leaderboard, into a folder put on the PATH. npm
 * clones it, installs its dev dependencies and runs its `prepare` (the build), then installs the
 * result; with a `postinstall` build it failed (`tsc: not found`). Not with -g: npm then leaves
 * the dev dependencies out of its clone (npm/cli#8440). The dependencies come from the loopback
 * registry of support/npm-registry.ts (and npm's cache), so nothing leaves the machine. Slow (npm
 * installs every dependency in its clone and builds there): one install.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { TOOL_VERSION } from '../../src/core/version.js';
import { cli, readRawData, tempResources } from '../cli/helpers.js';
import { gitIsolationVars } from '../support/git-repo.js';
import { startNpmRegistry, type NpmRegistry } from '../support/npm-registry.js';
import { ENGINE_WARNING, npmEnv, pathWithout, runAsync, SOURCES } from '../support/npm-run.js';
import { hoursAgo } from '../support/recent.js';

const { newRepo, tempDir } = tempResources();
const CHECKOUT = path.resolve('.');

let registry: NpmRegistry | undefined;
afterAll(async () => { await registry?.close(); });

describe('installed from git', () => {
  it("by the workflow's install step, under the name leaderboard, builds and runs", async () => {
    // The sources as a repository of their own, committed: what a git host serves.
    const source = await tempDir('lb-git-src-');
    for (const entry of SOURCES) if (existsSync(path.join(CHECKOUT, entry))) cpSync(path.join(CHECKOUT, entry), path.join(source, entry), { recursive: true });
    const git = (...args: string[]) => spawnSync('git', args, { cwd: source, env: { ...process.env, ...gitIsolationVars() }, encoding: 'utf8' });
    for (const args of [['init', '-q'], ['add', '.'], ['commit', '-q', '-m', 'the sources']]) expect(git(...args).status).toBe(0);
    const commit = git('rev-parse', 'HEAD').stdout.trim();
    const spec = ['leaderboard', `git+file://${source}#${commit}`].join('@');

    const repo = await newRepo();
    await repo.commit({ files: { 'src/a.ts': 'export const a = 1;\n'.repeat(30) }, message: 'feat: first feature', author: { name: 'Gil Git', email: 'gil@example.com' }, date: hoursAgo(3) });
    const init = cli(repo.dir, ['init', 'github-actions', '--package-spec', spec]);
    expect(init.code, init.stderr).toBe(0);
    const workflow = parse(readFileSync(path.join(repo.dir, '.github/workflows/leaderboard.yml'), 'utf8')) as { jobs: { build: { steps: Array<{ run?: string }> } } };
    const step = workflow.jobs.build.steps.find((s) => s.run?.startsWith('npm install'))?.run ?? '';
    expect(step).toContain(spec);

    // The step as a runner runs it: bash -e, with $RUNNER_TEMP, and $GITHUB_PATH's lines put on
    // the PATH of the steps after it.
    registry = await startNpmRegistry(path.join(CHECKOUT, 'package-lock.json'));
    const runner = await tempDir('lb-git-runner-');
    const githubPath = path.join(runner, 'github-path');
    writeFileSync(githubPath, '');
    // The registry in the environment, not as a flag: npm's install in its clone reads it too.
    const install = await runAsync('bash', ['-e', '-c', step], {
      cwd: repo.dir, timeoutMs: 900_000,
      env: npmEnv({ RUNNER_TEMP: runner, GITHUB_PATH: githubPath, npm_config_registry: registry.url }),
    });
    expect(install.status, `${install.stderr}\nnot in the registry: ${registry.missing.join(', ')}`).toBe(0);
    expect(install.stderr).not.toMatch(ENGINE_WARNING);
    const installed = path.join(runner, 'leaderboard', 'node_modules', 'leaderboard');
    expect(existsSync(path.join(installed, 'dist', 'bundle', 'index.js'))).toBe(true);
    expect(existsSync(path.join(installed, 'dist', 'web', 'index.html'))).toBe(true);
    const added = readFileSync(githubPath, 'utf8').trim().split('\n');
    expect(added).toEqual([path.join(runner, 'leaderboard', 'node_modules', '.bin')]);
    // Nothing of it in the repository the workflow checked out.
    expect(spawnSync('git', ['status', '--porcelain'], { cwd: repo.dir, encoding: 'utf8' }).stdout).toBe('?? .github/\n');

    const env: NodeJS.ProcessEnv = { ...process.env, ...gitIsolationVars(), PATH: pathWithout(CHECKOUT, added.join(path.delimiter)), NODE_PATH: '' };
    const run = (args: string[]) => spawnSync('leaderboard', args, { cwd: repo.dir, env, encoding: 'utf8', timeout: 120_000 });
    const version = run(['--version']);
    expect(version.stdout.trim(), version.stderr).toBe(TOOL_VERSION);
    const refresh = run(['refresh', '--quiet']);
    expect(refresh.status, refresh.stderr).toBe(0);
    expect(JSON.stringify(readRawData(path.join(repo.dir, '.leaderboard')).leaderboards)).toContain('Gil Git');
  }, 1_000_000);
});
