import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaderboardError } from '../../src/core/errors.js';
import { headCommit, originSlug, pullFastForward, resolveRepo } from '../../src/core/git/repo.js';
import { pageHint } from '../../src/server/refresher.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';

const repos: TestRepo[] = [];
async function newRepo(options?: Parameters<typeof createTestRepo>[0]): Promise<TestRepo> {
  const repo = await createTestRepo(options);
  repos.push(repo);
  return repo;
}
let plainDir: string;

beforeAll(async () => {
  Object.assign(process.env, gitIsolationVars());
  plainDir = await mkdtemp(path.join(os.tmpdir(), 'lb-not-a-repo-'));
});
afterAll(async () => {
  await Promise.all(repos.map((r) => r.cleanup()));
  await rm(plainDir, { recursive: true, force: true });
});

async function caught(promise: Promise<unknown>): Promise<LeaderboardError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(LeaderboardError);
  return err as LeaderboardError;
}

// What the page's Pull & Refresh shows of a failed pull's hint (serve refreshing every 15 minutes).
const MEANWHILE = ' Meanwhile the board goes on refreshing what is checked out, without pulling, every 15 minutes.';
const forPage = (err: LeaderboardError): string => pageHint(err.hint ?? '', 15 * 60_000);

describe('resolveRepo', () => {
  it('gives the absolute top level from anywhere inside the work tree', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'deep/er/f.txt': 'x\n' } });
    const top = await realpath(repo.dir);
    expect(await resolveRepo(repo.dir)).toBe(top);
    expect(await resolveRepo(path.join(repo.dir, 'deep/er'))).toBe(top);
    expect(path.isAbsolute(await resolveRepo(path.relative(process.cwd(), repo.dir)))).toBe(true);
  });

  it('works in a repository with no commits', async () => {
    const repo = await newRepo();
    expect(await resolveRepo(repo.dir)).toBe(await realpath(repo.dir));
    expect(await headCommit(repo.dir)).toBeNull();
  });

  it('refuses a directory that is not a repository, naming it', async () => {
    const err = await caught(resolveRepo(plainDir));
    expect(err.code).toBe('NOT_A_GIT_REPO');
    expect(err.isUsageError).toBe(true);
    expect(err.message).toContain(plainDir);
    expect(err.message).toContain('is not a git repository');
    expect(err.hint).toContain('--repo');
  });

  it('refuses a missing path and a file', async () => {
    const missing = path.join(plainDir, 'no', 'such', 'dir');
    const err = await caught(resolveRepo(missing));
    expect(err.code).toBe('NOT_A_GIT_REPO');
    expect(err.message).toContain(missing);
    expect(err.message).toContain('does not exist');
    const file = path.join(plainDir, 'file.txt');
    await writeFile(file, 'x');
    expect((await caught(resolveRepo(file))).code).toBe('NOT_A_GIT_REPO');
  });

  it('reports a missing git as GIT_NOT_FOUND', async () => {
    const repo = await newRepo();
    const savedPath = process.env.PATH;
    process.env.PATH = plainDir;
    try {
      const err = await caught(resolveRepo(repo.dir));
      expect(err.code).toBe('GIT_NOT_FOUND');
      expect(err.hint).toMatch(/install git/i);
    } finally {
      process.env.PATH = savedPath;
    }
  });

  it('says why git refused a bare repository', async () => {
    const bare = await newRepo({ bare: true });
    const err = await caught(resolveRepo(bare.dir));
    expect(err.code).toBe('NOT_A_GIT_REPO');
    expect(err.message).toBe(`${bare.dir} is a bare repository: it has no working tree to analyse.`);
    expect(err.hint).toContain(`git clone ${bare.dir}`);
    expect(err.hint).toContain(`--repo file://${bare.dir} --data-dir DIR`);
  });

  it("names the folder a worktree's .git file points to when its repository moved, and how to repair it", async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.txt': 'a\n' } });
    const tree = path.join(plainDir, 'wt-moved');
    await repo.git('worktree', 'add', '--detach', tree, 'HEAD');
    const gitdir = (await readFile(path.join(tree, '.git'), 'utf8')).replace(/^gitdir: /, '').trim();
    await rm(gitdir, { recursive: true, force: true });
    const err = await caught(resolveRepo(tree));
    expect(err.code).toBe('NOT_A_GIT_REPO');
    expect(err.message).toBe(`${tree} is not a git repository: its .git file points to ${gitdir}, which is not one (the repository of this worktree or submodule moved or was removed).`);
    expect(err.hint).toContain('git worktree repair');
  });
});

