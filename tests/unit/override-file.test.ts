import { describe, expect, it } from 'vitest';
import { applyOverrides, parseOverrides } from '../../src/core/ai/override-file.js';
import type { ScoredCommit } from '../../src/core/types.js';

const hash = 'a'.repeat(40);
const entry = (score: number, note: string, at: string, h = hash) => ({ hash: h, score, note, by: 'ann', at });

describe('ai-overrides.json listing a commit twice (a merge of two branches of it)', () => {
  it('keeps the newest override of each commit, whatever the order, so the same one counts before and after a save', () => {
    const older = entry(3, 'branch a', '2026-01-01T00:00:00.000Z');
    const newer = entry(20, 'branch b', '2026-02-01T00:00:00.000Z');
    const other = entry(7, 'other', '2025-12-01T00:00:00.000Z', 'b'.repeat(40));
    for (const list of [[older, newer, other], [newer, older, other], [other, newer, older]]) {
      const kept = parseOverrides(JSON.stringify({ overrides: list }), 'ai-overrides.json');
      expect(kept.map((o) => o.note).sort()).toEqual(['branch b', 'other']);
    }
    const commit = { hash, scores: { loc: 3, files: 5, keyword: 10, ai: 5, ai_source: 'heuristic' }, total: 23 } as unknown as ScoredCommit;
    expect(applyOverrides([commit], parseOverrides(JSON.stringify({ overrides: [newer, older] }), 'f'))[0]?.scores.ai).toBe(20);
  });
});
