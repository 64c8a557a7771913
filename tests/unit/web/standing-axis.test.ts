// The rank axis of a contributor's chart: where it ends and which ranks it labels.
import { describe, expect, it } from 'vitest';
import { boardIndexSchema, type BoardIndex } from '../../../src/shared/board-index.js';
import { rankAxis, standingSeries } from '../../../web/src/lib/contributor-summary.js';
import { entryStandings, indexStandings } from '../../../web/src/lib/standings.js';
import { entry } from './helpers.js';

/** An index of weekly periods, each the names in rank order. */
function index(periods: Record<string, string[]>): BoardIndex {
  const people: [string, string][] = [];
  const id = (name: string) => { let i = people.findIndex(([n]) => n === name); if (i < 0) i = people.push([name, `${name}@x.test`]) - 1; return i; };
  const weekly = Object.entries(periods).map(([label, names]) => ({
    label, chunks: [], rows: names.flatMap((name, i) => [id(name), 1, 0, 10 - i, 10 - i, 0, -1, 0, 0]),
  }));
  return boardIndexSchema.parse({ format: 1, last_updated: '', total_commits_analyzed: 0, analysis_period_days: 0, metadata: {}, people, notes: [], periods: { weekly, monthly: [], quarterly: [] } });
}

describe('the rank axis', () => {
  it('ends at the most contributors a charted period ranks, not at 5 when there are 4', () => {
    expect(rankAxis([1, 2, null, 4])).toEqual({ max: 4, ticks: [1, 2, 3, 4] });
    expect(rankAxis([2, 3])).toEqual({ max: 3, ticks: [1, 2, 3] });
    expect(rankAxis([1])).toEqual({ max: 1, ticks: [1] });
    expect(rankAxis([])).toEqual({ max: 1, ticks: [1] });
  });

  it('labels whole, evenly spaced ranks: no 2 right under 1, no tick right above the last', () => {
    expect(rankAxis([16]).ticks).toEqual([1, 4, 6, 8, 10, 12, 14, 16]);
    expect(rankAxis([11]).ticks).toEqual([1, 4, 6, 8, 11]);
    expect(rankAxis([23]).ticks).toEqual([1, 5, 10, 15, 23]);
    expect(rankAxis([38]).ticks).toEqual([1, 5, 10, 15, 20, 25, 30, 38]);
    expect(rankAxis([125]).ticks).toEqual([1, 20, 40, 60, 80, 100, 125]);
    for (const n of [2, 7, 10, 16, 21, 57, 99, 125, 640, 1044, 9999]) {
      const { ticks } = rankAxis([n]);
      expect(ticks[0], `${n}`).toBe(1);
      expect(ticks.at(-1), `${n}`).toBe(n);
      expect(ticks.length, `${n}`).toBeLessThanOrEqual(11);
      const gaps = ticks.slice(1).map((t, i) => t - (ticks[i] as number));
      // No two labels closer than half of the widest gap.
      expect(Math.min(...gaps) * 2, `${n}: ${ticks.join(',')}`).toBeGreaterThanOrEqual(Math.max(...gaps));
    }
  });

  it('counts the contributors of each period without the hidden, from the index or whole entries', () => {
    const idx = index({ '2025-W01': ['a', 'b'], '2025-W02': ['b', 'c', 'a', 'd'], '2025-W03': ['c'] });
    const labels = ['2025-W01', '2025-W02', '2025-W03'];
    expect(standingSeries(indexStandings(idx, 'weekly', 'a', new Set()), labels).ranked).toEqual([2, 4]);
    expect(standingSeries(indexStandings(idx, 'weekly', 'a', new Set(['d'])), labels).ranked).toEqual([2, 3]);
    const periods = { '2025-W01': [entry('a', { rank: 1 }), entry('b', { rank: 2 })], '2025-W02': [entry('b', { rank: 1 }), entry('c', { rank: 2 }), entry('a', { rank: 3 })] };
    expect(entryStandings(periods, 'a', new Set(['c'])).map((s) => s.ranked)).toEqual([2, 2]);
  });
});
