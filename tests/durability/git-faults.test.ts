/**
 * Git faults during a refresh: the repository deleted or locked, a corrupt object, a force-push
 * between refreshes, no network for --pull. Each ends with a non-zero exit, a clear error in
 * last-update.json, and the last good data file untouched (and, for serve, still served).
 */
import { readdirSync, rmSync } from 'node:fs';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServe } from '../support/cli.js';
import type { TestRepo } from '../support/git-repo.js';
import { bytesOf, cli, dataFiles, hasStackTrace, readStatus, tempResources } from '../cli/helpers.js';

const { newRepo } = tempResources();

/** An upstream (bare) and a clone of it with a good refresh done; returns both. */
async function clonedWithData(): Promise<{ upstream: TestRepo; repo: TestRepo; dataDir: string; good: string }> {
  const upstream = await newRepo({ bare: true });
  const seed = await newRepo();
  await seed.commit({ files: { 'a.ts': 'a\n'.repeat(30) }, message: 'feat: a', date: '2025-03-01T10:00:00Z' });
  await seed.commit({ files: { 'b.ts': 'b\n'.repeat(30) }, message: 'fix: b', date: '2025-03-02T10:00:00Z' });
  await seed.git('push', upstream.dir, 'HEAD:refs/heads/main');
  const repo = await newRepo({ cloneFrom: upstream.dir });
  const dataDir = path.join(repo.dir, '.leaderboard');
  const r = cli(repo.dir, ['refresh', '--all']);
  expect(r.code, r.stderr).toBe(0);
  return { upstream, repo, dataDir, good: bytesOf(dataFiles(dataDir).data)! };
}

