import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../support/cli.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('the data directory lock', () => {
  // proper-lockfile refreshes the lock every 5 s and throws from a timer (killing the process)
  // when the lock looks taken over; a long AI refresh holds it for minutes.
  it('can be held longer than its 5 s refresh period without being declared compromised', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-lock-'));
    dirs.push(dir);
    const script = `
      import { withDataDirLock } from './src/core/store/lock.ts';
      import { dataDirPaths } from './src/core/store/data-dir.ts';
      await withDataDirLock(dataDirPaths(${JSON.stringify(dir)}), () => new Promise((r) => setTimeout(r, 11_500)));
      console.log('released');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(out).not.toContain('ECOMPROMISED');
    expect({ code, out: out.trim() }).toEqual({ code: 0, out: 'released' });
  }, 30_000);

  it('says a command is waiting for another writing the same data directory, naming its pid, then goes on', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-lock-say-'));
    dirs.push(dir);
    const { withDataDirLock } = await import('../../src/core/store/lock.js');
    const { dataDirPaths } = await import('../../src/core/store/data-dir.js');
    let err = '';
    let closed: Promise<number | null> = Promise.resolve(null);
    await withDataDirLock(dataDirPaths(dir), async () => {
      const child = spawn(process.execPath, [BIN, 'contributor', 'add', 'Wren', '--score', '3', '--data-dir', dir, '--repo', process.cwd()], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      closed = new Promise((resolve) => child.on('close', resolve));
      // Held for 2.5 s: the waiting command says so after one.
      await new Promise((r) => setTimeout(r, 2_500));
    });
    expect(await closed).toBe(0);
    expect(err).toContain(`Waiting for another leaderboard command (pid ${process.pid}) writing ${dir}...`);
  }, 30_000);

  it('takes over at once a lock whose owner file was left empty (a full disk when it was written)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-lock-empty-'));
    dirs.push(dir);
    const { onLockWait, withDataDirLock } = await import('../../src/core/store/lock.js');
    const { dataDirPaths } = await import('../../src/core/store/data-dir.js');
    await mkdir(path.join(dir, '.lock'));
    await writeFile(path.join(dir, '.lock', 'owner'), '');
    const old = new Date(Date.now() - 5_000);
    await utimes(path.join(dir, '.lock'), old, old);
    const waits: (number | null)[] = [];
    onLockWait((_d, pid) => waits.push(pid));
    try {
      expect(await withDataDirLock(dataDirPaths(dir), async () => 'held')).toBe('held');
    } finally {
      onLockWait(null);
    }
    // It did not wait (for 30 s, until the lock went stale) for a holder no file names.
    expect(waits).toEqual([]);
  });

  it('six waiters on a lock whose holder died take it one at a time', async () => {
    // A process that has exited: the lock names it as its holder.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    for (let trial = 0; trial < 4; trial++) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-lock-'));
      dirs.push(dir);
      await mkdir(path.join(dir, '.lock'));
      await writeFile(path.join(dir, '.lock', 'owner'), `${dead}\n${os.hostname()}\n`);
      const log = path.join(dir, 'log');
      await writeFile(log, '');
      // All start at one instant, once node and tsx have loaded.
      const startAt = Date.now() + 3_000;
      const script = `
        import { appendFileSync } from 'node:fs';
        import { withDataDirLock } from './src/core/store/lock.ts';
        import { dataDirPaths } from './src/core/store/data-dir.ts';
        while (Date.now() < ${startAt}) await new Promise((r) => setTimeout(r, 1));
        await withDataDirLock(dataDirPaths(${JSON.stringify(dir)}), async () => {
          appendFileSync(${JSON.stringify(log)}, 'enter\\n');
          await new Promise((r) => setTimeout(r, 150));
          appendFileSync(${JSON.stringify(log)}, 'exit\\n');
        });`;
      const codes = await Promise.all(Array.from({ length: 6 }, () => new Promise<number | null>((resolve) => {
        spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' }).on('close', resolve);
      })));
      expect(codes, `trial ${trial}`).toEqual([0, 0, 0, 0, 0, 0]);
      let inside = 0;
      let most = 0;
      const lines = (await readFile(log, 'utf8')).trim().split('\n');
      for (const line of lines) most = Math.max(most, line === 'enter' ? ++inside : --inside);
      expect({ trial, holders: most, entered: lines.filter((l) => l === 'enter').length }).toEqual({ trial, holders: 1, entered: 6 });
    }
  }, 60_000);
});
