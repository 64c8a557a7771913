// A published site of a big board (a schema_version 4 data file) gets the index and chunks that the
// same board, redacted as schema_version 3 was, gives.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeBoard, writeIndexAndChunks } from '../../src/core/board/write-board.js';
import { buildLeaderboardData } from '../../src/core/leaderboards.js';
import { withoutEmails } from '../../src/core/site/redact.js';
import { writeSite } from '../../src/core/site/write-site.js';
import { dataDirPaths, ensureDataDir } from '../../src/core/store/data-dir.js';
import type { ScoredCommit } from '../../src/core/types.js';
import type { WrittenLeaderboardData } from '../../src/shared/data-file.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lb-site-v4-'));
  dirs.push(dir);
  return dir;
};

/** `n` commits by 300 people over ten years, a few with a noreply address: a data file over the site's 4 MB index threshold. */
function bigBoard(n: number): WrittenLeaderboardData {
  const start = Date.parse('2015-01-01T00:00:00Z');
  const commits: ScoredCommit[] = Array.from({ length: n }, (_, i) => {
    const person = (i * 7919) % 300;
    return {
      hash: (i.toString(16).padStart(8, '0')).repeat(5), author: `Person ${person}`,
      email: person % 10 === 0 ? `${person}+p${person}@users.noreply.github.com` : `p${person}@example.com`,
      date: new Date(start + i * 3_600_000 * 2).toISOString(), subject: `feat: change ${i} of the parser, by p${person}@example.com`, breaking: false,
      stats: { files: 1 + (i % 7), insertions: i % 300, deletions: i % 50, excluded_files: 0, excluded_lines: 0 },
      scores: { loc: 8, files: 10, keyword: 25, ai: i % 26, ai_source: 'heuristic' }, total: 43 + (i % 26),
    };
  });
  return buildLeaderboardData(commits, { contributors: {} }, {
    now: new Date('2025-01-01T00:00:00Z'), analysisPeriodDays: 3653, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: {},
  });
}

describe('a published site of a schema_version 4 board', () => {
  it('has the index and chunks of the board as built, with its emails left out as schema_version 3 had them', async () => {
    const data = bigBoard(40_000);
    const dataDir = await tempDir();
    const paths = dataDirPaths(dataDir);
    await ensureDataDir(paths);
    await writeBoard(paths, data);
    const text = await readFile(paths.data, 'utf8');
    expect(JSON.parse(text)).toMatchObject({ schema_version: 4 });
    expect(text.length).toBeGreaterThan(4 * 1024 * 1024);
    const webRoot = await tempDir();
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    const out = path.join(await tempDir(), 'site');
    await writeSite({ dataDir, outDir: out, webRoot });

    // The same board redacted as its schema_version 3 file was, split by the same code.
    const expected = await tempDir();
    await writeIndexAndChunks({ index: path.join(expected, 'index.json'), chunks: path.join(expected, 'chunks') }, withoutEmails(JSON.parse(JSON.stringify(data))) as WrittenLeaderboardData);
    const index = await readFile(path.join(out, 'leaderboard-index.json'), 'utf8');
    expect(index).toBe(await readFile(path.join(expected, 'index.json'), 'utf8'));
    expect(index).not.toMatch(/@example\.com/);
    expect(index).toContain('"Person 10","p10"');
    expect((await readdir(path.join(out, 'leaderboard-chunks'))).sort()).toEqual((await readdir(path.join(expected, 'chunks'))).sort());
    const published = await readFile(path.join(out, 'leaderboard-data.json'), 'utf8');
    expect(JSON.parse(published)).toMatchObject({ schema_version: 4 });
    expect(published).not.toMatch(/@example\.com/);
  }, 60_000);
});