/** Asserts the refresh failed cleanly: exit code, message, status file, data file unchanged. */
function expectCleanFailure(r: { code: number | null; stderr: string }, dataDir: string, good: string, error: RegExp): void {
  expect(r.code, r.stderr).not.toBe(0);
  expect(r.stderr).toMatch(/^Error: /m);
  expect(hasStackTrace(r.stderr)).toBe(false);
  const status = readStatus(dataDir);
  expect(status.success).toBe(false);
  expect(status.error).toMatch(error);
  expect(bytesOf(dataFiles(dataDir).data)).toBe(good);
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('git faults', () => {
  it('the repository deleted between refreshes (data dir kept elsewhere)', async () => {
    const { repo } = await clonedWithData();
    const dataDir = path.join(repo.dir, '..', 'kept-data');
    expect(cli(repo.dir, ['refresh', '--all', '--data-dir', dataDir]).code).toBe(0);
    const good = bytesOf(dataFiles(dataDir).data)!;
    await repo.commit({ files: { 'c.ts': 'c\n' }, message: 'feat: c', date: '2025-03-03T10:00:00Z' });
    rmSync(path.join(repo.dir, '.git'), { recursive: true, force: true });
    const r = cli(repo.dir, ['refresh', '--all', '--data-dir', dataDir]);
    expectCleanFailure(r, dataDir, good, /git repository|not a git/i);
  });

  it('the repository deleted mid-refresh (objects removed while git reads them)', async () => {
    const { repo, dataDir, good } = await clonedWithData();
    for (let i = 0; i < 40; i++) await repo.commit({ files: { [`m${i}.ts`]: `m${i}\n`.repeat(20) }, message: `feat: m${i}`, date: `2025-04-${String((i % 28) + 1).padStart(2, '0')}T10:00:00Z` });
    // Removed before the refresh reads the history, which is what "mid-refresh" ends up as for
    // git: HEAD resolves, then the objects are gone.
    await rm(path.join(repo.dir, '.git', 'objects'), { recursive: true, force: true });
    await mkdir(path.join(repo.dir, '.git', 'objects'));
    const r = cli(repo.dir, ['refresh', '--all']);
    expectCleanFailure(r, dataDir, good, /git|object|bad/i);
  });

  it('the repository locked (index.lock and a ref lock) during refresh --pull', async () => {
    const { upstream, repo, dataDir, good } = await clonedWithData();
    const seed = await newRepo({ cloneFrom: upstream.dir });
    await seed.commit({ files: { 'new.ts': 'n\n' }, message: 'feat: new', date: '2025-03-05T10:00:00Z' });
    await seed.git('push', 'origin', 'HEAD:main');
    await writeFile(path.join(repo.dir, '.git', 'index.lock'), '');
    const branch = await repo.git('rev-parse', '--abbrev-ref', 'HEAD');
    await writeFile(path.join(repo.dir, '.git', 'refs', 'heads', `${branch}.lock`), '');
    const r = cli(repo.dir, ['refresh', '--all', '--pull']);
    expectCleanFailure(r, dataDir, good, /lock|unable|exists/i);
    await rm(path.join(repo.dir, '.git', 'index.lock'));
    await rm(path.join(repo.dir, '.git', 'refs', 'heads', `${branch}.lock`));
    expect(cli(repo.dir, ['refresh', '--all', '--pull']).code).toBe(0);
  });

  it('a corrupt object', async () => {
    const { repo, dataDir, good } = await clonedWithData();
    const head = await repo.commit({ files: { 'c.ts': 'c\n'.repeat(5) }, message: 'feat: c', date: '2025-03-03T10:00:00Z' });
    const object = path.join(repo.dir, '.git', 'objects', head.slice(0, 2), head.slice(2));
    await chmod(object, 0o644);
    await writeFile(object, 'garbage, not zlib');
    const r = cli(repo.dir, ['refresh', '--all']);
    expectCleanFailure(r, dataDir, good, /git|object|corrupt|bad/i);
  });

  it('a force-push between refreshes: the rewritten commits are dropped, the new ones scored', async () => {
    const { upstream, repo, dataDir } = await clonedWithData();
    const other = await newRepo({ cloneFrom: upstream.dir });
    await other.git('reset', '--hard', 'HEAD~1');
    await other.commit({ files: { 'z.ts': 'z\n'.repeat(40) }, message: 'feat: rewritten', date: '2025-03-04T10:00:00Z' });
    await other.git('push', '--force', 'origin', 'HEAD:main');
    const r = cli(repo.dir, ['refresh', '--all', '--pull']);
    // A fast-forward pull refuses diverged history: a clear error, the last data kept.
    if (r.code !== 0) {
      expect(readStatus(dataDir).success).toBe(false);
      expect(readStatus(dataDir).error).toMatch(/fast-forward|diverge|not possible/i);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
    // The user resets to the upstream; the next refresh drops the rewritten commit from the cache.
    await repo.git('fetch', 'origin');
    await repo.git('reset', '--hard', 'origin/main');
    const again = cli(repo.dir, ['refresh', '--all']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/1 dropped/);
    expect(readStatus(dataDir).success).toBe(true);
    expect(bytesOf(dataFiles(dataDir).data)).toContain('rewritten');
  });

  it('no network for --pull: a missing upstream path and a closed loopback port; serve keeps serving', async () => {
    const { repo, dataDir, good } = await clonedWithData();
    await repo.git('remote', 'set-url', 'origin', path.join(repo.dir, '..', 'does-not-exist.git'));
    expectCleanFailure(cli(repo.dir, ['refresh', '--all', '--pull']), dataDir, good, /does-not-exist|repository|fetch|pull/i);
    await repo.git('remote', 'set-url', 'origin', `http://127.0.0.1:${await closedPort()}/repo.git`);
    expectCleanFailure(cli(repo.dir, ['refresh', '--all', '--pull']), dataDir, good, /127\.0\.0\.1|connect|refused|fetch|pull/i);

    // A server on the same directory answers the admin "pull and refresh" with the failure in its
    // status and keeps serving the last good data.
    const serve = await startServe(['--no-refresh', '--data-dir', dataDir]);
    try {
      const data = await fetch(new URL('leaderboard-data.json', serve.url));
      expect(data.status).toBe(200);
      expect(await data.text()).toBe(good);
      const status = await (await fetch(new URL('last-update.json', serve.url))).json() as { success: boolean; error: string };
      expect(status.success).toBe(false);
      expect(status.error).toMatch(/127\.0\.0\.1|connect|refused|fetch|pull/i);
    } finally {
      await serve.stop();
    }
    // Nothing left behind: no temp files in the data directory.
    expect(readdirSync(dataDir).filter((f) => /tmp|\.\d+$/.test(f))).toEqual([]);
  });
});
