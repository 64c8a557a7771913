// What a refresh keeps as up to date must be what a clean refresh would write: a rebuild stopped
// part-way, a change of review points, and a board rebuilt on another config all rebuild next time.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, type LeaderboardConfig } from '../../src/core/config.js';
import { rebuildFromCache } from '../../src/core/rebuild.js';
import { refresh } from '../../src/core/refresh.js';
import { writeFileAtomic } from '../../src/core/store/files.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';

let repo: TestRepo;
beforeAll(async () => {
  Object.assign(process.env, gitIsolationVars());
  repo = await createTestRepo();
  const ann = { name: 'Ann', email: 'ann@example.com' };
  const annWork = { name: 'Ann Work', email: 'ann@work.example.com' };
  for (let i = 0; i < 6; i++) {
    await repo.commit({ files: { [`src/f${i}.ts`]: 'x\n'.repeat(5 * (i + 1)) }, message: `feat: f${i}`, author: i % 2 ? ann : annWork, date: `2025-03-0${i + 1}T10:00:00Z` });
  }
});
afterAll(() => repo.cleanup());

let n = 0;
const freshDir = () => path.join(repo.dir, `.leaderboard-${n++}`);
const run = (dataDir: string, config: LeaderboardConfig = defaultConfig(), extra: Partial<Parameters<typeof refresh>[0]> = {}) =>
  refresh({ repo: repo.dir, dataDir, config, all: true, ...extra });
const names = (dataDir: string): string[] => {
  const data = JSON.parse(readFileSync(path.join(dataDir, 'leaderboard-data.json'), 'utf8')) as { people: [string, string][] };
  return data.people.map(([name]) => name).sort();
};

