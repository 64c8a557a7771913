/**
 * `exclusions.paths` naming a folder without a glob (`docs`, `docs/`, `vendor/lib`), through the
 * built CLI, and a board whose score cache code before this meaning wrote: its same config text
 * now leaves other files out, so the cached commits must be scored again.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestRepo } from '../support/git-repo.js';
import { cli, dataFiles, readJson, readRawData, summaryCounts, tempResources } from './helpers.js';

const { newRepo, tempDir } = tempResources();

// One commit, always the same bytes: its hash and the caches below depend on them.
const COMMIT = {
  files: { 'docs/guide.md': 'one\ntwo\nthree\n', 'src/app.ts': 'export const app = 1;\n' },
  message: 'feat: add the app and its guide',
  author: { name: 'Dana Docs', email: 'dana@example.com' },
  date: '2025-03-04T10:00:00Z',
};
const HASH = 'bace49728ef960daa836a4c09cd76c2562bff44b';

/**
 * The score cache of COMMIT as the code before folder patterns wrote it (refresh --all), with
 * `fingerprint` the one it computed for the config; docs/guide.md was counted. Were the
 * fingerprint computed otherwise for other reasons since, the cache is stale anyway: no false failure.
 */
function oldCache(fingerprint: string): string {
  const commit = {
    hash: HASH, author: 'Dana Docs', email: 'dana@example.com', date: '2025-03-04T10:00:00.000Z', subject: COMMIT.message, breaking: false,
    stats: { files: 2, insertions: 4, deletions: 0, excluded_files: 0, excluded_lines: 0 },
    scores: { loc: 3, files: 10, keyword: 25, ai: 13, ai_source: 'heuristic', ai_reason: '4 lines in 2 files (source, docs) across 2 top-level dirs; building wording' },
    total: 51,
  };
  return `{"version":2,"fingerprint":"${fingerprint}","commits":[\n${JSON.stringify(commit)}\n]}\n`;
}
// What that code computed for {"exclusions":{"paths":["docs"]}}, and for no config at all.
const OLD_DOCS_FINGERPRINT = '422e803044de09d3b31129366da5a03cc1f5c6b7';
const OLD_DEFAULT_FINGERPRINT = '18696cbbe7a3a2172c47c95f0cc47de8ebd7436e';

interface CachedCommit {
  hash: string;
  stats: { files: number; insertions: number; excluded_files: number; excluded_lines: number };
}

