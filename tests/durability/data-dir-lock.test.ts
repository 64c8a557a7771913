import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

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
});
