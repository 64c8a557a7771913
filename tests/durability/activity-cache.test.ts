/**
 * The GitHub activity cache against SIGKILL: a child recording pages is killed at random moments,
 * again and again; after each kill the cache loads, holds every acknowledged pull request, and the
 * next writer appends after it. Also every possible cut of the log's last line.
 */
import { appendFile, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ActivityCache } from '../../src/core/github/activity/cache.js';
import { acksUntilKilled } from './support/kill.js';

const LOOP = path.resolve('tests/durability/support/activity-loop.mjs');
const KILLS = 12;
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
const tempFile = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'lb-activity-kill-'));
  dirs.push(d);
  return path.join(d, 'github-activity-cache.jsonl');
};

const runUntilKilled = async (file: string, start: number, afterMs: number): Promise<number[]> =>
  (await acksUntilKilled([LOOP, file, String(start)], afterMs)).filter((l) => /^\d+$/.test(l)).map(Number);

describe('activity cache and SIGKILL', () => {
  it(`keeps every acknowledged page across ${KILLS} kills`, async () => {
    const file = await tempFile();
    const acked = new Set<number>();
    let next = 1;
    for (let round = 0; round < KILLS; round++) {
      for (const n of await runUntilKilled(file, next, 20 + Math.floor(Math.random() * 150))) acked.add(n);
      const cache = await ActivityCache.load(file);
      for (const n of acked) expect(cache.pulls.has(n), `pull ${n} acknowledged before kill ${round}`).toBe(true);
      next = Math.max(0, ...cache.pulls.keys()) + 1;
    }
    expect(acked.size).toBeGreaterThan(KILLS);
  }, 120_000);

  it('loads whatever prefix of its last line a kill left, and the log is whole again before the next append', async () => {
    const file = await tempFile();
    const cache = await ActivityCache.load(file);
    await cache.record([{ t: 'email', email: 'a@x.org', login: 'a' }]);
    const whole = await readFile(file, 'utf8');
    const last = `${JSON.stringify({ t: 'email', email: 'b@x.org', login: null })}\n`;
    for (let cut = 0; cut <= last.length; cut++) {
      await writeFile(file, whole + last.slice(0, cut));
      const loaded = await ActivityCache.load(file);
      expect(loaded.emailLogins.get('a@x.org')).toBe('a');
      expect(loaded.emailLogins.has('b@x.org')).toBe(cut >= last.length - 1);
      await loaded.record([{ t: 'profile', login: 'c', name: 'C' }]);
      expect((await ActivityCache.load(file)).profiles.get('c')).toBe('C');
    }
    await truncate(file, 0);
    await appendFile(file, 'not json\n');
    expect((await ActivityCache.load(file)).pulls.size).toBe(0);
  });
});