describe('exclusions.paths naming a folder', () => {
  let repo: TestRepo;
  const config = (paths: string[] | null) => writeFile(path.join(repo.dir, 'leaderboard.config.json'), paths ? JSON.stringify({ exclusions: { paths } }) : '{}');
  const statsIn = (dataDir: string) => readJson<{ commits: CachedCommit[] }>(dataFiles(dataDir).cache).commits.find((c) => c.hash === HASH)?.stats;
  const DOCS_LEFT_OUT = { files: 1, insertions: 1, excluded_files: 1, excluded_lines: 3 };

  beforeAll(async () => {
    repo = await newRepo();
    expect(await repo.commit(COMMIT)).toBe(HASH);
  });

  it.each([['docs'], ['docs/'], ['/docs'], ['docs/**']])('%s leaves docs/ out of the counts', async (pattern) => {
    await config([pattern]);
    const dataDir = await tempDir('lb-excl-');
    const r = cli(repo.dir, ['refresh', '--all', '--data-dir', dataDir]);
    expect(r.code).toBe(0);
    expect(statsIn(dataDir)).toMatchObject(DOCS_LEFT_OUT);
    expect(readRawData(dataDir).commits[0]?.stats).toMatchObject({ files: 1, insertions: 1, excluded_files: 1, excluded_lines: 3 });
    expect(readRawData(dataDir).metadata.exclusions).toMatchObject({ paths: [pattern] });
  });

  it('rescores a board the code before it refreshed with the same config text, then keeps it', async () => {
    await config(['docs']);
    const dataDir = await tempDir('lb-excl-old-');
    await mkdir(dataDir, { recursive: true });
    await writeFile(dataFiles(dataDir).cache, oldCache(OLD_DOCS_FINGERPRINT));
    const r = cli(repo.dir, ['refresh', '--all', '--data-dir', dataDir]);
    expect(r.code).toBe(0);
    expect(summaryCounts(r.stdout)).toEqual({ analysed: 1, scored: 1, cached: 0, dropped: 0 });
    // Said, since the same config text now gives other counts.
    expect(r.stdout).toContain(`Note: ${REREAD}`);
    expect(statsIn(dataDir)).toMatchObject(DOCS_LEFT_OUT);
    expect(readRawData(dataDir).commits[0]?.stats).toMatchObject({ files: 1, excluded_files: 1 });
    const again = cli(repo.dir, ['refresh', '--all', '--data-dir', dataDir]);
    expect(again.stdout).toMatch(/^Up to date/);
    expect(again.stdout).not.toContain('exclusions.paths');
    expect(statsIn(dataDir)).toMatchObject(DOCS_LEFT_OUT);
  });

  it('keeps the cache of a board without patterns: nothing there changed meaning', async () => {
    await config(null);
    const dataDir = await tempDir('lb-excl-none-');
    await writeFile(dataFiles(dataDir).cache, oldCache(OLD_DEFAULT_FINGERPRINT));
    const r = cli(repo.dir, ['refresh', '--all', '--data-dir', dataDir]);
    expect(r.code).toBe(0);
    expect(summaryCounts(r.stdout)).toEqual({ analysed: 1, scored: 0, cached: 1, dropped: 0 });
    expect(statsIn(dataDir)).toMatchObject({ files: 2, excluded_files: 0 });
    expect(r.stdout).not.toContain('exclusions.paths');
    // Patterns added to it rescore it, for the new setting, not for a new meaning: no note.
    await config(['docs']);
    const added = cli(repo.dir, ['refresh', '--all', '--data-dir', dataDir]);
    expect(summaryCounts(added.stdout)).toEqual({ analysed: 1, scored: 1, cached: 0, dropped: 0 });
    expect(added.stdout).not.toContain('exclusions.paths');
  });

  it('names the repositories of a board of several rescored for what the patterns mean now', async () => {
    await config(['docs']);
    const other = await newRepo();
    await other.commit({ files: { 'src/b.ts': 'export const b = 1;\n' }, message: 'feat: b', author: COMMIT.author, date: '2025-03-05T10:00:00Z' });
    const root = await tempDir('lb-excl-org-');
    const [a, b] = [path.join(root, 'A'), path.join(root, 'B')];
    await repo.git('clone', '-q', repo.dir, a);
    await repo.git('clone', '-q', other.dir, b);
    await writeFile(path.join(a, 'leaderboard.config.json'), JSON.stringify({ exclusions: { paths: ['docs'] } }));
    const dataDir = path.join(root, 'board');
    expect(cli(a, ['refresh', '--all', '--quiet', '--repo', a, '--repo', b, '--data-dir', dataDir]).code).toBe(0);
    // A's cache as the code before folder patterns wrote it (its state another version's); B's is this code's.
    await writeFile(path.join(dataDir, 'parts', 'A', 'score-cache.json'), oldCache(OLD_DOCS_FINGERPRINT));
    await rm(dataFiles(dataDir).state);
    const r = cli(a, ['refresh', '--all', '--quiet', '--repo', a, '--repo', b, '--data-dir', dataDir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Note: exclusions.paths is now read as .gitignore lines: a pattern that names a folder ("docs", "test*", "src/*") leaves out everything under it, so the commits of A were scored again');
  });
});

const REREAD = 'exclusions.paths is now read as .gitignore lines: a pattern that names a folder ("docs", "test*", "src/*") leaves out everything under it, '
  + 'so the commits were scored again and their counts may differ. To leave out files only, name the files ("docs/*.md").';
