// A site built from a read-only install of the package (a Nix store, an image made with
// `chmod -R a-w`): the page is copied with this user's usual modes, not the package's, so a user
// other than root can write index.html over its copy and replace or remove the site later. Root
// ignores write bits, so this checks the modes; tests/cli/read-only-package.test.ts runs the
// build as another user where the machine allows it.
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeBoard } from '../../src/core/board/write-board.js';
import { buildLeaderboardData } from '../../src/core/leaderboards.js';
import { writeSite } from '../../src/core/site/write-site.js';
import { dataDirPaths, ensureDataDir } from '../../src/core/store/data-dir.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) {
    await chmodTree(d, 0o755, 0o644);
    await rm(d, { recursive: true, force: true });
  }
});
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lb-site-ro-'));
  dirs.push(dir);
  return dir;
};

async function chmodTree(dir: string, dirMode: number, fileMode: number): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const at = path.join(dir, e.name);
    if (e.isDirectory()) await chmodTree(at, dirMode, fileMode);
    else await chmod(at, fileMode);
  }
  await chmod(dir, dirMode);
}

/** Every file and folder under `dir` with its permission bits. */
async function modes(dir: string): Promise<Array<[string, number]>> {
  const out: Array<[string, number]> = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const at = path.join(e.parentPath, e.name);
    out.push([path.relative(dir, at), (await stat(at)).mode & 0o777]);
  }
  return out;
}

describe('a site built from a read-only page', () => {
  it('gets files and folders its owner can write, and is replaced by the next build', async () => {
    const dataDir = await tempDir();
    const paths = dataDirPaths(dataDir);
    await ensureDataDir(paths);
    await writeBoard(paths, buildLeaderboardData([{
      hash: 'a'.repeat(40), author: 'Ro Reader', email: 'ro@example.com', date: '2024-12-30T10:00:00.000Z', subject: 'feat: read-only', breaking: false,
      stats: { files: 1, insertions: 10, deletions: 0, excluded_files: 0, excluded_lines: 0 },
      scores: { loc: 8, files: 10, keyword: 25, ai: 10, ai_source: 'heuristic' }, total: 53,
    }], { contributors: {} }, { now: new Date('2025-01-01T00:00:00Z'), analysisPeriodDays: 365, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: {} }));

    // The package as a Nix store has it: files r--r--r--, folders r-xr-xr-x.
    const webRoot = await tempDir();
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>');
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'assets', 'index.js'), 'console.log(1);\n');
    await chmodTree(webRoot, 0o555, 0o444);

    const out = path.join(await tempDir(), 'site');
    await writeSite({ dataDir, outDir: out, webRoot });
    const written = await modes(out);
    expect(written.map(([f]) => f)).toEqual(expect.arrayContaining(['index.html', 'assets', path.join('assets', 'index.js'), 'leaderboard-data.json']));
    expect(written.filter(([, mode]) => (mode & 0o200) === 0)).toEqual([]);
    expect(written.filter(([f, mode]) => f === 'assets' && (mode & 0o700) !== 0o700)).toEqual([]);
    expect((await stat(out)).mode & 0o700).toBe(0o700);

    await writeSite({ dataDir, outDir: out, webRoot });
    expect((await readdir(path.dirname(out))).sort()).toEqual(['site']);
  });
});