describe('the state a refresh leaves', () => {
  it('does not keep the old board after a rebuild stopped before the board was written', async () => {
    const dir = freshDir();
    await run(dir);
    expect((await run(dir)).upToDate).toBe(true);
    // --rescore-ai scores every commit again and saves the score cache; the refresh is stopped as
    // it starts to write the board, as a kill there would.
    const stopped = run(dir, defaultConfig(), { rescoreAi: true, onProgress: (p) => { if (p.phase === 'writing') throw new Error('stopped'); } });
    await expect(stopped).rejects.toThrow('stopped');
    expect((await run(dir)).upToDate).toBe(false);
    expect((await run(dir)).upToDate).toBe(true);
  });

  it('counts the days of a --since window again on a later day', async () => {
    const dir = freshDir();
    const since = new Date('2025-03-01T00:00:00Z');
    const on = (day: string) => refresh({ repo: repo.dir, dataDir: dir, config: defaultConfig(), since, now: new Date(day) });
    expect((await on('2025-03-20T12:00:00Z')).analysisPeriodDays).toBe(19);
    expect((await on('2025-03-20T18:00:00Z')).upToDate).toBe(true);
    const later = await on('2025-04-19T12:00:00Z');
    expect(later.upToDate).toBe(false);
    expect(later.analysisPeriodDays).toBe(49);
  });

  it('counts the days of a whole-history board again on a later day', async () => {
    const dir = freshDir();
    // The oldest commit is on 2025-03-01.
    const on = (day: string) => run(dir, defaultConfig(), { now: new Date(day) });
    expect((await on('2025-03-20T12:00:00Z')).analysisPeriodDays).toBe(19);
    expect((await on('2025-03-20T18:00:00Z')).upToDate).toBe(true);
    const later = await on('2025-04-19T12:00:00Z');
    expect(later.upToDate).toBe(false);
    expect(later.analysisPeriodDays).toBe(49);
    expect((await on('2025-04-19T20:00:00Z')).upToDate).toBe(true);
  });

  it('rebuilds the page\'s files when the index was damaged or chunk files have gone', async () => {
    const dir = freshDir();
    const index = path.join(dir, 'leaderboard-index.json');
    const chunks = path.join(dir, 'leaderboard-chunks');
    await run(dir);
    const whole = readFileSync(index, 'utf8');
    truncateSync(index, 100);
    expect((await run(dir)).upToDate).toBe(false);
    const periods = (text: string) => (JSON.parse(text) as { periods: unknown }).periods;
    expect(periods(readFileSync(index, 'utf8'))).toEqual(periods(whole));
    rmSync(chunks, { recursive: true });
    expect((await run(dir)).upToDate).toBe(false);
    const named = [...whole.matchAll(/"([0-9a-f]{16})"/g)].map((m) => `${m[1]}.json`);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(existsSync(path.join(chunks, name))).toBe(true);
    expect((await run(dir)).upToDate).toBe(true);
    // A chunk cut short (the count of files unchanged) is rebuilt too.
    const first = path.join(chunks, named[0]!);
    const text = readFileSync(first, 'utf8');
    truncateSync(first, 10);
    expect((await run(dir)).upToDate).toBe(false);
    expect(readFileSync(first, 'utf8')).toBe(text);
    expect((await run(dir)).upToDate).toBe(true);
  });

  it('stays up to date after a manual contribution rebuilt the board', async () => {
    const dir = freshDir();
    await run(dir);
    await rebuildFromCache({ repo: repo.dir, dataDir: dir, config: defaultConfig() });
    expect((await run(dir)).upToDate).toBe(true);
  });

  it('rebuilds when the remote URL the board links to changes', async () => {
    const dir = freshDir();
    const git = (...args: string[]) => spawnSync('git', ['-C', repo.dir, ...args], { encoding: 'utf8' });
    const urls = () => (JSON.parse(readFileSync(path.join(dir, 'leaderboard-data.json'), 'utf8')) as { metadata: { repositories: { url: string | null }[] } }).metadata.repositories.map((r) => r.url);
    await run(dir);
    expect(urls()).toEqual([null]);
    try {
      git('remote', 'add', 'origin', 'https://github.com/acme/widgets.git');
      expect((await run(dir)).upToDate).toBe(false);
      expect(urls()).toEqual(['https://github.com/acme/widgets.git']);
      expect((await run(dir)).upToDate).toBe(true);
      git('remote', 'set-url', 'origin', 'https://github.com/acme/gadgets.git');
      expect((await run(dir)).upToDate).toBe(false);
      expect(urls()).toEqual(['https://github.com/acme/gadgets.git']);
    } finally {
      git('remote', 'remove', 'origin');
    }
  });

  it('rebuilds when the review points change', async () => {
    const dir = freshDir();
    await run(dir);
    const config = defaultConfig();
    config.github.points = { ...config.github.points, approved: config.github.points.approved + 25 };
    expect((await run(dir, config)).upToDate).toBe(false);
    expect((await run(dir, config)).upToDate).toBe(true);
  });

  it('deletes the temp files of writes killed part-way, and only those of processes that have exited', async () => {
    const dir = freshDir();
    await run(dir);
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const leftover = path.join(dir, `leaderboard-data.json.${dead}.0a1b2c3d.tmp`);
    const ours = path.join(dir, `score-cache.json.${process.pid}.0a1b2c3d.tmp`);
    mkdirSync(path.join(dir, 'parts', 'other'), { recursive: true });
    const inPart = path.join(dir, 'parts', 'other', `score-cache.json.${dead}.deadbeef.tmp`);
    const handMade = path.join(dir, 'notes.12.txt');
    // A manual save or backup killed part-way (add-contribution): in the folder of the backups too.
    mkdirSync(path.join(dir, 'manual-backups'), { recursive: true });
    const backup = path.join(dir, 'manual-backups', `manual-contributions-20261127T124959708Z.json.${dead}.12ab34cd.tmp`);
    for (const f of [leftover, ours, inPart, handMade, backup]) writeFileSync(f, 'x'.repeat(1000));
    await run(dir);
    expect([leftover, ours, inPart, handMade, backup].map((f) => existsSync(f))).toEqual([false, true, false, true, false]);
  });

  it('writes a file atomically keeping its mode (a file made private stays so)', async () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'manual-contributions.json');
    writeFileSync(file, '{}');
    chmodSync(file, 0o600);
    await writeFileAtomic(file, '{"contributors":{}}\n');
    expect(readFileSync(file, 'utf8')).toBe('{"contributors":{}}\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['manual-contributions.json']);
  });

  it('rebuilds after a board was rebuilt (add-contribution) on another config, back on the first', async () => {
    const dir = freshDir();
    await run(dir);
    expect(names(dir)).toEqual(['Ann', 'Ann Work']);
    const merged = defaultConfig();
    merged.identities = { Ann: ['ann@work.example.com'] };
    await rebuildFromCache({ repo: repo.dir, dataDir: dir, config: merged });
    expect(names(dir)).toEqual(['Ann']);
    const back = await run(dir);
    expect(back.upToDate).toBe(false);
    expect(names(dir)).toEqual(['Ann', 'Ann Work']);
  });
});