describe('headCommit', () => {
  it('gives the full hash of HEAD', async () => {
    const repo = await newRepo();
    const hash = await repo.commit({ files: { 'a.txt': 'a\n' } });
    expect(await headCommit(repo.dir)).toBe(hash);
    expect(hash).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('pullFastForward', () => {
  it('fast-forwards from a local bare upstream', async () => {
    const upstream = await newRepo({ bare: true });
    const author = await newRepo();
    const first = await author.commit({ files: { 'a.txt': 'a\n' } });
    await author.git('remote', 'add', 'origin', upstream.dir);
    await author.git('push', '-q', '-u', 'origin', 'main');
    const clone = await newRepo({ cloneFrom: upstream.dir });
    const second = await author.commit({ files: { 'b.txt': 'b\n' } });
    await author.git('push', '-q');
    expect(await pullFastForward(clone.dir)).toEqual({ before: first, after: second });
    expect(await pullFastForward(clone.dir)).toEqual({ before: second, after: second });
  });

  it('says there is no upstream and how to set one', async () => {
    const repo = await newRepo();
    await repo.commit({ files: { 'a.txt': 'a\n' } });
    const err = await caught(pullFastForward(repo.dir));
    expect(err.code).toBe('NO_UPSTREAM');
    expect(err.message).toContain("'main' has no upstream");
    expect(err.hint).toContain('git branch --set-upstream-to');
  });

  it('refuses a detached HEAD as NO_UPSTREAM', async () => {
    const repo = await newRepo();
    await repo.commit();
    await repo.git('switch', '-q', '--detach');
    const err = await caught(pullFastForward(repo.dir));
    expect(err.code).toBe('NO_UPSTREAM');
    expect(err.hint).toBe('Check out a branch that tracks a remote branch (git switch <branch>), or refresh without --pull.');
    expect(forPage(err)).toBe(`Check out a branch that tracks a remote branch (git switch <branch>).${MEANWHILE}`);
  });

  it('reports a diverged branch as GIT_FAILED, saying commits were made here', async () => {
    const upstream = await newRepo({ bare: true });
    const author = await newRepo();
    await author.commit({ files: { 'a.txt': 'a\n' } });
    await author.git('remote', 'add', 'origin', upstream.dir);
    await author.git('push', '-q', '-u', 'origin', 'main');
    const clone = await newRepo({ cloneFrom: upstream.dir });
    await author.commit({ files: { 'b.txt': 'b\n' } });
    await author.git('push', '-q');
    const local = await clone.commit({ files: { 'c.txt': 'c\n' } });
    const err = await caught(pullFastForward(clone.dir));
    expect(err.code).toBe('GIT_FAILED');
    expect(err.message).toMatch(/fast-forward/i);
    expect(err.message).toContain("it has diverged from its upstream origin/main: 'main' has 1 commit the upstream does not");
    expect(await headCommit(clone.dir)).toBe(local);
    expect(forPage(err)).toBe(`Rebase that commit onto the upstream (git rebase origin/main) or merge it, then press Pull & Refresh again. Only to drop it, run in ${clone.dir}: git reset --hard origin/main (it also drops uncommitted changes).${MEANWHILE}`);
  });

  it('words the hint of a remote with no upstream set for the page too', async () => {
    const upstream = await newRepo({ bare: true });
    const repo = await newRepo();
    await repo.commit({ files: { 'a.txt': 'a\n' } });
    await repo.git('remote', 'add', 'origin', upstream.dir);
    const err = await caught(pullFastForward(repo.dir));
    expect(err.hint).toBe('Set one with: git branch --set-upstream-to=origin/main main (or refresh without --pull).');
    expect(forPage(err)).toBe(`Set one with: git branch --set-upstream-to=origin/main main.${MEANWHILE}`);
    // A branch named with a quote in it.
    expect(pageHint("Rebase it, then refresh; or refresh without --pull to analyse 'feat/it's' as it is. Only to drop it, reset.", 60_000))
      .toBe(`Rebase it, then press Pull & Refresh again. Only to drop it, reset. Meanwhile the board goes on refreshing what is checked out, without pulling, every minute.`);
  });
});

describe('pullFastForward after a rewrite under local work, without a reflog', () => {
  it('names the commit to rebase from, and following it leaves out what the upstream dropped', async () => {
    const upstream = await newRepo({ bare: true });
    const author = await newRepo();
    const a = await author.commit({ files: { 'a.txt': 'a\n' } });
    const b = await author.commit({ files: { 'b.txt': 'b\n' } });
    await author.git('remote', 'add', 'origin', upstream.dir);
    await author.git('push', '-q', '-u', 'origin', 'main');
    const clone = await newRepo({ cloneFrom: upstream.dir });
    // No reflogs: only the upstream's value before the pull tells that b was in it.
    await clone.git('config', 'core.logAllRefUpdates', 'false');
    await clone.git('reflog', 'expire', '--expire=all', '--all');
    await rm(path.join(clone.dir, '.git', 'logs'), { recursive: true, force: true });
    await clone.commit({ files: { 'local.txt': 'local\n' }, message: 'local work' });
    await author.git('reset', '-q', '--hard', a);
    await author.commit({ files: { 'c.txt': 'c\n' }, message: 'c' });
    await author.git('push', '-q', '--force', 'origin', 'main');
    const err = await caught(pullFastForward(clone.dir));
    expect(err.message).toContain('was rewritten (force-pushed) under work made here');
    const command = /run in [^:]+: (git rebase --onto origin\/main [0-9a-f]{12}), then refresh/.exec(err.hint ?? '')?.[1];
    expect(command, err.hint).toBeDefined();
    expect(command).toContain(b.slice(0, 12));
    expect(forPage(err)).toContain(`: ${command as string}, then press Pull & Refresh again. Not git rebase origin/main, nor a merge`);
    expect(forPage(err)).not.toContain('--pull');
    await clone.git(...(command as string).split(' ').slice(1));
    expect((await clone.git('log', '--format=%s')).split('\n')).toEqual(['local work', 'c', (await author.git('log', '-1', '--format=%s', a))]);
    expect((await clone.git('log', '--format=%H')).includes(b)).toBe(false);
  });
});

describe('originSlug', () => {
  it('parses owner/name from every remote URL form', async () => {
    const repo = await newRepo();
    expect(await originSlug(repo.dir)).toBeNull();
    const forms: [string, string | null][] = [
      ['https://github.com/octo-org/my.repo.git', 'octo-org/my.repo'],
      ['https://github.com/octo-org/my_repo', 'octo-org/my_repo'],
      ['https://user:secret@github.example.com:8443/octo/repo/', 'octo/repo'],
      ['ssh://git@github.com/octo/repo.git', 'octo/repo'],
      ['ssh://git@github.com:2222/octo/repo', 'octo/repo'],
      ['git@github.com:octo/repo.git', 'octo/repo'],
      ['git@github.com:octo/repo', 'octo/repo'],
      ['github.com:octo/repo.git', 'octo/repo'],
      ['git://example.org/octo/repo.git', 'octo/repo'],
      ['https://gitlab.com/group/sub/repo.git', 'sub/repo'],
      ['https://github.com/just-owner', null],
      ['file:///srv/git/octo/repo.git', null],
      ['/srv/git/octo/repo.git', null],
      ['../relative/repo', null],
    ];
    await repo.git('remote', 'add', 'origin', 'placeholder');
    for (const [url, slug] of forms) {
      await repo.git('remote', 'set-url', 'origin', url);
      expect([url, await originSlug(repo.dir)]).toEqual([url, slug]);
    }
  });
});
