import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/core/config.js';
import { replaceManualContributions } from '../../src/core/manual-service.js';
import { otherNames } from '../../src/core/other-names.js';
import { dataDirPaths, ensureDataDir } from '../../src/core/store/data-dir.js';
import { createTestRepo, gitIsolationVars, type TestRepo } from '../support/git-repo.js';

let repo: TestRepo;

beforeAll(async () => {
  Object.assign(process.env, gitIsolationVars());
  repo = await createTestRepo();
  await repo.commit({
    files: { '.mailmap': [
      // By email only: any name under the old address is Grace's.
      'Grace Hopper <grace@new.io> <grace@old.io>',
      // By name and email.
      'Grace Hopper <grace@new.io> G. Hopper <gh@laptop>',
      // The proper email only: the name stays.
      '<ada@new.io> <ada@old.io>',
    ].join('\n') },
    author: { name: 'Grace Hopper', email: 'grace@new.io' }, date: '2025-01-01T10:00:00Z',
  });
  await repo.commit({ author: { name: 'G. Hopper', email: 'gh@laptop' }, date: '2025-01-02T10:00:00Z' });
  await repo.commit({ author: { name: 'ghopper', email: 'grace@old.io' }, date: '2025-01-03T10:00:00Z' });
  await repo.commit({ author: { name: 'Ada', email: 'ada@old.io' }, date: '2025-01-04T10:00:00Z' });
  // A co-author only, by an address mailmap.file maps.
  await repo.commit({ message: 'fix: x\n\nCo-authored-by: Lin Wei <lw@home.io>', author: { name: 'Ada', email: 'ada@new.io' }, date: '2025-01-05T10:00:00Z' });
  await writeFile(path.join(repo.dir, '..', 'extra-mailmap'), 'Wei Lin <wei@work.io> <lw@home.io>\n');
  await repo.git('config', 'mailmap.file', path.join(repo.dir, '..', 'extra-mailmap'));
});
afterAll(async () => {
  await repo.cleanup();
});

const ctx = (board: string[] = ['Grace Hopper', 'Ada', 'Wei Lin']) => ({ repo: repo.dir, identities: { Ada: ['ada l'] }, board });

describe('otherNames', () => {
  it('finds names the mailmap maps to another, by email, by name and email, and through mailmap.file, for authors and co-authors', async () => {
    const found = await otherNames(['G. Hopper', 'ghopper', 'GHOPPER', 'Lin Wei', 'ada l', 'Ada', 'Someone New', 'Grace Hopper'], ctx());
    expect(Object.fromEntries(found)).toEqual({
      'G. Hopper': { canonical: 'Grace Hopper', by: 'mailmap' },
      ghopper: { canonical: 'Grace Hopper', by: 'mailmap' },
      GHOPPER: { canonical: 'Grace Hopper', by: 'mailmap' },
      'Lin Wei': { canonical: 'Wei Lin', by: 'mailmap' },
      'ada l': { canonical: 'Ada', by: 'identities' },
    });
  });

  it('leaves a name on the board alone (someone of that name commits unmapped too), and a folder that is no repository', async () => {
    expect((await otherNames(['G. Hopper'], ctx(['Grace Hopper', 'G. Hopper']))).size).toBe(0);
    expect((await otherNames(['G. Hopper'], { ...ctx(), repo: path.join(repo.dir, '.git') })).size).toBe(0);
    expect((await otherNames(['G. Hopper'], { ...ctx(), repo: path.join(repo.dir, 'gone') })).size).toBe(0);
  });
});

describe('replaceManualContributions (the admin API save)', () => {
  it('refuses a new name the mailmap maps to another, changing nothing; one kept already stays', async () => {
    const dataDir = path.join(repo.dir, '.leaderboard');
    const paths = dataDirPaths(dataDir);
    await ensureDataDir(paths);
    const before = `${JSON.stringify({ contributors: { ghopper: { contributions: [{ score: 1, notes: '', start_date: null, end_date: null }] } } }, null, 2)}\n`;
    await writeFile(paths.manual, before);
    const opts = { repo: repo.dir, dataDir, config: defaultConfig() };
    const one = { contributions: [{ score: 5, notes: '', start_date: null, end_date: null }] };
    await expect(replaceManualContributions(opts, { ghopper: one, 'G. Hopper': one })).rejects.toThrow(
      '"G. Hopper" is another name of "Grace Hopper" (the repository\'s mailmap maps commits under it to "Grace Hopper"): a contribution under it would be a second person. Use "Grace Hopper".');
    expect(await readFile(paths.manual, 'utf8')).toBe(before);
    const saved = await replaceManualContributions(opts, { ghopper: one, 'Grace Hopper': one });
    expect(saved.contributors).toBe(2);
  });
});
