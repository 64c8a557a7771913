/**
 * Corrupt or truncated files of the data directory and the config: each gives a message naming
 * the file and what is wrong, or is discarded and rebuilt when it is only derived data.
 */
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServe } from '../support/cli.js';
import { cli, dataFiles, hasStackTrace, readStatus, tempResources } from '../cli/helpers.js';
import { expectAllFilesParse } from './support/data-dir.js';

const { newRepo } = tempResources();

async function refreshed() {
  const repo = await newRepo();
  await repo.commit({ files: { 'a.ts': 'a\n'.repeat(30) }, message: 'feat: a', date: '2025-03-01T10:00:00Z' });
  const dataDir = path.join(repo.dir, '.leaderboard');
  await mkdir(dataDir, { recursive: true });
  await copyFile(path.resolve('tests/fixtures/real-manual-contributions.json'), dataFiles(dataDir).manual);
  expect(cli(repo.dir, ['refresh', '--all']).code).toBe(0);
  return { repo, dataDir, f: dataFiles(dataDir) };
}
const truncate = (file: string) => writeFile(file, readFileSync(file, 'utf8').slice(0, 40));

type Key = 'manual' | 'data' | 'cache' | 'state' | 'status';
// A cache that is whole JSON but wrong inside passes the no-change check (which only checks that
// the file was written whole, to stay cheap); it is caught and rebuilt when the next change loads it.
const rebuilt: [Key, (file: string) => Promise<void>, boolean][] = [
  ['data', truncate, false],
  ['cache', truncate, false],
  ['cache', (f) => writeFile(f, '{"version":1,"fingerprint":"x","commits":[{"hash":"nope"}]}\n'), true],
  ['state', truncate, false],
  ['status', truncate, false],
];

describe('corrupt files', () => {
  it.each(rebuilt)('a corrupt %s file is discarded and rebuilt by the next refresh', async (key, damage, newCommit) => {
    const { repo, dataDir, f } = await refreshed();
    await damage(f[key]);
    if (newCommit) await repo.commit({ files: { 'n.ts': 'n\n' }, message: 'fix: n', date: '2025-03-03T10:00:00Z' });
    const r = cli(repo.dir, ['refresh', '--all']);
    expect(r.code, r.stderr).toBe(0);
    if (key === 'cache') expect(r.stdout).toContain(`Note: ${f.cache} was corrupt`);
    expectAllFilesParse(dataDir);
    expect(readStatus(dataDir).success).toBe(true);
  });

  it.each([
    ['truncated', truncate, /is not valid JSON/],
    ['a bad score', (file: string) => writeFile(file, JSON.stringify({ contributors: { Ann: { contributions: [{ score: 'ten', notes: '', start_date: null, end_date: null }] } } })), /contributors\.Ann\.contributions\.0\.score/],
  ] as const)('a %s manual contributions file is named with what is wrong; the last data is kept', async (_what, damage, why) => {
    const { repo, dataDir, f } = await refreshed();
    const good = readFileSync(f.data, 'utf8');
    await repo.commit({ files: { 'b.ts': 'b\n' }, message: 'fix: b', date: '2025-03-02T10:00:00Z' });
    await damage(f.manual);
    for (const args of [['refresh', '--all'], ['add-contribution', 'Ann', '--score', '3']]) {
      const r = cli(repo.dir, args);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain(f.manual);
      expect(r.stderr).toMatch(why);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
    expect(readFileSync(f.data, 'utf8')).toBe(good);
    expect(readStatus(dataDir).success).toBe(false);
  });

  it('a corrupt config file is named with what is wrong', async () => {
    const { repo } = await refreshed();
    await writeFile(path.join(repo.dir, 'leaderboard.config.json'), '{"analysisPeriodDays": ');
    const r = cli(repo.dir, ['refresh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('leaderboard.config.json is not valid JSON');
    await writeFile(path.join(repo.dir, 'leaderboard.config.json'), '{"analysisPeriodDays": "long"}');
    const bad = cli(repo.dir, ['refresh']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/leaderboard\.config\.json is not a valid configuration: analysisPeriodDays/);
  });

  it('serve keeps running on a corrupt status and data file: it serves the bytes, the page shows its error state', async () => {
    const { dataDir, f } = await refreshed();
    await truncate(f.status);
    await truncate(f.data);
    const serve = await startServe(['--no-refresh', '--data-dir', dataDir]);
    try {
      for (const name of ['last-update.json', 'leaderboard-data.json']) {
        const res = await fetch(new URL(name, serve.url));
        expect(res.status).toBe(200);
        expect(() => JSON.parse(readFileSync(path.join(dataDir, name), 'utf8'))).toThrow();
      }
      expect((await fetch(new URL('api/health', serve.url))).status).toBe(200);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });
});
