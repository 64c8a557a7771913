// The score cache: one commit per line (read and written a line at a time), older one-line caches
// read once and converted, and anything damaged discarded rather than trusted.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScoreCache, saveScoreCache } from '../../src/core/store/cache.js';
import type { ScoredCommit } from '../../src/core/types.js';

const commit = (n: number, over: Partial<ScoredCommit> = {}): ScoredCommit => ({
  hash: n.toString(16).padStart(40, '0'), author: 'Ann', email: 'ann@example.com', date: '2025-03-01T10:00:00.000Z',
  subject: `feat: ${n}, "quoted"\u2028`, breaking: false,
  stats: { files: 1, insertions: 2, deletions: 3, excluded_files: 0, excluded_lines: 0 },
  scores: { loc: 3, files: 5, keyword: 25, ai: 4, ai_source: 'heuristic', ai_reason: 'why' }, total: 37, ...over,
});

async function file(): Promise<string> {
  return path.join(await mkdtemp(path.join(os.tmpdir(), 'lb-cache-')), 'score-cache.json');
}

describe('the score cache', () => {
  it('is one JSON document with one commit per line, read back as written (new fields kept)', async () => {
    const f = await file();
    const commits = [commit(3, { co_authors: [{ name: 'Bo', email: 'bo@example.com' }] }), commit(2, { reverts: ['abc1234'] }), commit(1)];
    await saveScoreCache(f, 'fp', commits);
    const text = await readFile(f, 'utf8');
    expect(JSON.parse(text)).toEqual({ version: 2, fingerprint: 'fp', commits });
    expect(text.split('\n')).toHaveLength(commits.length + 3);
    const loaded = await loadScoreCache(f, 'fp');
    expect(loaded.kind).toBe('ok');
    expect([...loaded.cache.commits.values()]).toEqual(commits);
  });

  it('reads an empty cache, and a cache of other settings as stale', async () => {
    const f = await file();
    await saveScoreCache(f, 'fp', []);
    expect((await loadScoreCache(f, 'fp')).kind).toBe('ok');
    expect((await loadScoreCache(f, 'other')).kind).toBe('stale');
    expect((await loadScoreCache(path.join(path.dirname(f), 'none.json'), 'fp')).kind).toBe('missing');
  });

  it('reads a version 1 cache (one line) once; the next save writes version 2', async () => {
    const f = await file();
    await writeFile(f, `${JSON.stringify({ version: 1, fingerprint: 'fp', commits: [commit(1)] })}\n`);
    const loaded = await loadScoreCache(f, 'fp');
    expect(loaded.kind).toBe('ok');
    await saveScoreCache(f, 'fp', [...loaded.cache.commits.values()]);
    expect((await readFile(f, 'utf8')).startsWith('{"version":2,"fingerprint":"fp","commits":[\n')).toBe(true);
  });

  it('discards a cache cut short or damaged inside, whatever line it is in', async () => {
    const f = await file();
    await saveScoreCache(f, 'fp', [commit(3), commit(2), commit(1)]);
    const text = await readFile(f, 'utf8');
    const lines = text.split('\n');
    for (const damaged of [
      text.slice(0, text.length - 4), // no end of the list
      lines.slice(0, 3).join('\n'), // cut after a whole line
      [lines[0], '{"hash":"nope"},', ...lines.slice(2)].join('\n'),
      [lines[0], lines[1]?.slice(0, 30), ...lines.slice(2)].join('\n'),
      `${text}{}\n`,
    ]) {
      await writeFile(f, damaged ?? '');
      expect((await loadScoreCache(f, 'fp')).kind, damaged).toBe('corrupt');
    }
  });
});
