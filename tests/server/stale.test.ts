// Whether `serve` refreshes before serving: a data file too old, or a last refresh that failed.
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/core/config.js';
import { refresh } from '../../src/core/refresh.js';
import { isStale } from '../../src/server/refresher.js';
import { createTestRepo } from '../support/git-repo.js';

let dir = '';
afterEach(async () => { if (dir) await rm(dir, { recursive: true, force: true }); });

describe('isStale', () => {
  it('is stale without a data file, with an old one, and after a failed refresh', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lb-stale-'));
    const data = path.join(dir, 'leaderboard-data.json');
    const status = path.join(dir, 'last-update.json');
    const hour = 3_600_000;
    expect(await isStale(dir, hour)).toBe(true);
    await writeFile(data, '{}');
    expect(await isStale(dir, hour)).toBe(false);
    // The page showed a failure fixed since (a config typo) until the next tick, 15 minutes on.
    await writeFile(status, JSON.stringify({ success: false, timestamp: new Date().toISOString(), error: 'leaderboard.config.json: Unrecognized key' }));
    expect(await isStale(dir, hour)).toBe(true);
    await writeFile(status, JSON.stringify({ success: true, timestamp: new Date().toISOString(), latestCommit: 'a'.repeat(40) }));
    expect(await isStale(dir, hour)).toBe(false);
    const old = new Date(Date.now() - 2 * hour);
    await utimes(data, old, old);
    expect(await isStale(dir, hour)).toBe(true);
  });

  it('is stale when a manual change or an AI override was saved but the board not rebuilt (killed in between), or a refresh was killed', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lb-stale-'));
    const repo = await createTestRepo();
    try {
      await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: { name: 'Ann', email: 'ann@example.com' }, date: new Date(Date.now() - 86_400_000).toISOString() });
      const opts = { repo: repo.dir, dataDir: dir, config: defaultConfig() };
      await refresh(opts);
      const hour = 3_600_000;
      expect(await isStale(dir, hour)).toBe(false);
      await writeFile(path.join(dir, 'manual-contributions.json'), JSON.stringify({ contributors: { Ann: { contributions: [{ score: 5 }] } } }));
      expect(await isStale(dir, hour)).toBe(true);
      await refresh(opts);
      expect(await isStale(dir, hour)).toBe(false);
      await writeFile(path.join(dir, 'ai-overrides.json'), JSON.stringify({ overrides: [] }));
      expect(await isStale(dir, hour)).toBe(true);
      await refresh(opts);
      expect(await isStale(dir, hour)).toBe(false);
      const state = path.join(dir, 'refresh-state.json');
      await writeFile(state, JSON.stringify({ ...JSON.parse(await readFile(state, 'utf8')) as object, rebuilding: true }));
      expect(await isStale(dir, hour)).toBe(true);
    } finally {
      await repo.cleanup();
    }
  });
});
