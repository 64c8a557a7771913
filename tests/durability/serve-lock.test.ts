/**
 * One server per data directory: a second `leaderboard serve` on it is refused with a message
 * naming the running one; a lock left by a dead process is taken over; shutdown frees it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, startServe } from '../support/cli.js';
import { tempResources } from '../cli/helpers.js';

const { tempDir } = tempResources();
const FIXTURE = path.resolve('tests/fixtures/real-leaderboard-data.json');

async function dataDirWithData(): Promise<string> {
  const dir = path.join(await tempDir('lb-serve-lock-'), 'data');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'leaderboard-data.json'), readFileSync(FIXTURE));
  return dir;
}

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('serve lock', () => {
  it('refuses a second serve on the same data directory, and frees the lock on shutdown', async () => {
    const dir = await dataDirWithData();
    const first = await startServe(['--no-refresh', '--data-dir', dir]);
    try {
      const lock = JSON.parse(readFileSync(path.join(dir, 'serve.lock'), 'utf8')) as { pid: number; url: string; port: number };
      expect(lock.pid).toBe(first.child.pid);
      expect(lock.url).toBe(first.url);
      expect(lock.port).toBe(Number(new URL(first.url).port));

      const second = runCli(['serve', '--no-open', '--port', '0', '--no-refresh', '--data-dir', dir]);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`Another leaderboard server (pid ${first.child.pid}) is already serving ${dir} at ${first.url}`);
      expect(second.stderr).toContain('Hint:');
      expect(second.stdout).not.toContain('Leaderboard: http');
      // The first is untouched and still serves.
      expect((await fetch(new URL('leaderboard-data.json', first.url))).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(existsSync(path.join(dir, 'serve.lock'))).toBe(false);
    // Free again: a new server starts.
    const again = await startServe(['--no-refresh', '--data-dir', dir]);
    await again.stop();
  });

  it('takes over a stale lock whose process is dead (after a SIGKILL)', async () => {
    const dir = await dataDirWithData();
    const killed = await startServe(['--no-refresh', '--data-dir', dir]);
    await killed.stop('SIGKILL');
    expect(existsSync(path.join(dir, 'serve.lock'))).toBe(true);
    const next = await startServe(['--no-refresh', '--data-dir', dir]);
    try {
      const lock = JSON.parse(readFileSync(path.join(dir, 'serve.lock'), 'utf8')) as { pid: number };
      expect(lock.pid).toBe(next.child.pid);
    } finally {
      await next.stop();
    }
  });

  it('takes over a lock file naming a dead pid, and one that is not even JSON', async () => {
    const dir = await dataDirWithData();
    const lockFile = path.join(dir, 'serve.lock');
    const stale = { pid: deadPid(), host: '127.0.0.1', hostname: os.hostname(), port: 1, url: 'http://127.0.0.1:1', startedAt: '2025-01-01T00:00:00Z' };
    await writeFile(lockFile, JSON.stringify(stale));
    const a = await startServe(['--no-refresh', '--data-dir', dir]);
    await a.stop();
    await writeFile(lockFile, '{"pid": 12');
    // An unreadable lock is only trusted for a moment (a server may be writing it).
    const { utimes } = await import('node:fs/promises');
    await utimes(lockFile, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const b = await startServe(['--no-refresh', '--data-dir', dir]);
    await b.stop();
  });
});
