// Whether `serve` refreshes before serving: a data file too old, or a last refresh that failed.
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/core/config.js';
import { boardIsCurrent, refresh } from '../../src/core/refresh.js';
import { isStale } from '../../src/server/refresher.js';
import { createTestRepo } from '../support/git-repo.js';

let dir = '';
afterEach(async () => { if (dir) await rm(dir, { recursive: true, force: true }); });

describe('boardIsCurrent', () => {
  it('is false once a commit, the config or the repositories changed since the last refresh, and asks nothing of any remote', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lb-current-'));
    const repo = await createTestRepo();
    const other = await createTestRepo();
    try {
      const ann = { name: 'Ann Lee', email: 'ann@example.com' };
      await repo.commit({ files: { 'a.ts': 'a\n' }, message: 'feat: a', author: ann, date: new Date(Date.now() - 86_400_000).toISOString() });
      await other.commit({ files: { 'b.ts': 'b\n' }, message: 'feat: b', author: ann, date: new Date(Date.now() - 86_400_000).toISOString() });
      const opts = { repo: repo.dir, dataDir: dir, config: defaultConfig() };
      expect(await boardIsCurrent(opts)).toBe(false);
      await refresh(opts);
      expect(await boardIsCurrent(opts)).toBe(true);
      // Another config: identities, the scoring, the window.
      expect(await boardIsCurrent({ ...opts, config: { ...defaultConfig(), identities: { 'Ann Lee': ['A. Lee'] } } })).toBe(false);
      expect(await boardIsCurrent({ ...opts, config: { ...defaultConfig(), analysisPeriodDays: 30 } })).toBe(false);
      // Another repository on the board.
      expect(await boardIsCurrent({ ...opts, sources: [{ name: 'one', path: repo.dir }, { name: 'two', path: other.dir }] })).toBe(false);
      // A repository by URL that was never mirrored: not current, and nothing cloned.
      expect(await boardIsCurrent({ ...opts, sources: [{ name: 'one', path: repo.dir }, { name: 'far', url: 'http://127.0.0.1:9/far.git' }] })).toBe(false);
      expect(await readFile(path.join(dir, 'repos', 'far.git', 'HEAD'), 'utf8').catch(() => null)).toBeNull();
      // A new commit.
      await repo.commit({ files: { 'c.ts': 'c\n' }, message: 'fix: c', author: ann, date: new Date().toISOString() });
      expect(await boardIsCurrent(opts)).toBe(false);
      await refresh(opts);
      expect(await boardIsCurrent(opts)).toBe(true);
    } finally {
      await repo.cleanup();
      await other.cleanup();
    }
  });
});

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
