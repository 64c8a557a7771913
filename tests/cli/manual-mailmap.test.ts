/**
 * Manual contributions under a name the repository's mailmap maps to another: a second person
 * beside the one the board shows.
 */
import { existsSync } from 'node:fs';
import { cp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesOf, cli, dataFiles, readJson, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();

describe('a name the mailmap maps to another', () => {
  it('is refused by add-contribution, contributor add and import, naming the canonical name, changing nothing; without the repository there is no mailmap to check', async () => {
    const own = await newRepo();
    await own.commit({ files: { '.mailmap': 'Grace Hopper <grace@new.io> G. Hopper <gh@laptop>\nGrace Hopper <grace@new.io> <grace@old.io>\n', 'a.ts': 'a\n' },
      author: { name: 'Grace Hopper', email: 'grace@new.io' }, date: '2025-01-08T10:00:00Z' });
    await own.commit({ files: { 'b.ts': 'b\n' }, author: { name: 'G. Hopper', email: 'gh@laptop' }, date: '2025-01-09T10:00:00Z' });
    await own.commit({ files: { 'c.ts': 'c\n' }, author: { name: 'Amazing Grace', email: 'grace@old.io' }, date: '2025-01-10T10:00:00Z' });
    expect(cli(own.dir, ['refresh', '--all']).code).toBe(0);
    const dataDir = path.join(own.dir, '.leaderboard');
    const manualFile = dataFiles(dataDir).manual;
    expect(cli(own.dir, ['add-contribution', 'Grace Hopper', '--score', '1']).code).toBe(0);
    const before = bytesOf(manualFile);
    for (const [args, name] of [
      [['add-contribution', 'G. Hopper', '--score', '5'], 'G. Hopper'],
      [['contributor', 'add', 'G. Hopper', '--score', '5'], 'G. Hopper'],
      [['add-contribution', 'Amazing Grace', '--score', '5'], 'Amazing Grace'],
    ] as const) {
      const r = cli(own.dir, [...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`Error: "${name}" is another name of "Grace Hopper" (the repository's mailmap maps commits under it to "Grace Hopper"): a contribution under it would be a second person.\nHint: Use "Grace Hopper".\n`);
    }
    const file = path.join(await tempDir('lb-mailmap-import-'), 'manual.json');
    await writeFile(file, JSON.stringify({ contributors: { 'G. Hopper': { contributions: [{ score: 5, notes: '', start_date: null, end_date: null }] } } }));
    const imported = cli(own.dir, ['import', file]);
    expect(imported.code).toBe(2);
    expect(imported.stderr).toContain(`names "G. Hopper" (another name of "Grace Hopper" in the repository's mailmap): each would be a second person beside the one on the board.`);
    expect(bytesOf(manualFile)).toBe(before);
    // A data directory whose repository is gone: no mailmap to read, the contribution is saved.
    const elsewhere = await tempDir('lb-mailmap-alone-');
    const alone = path.join(elsewhere, 'board');
    await cp(dataDir, alone, { recursive: true });
    await rm(own.dir, { recursive: true, force: true });
    expect(existsSync(own.dir)).toBe(false);
    const saved = cli(elsewhere, ['add-contribution', 'G. Hopper', '--score', '5', '--data-dir', alone]);
    expect(saved.stderr).toBe('');
    expect(saved.code).toBe(0);
    expect(Object.keys(readJson<{ contributors: object }>(dataFiles(alone).manual).contributors)).toEqual(['Grace Hopper', 'G. Hopper']);
  });
});
