import { describe, expect, it } from 'vitest';
import { boardIndexSchema, ROW_STRIDE, type BoardIndex } from '../../../src/shared/board-index.js';
import { boardFromIndex } from '../../../web/src/lib/board.js';
import { manualRuns, standingSeries, summarizeStandings } from '../../../web/src/lib/contributor-summary.js';
import { csvCell, rankingCsvRows, toCsv } from '../../../web/src/lib/csv.js';
import { applyFilter } from '../../../web/src/lib/filter.js';
import { describeMovement, movementOf, ranksByName } from '../../../web/src/lib/movement.js';
import { periodBounds } from '../../../web/src/lib/periods.js';
import { searchEntries } from '../../../web/src/lib/search.js';
import { entryStandings, indexStandings } from '../../../web/src/lib/standings.js';
import { entry, ranked } from './helpers.js';

describe('csv', () => {
  it('quotes cells with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(toCsv([['a', 1], ['b,c', -2.5]])).toBe('a,1\r\n"b,c",-2.5\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    for (const text of ['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx']) expect(csvCell(text).replace(/^"|"$/g, '').startsWith(`'`)).toBe(true);
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('writes the ranking rows with rank, tier, movement and email', () => {
    const rows = rankingCsvRows([entry('Ann', { rank: 3, tier: 'T0', tier_name: 'Elite', significance_ratio: 0.666 })], () => 'up 1');
    expect(rows[1]).toEqual([3, 'T0', 'Elite', 'up 1', 'Ann', 'ann@example.com', 2, 1, 1, 67, 100, 0, '', 100, 50]);
  });
});

describe('movement', () => {
  const previous = ranksByName(ranked(5));
  it('says up, down, same and new', () => {
    expect(movementOf('c4', 1, previous)).toEqual({ kind: 'up', by: 3 });
    expect(movementOf('c1', 2, previous)).toEqual({ kind: 'down', by: 1 });
    expect(movementOf('c3', 3, previous)).toEqual({ kind: 'same' });
    expect(movementOf('zed', 1, previous)).toEqual({ kind: 'new' });
    expect(describeMovement({ kind: 'down', by: 1 }, '2025-W01')).toEqual({ kind: 'down', symbol: '▼ 1', label: 'Down 1 place since 2025-W01', csv: 'down 1' });
  });

  it('compares ranks after the hidden are left out', () => {
    const hidden = new Set(['c1']);
    const before = ranksByName(applyFilter(ranked(5), hidden));
    expect(movementOf('c2', 1, before)).toEqual({ kind: 'same' });
  });
});

describe('search', () => {
  it('matches name or email, ignoring case, keeping ranks', () => {
    const entries = [entry('Ann', { rank: 1 }), entry('Bob', { rank: 2, email: 'robert@corp.test' })];
    expect(searchEntries(entries, ' CORP ').map((e) => e.rank)).toEqual([2]);
    expect(searchEntries(entries, 'an')).toHaveLength(1);
    expect(searchEntries(entries, '  ')).toBe(entries);
  });

  it('ignores accents and Unicode normalisation: a decomposed name is found as typed, and without its accents', () => {
    const zoe = entry('Zoe\u0308 Ångström', { rank: 1, email: 'zoe@example.com' });
    const jose = entry('José', { rank: 2, email: 'jm@example.com' });
    const entries = [zoe, jose, entry('Ann', { rank: 3 })];
    for (const q of ['Zoë', 'ZOË', 'zoë ångström', 'angstrom', 'zoe\u0308']) expect(searchEntries(entries, q), q).toEqual([zoe]);
    for (const q of ['jose', 'JOSÉ', 'Jose\u0301']) expect(searchEntries(entries, q), q).toEqual([jose]);
    // Name and email are matched apart: a query across the two finds nothing.
    expect(searchEntries(entries, 'josé jm')).toEqual([]);
  });
});

/** An index of weekly periods, each a list of [name, total score, manual score, note]. */
function index(periods: Record<string, [string, number, number?, string?][]>): BoardIndex {
  const people: [string, string][] = [];
  const notes: string[] = [];
  const id = (name: string) => { let i = people.findIndex(([n]) => n === name); if (i < 0) i = people.push([name, `${name}@x.test`]) - 1; return i; };
  const weekly = Object.entries(periods).map(([label, rows]) => ({
    label, chunks: [],
    rows: rows.flatMap(([name, score, extra = 0, note]) => {
      const n = note === undefined ? -1 : (notes.includes(note) ? notes.indexOf(note) : notes.push(note) - 1);
      return [id(name), 2, 1, score - extra, score, extra, n, 0, 0];
    }),
  }));
  return boardIndexSchema.parse({ format: 1, last_updated: '', total_commits_analyzed: 0, analysis_period_days: 0, metadata: {}, people, notes, periods: { weekly, monthly: [], quarterly: [] } });
}

describe('standings', () => {
  const idx = index({
    '2025-W02': [['b', 90], ['a', 50, 5, 'triage'], ['c', 10]],
    '2025-W01': [['a', 80, 5, 'triage'], ['b', 40]],
    '2025-W04': [['a', 30, 5, 'talk']],
  });
  it('reads the rows of the index oldest first, ranks counted without the hidden', () => {
    const s = indexStandings(idx, 'weekly', 'a', new Set(['b']));
    expect(s.map((x) => [x.label, x.rank, x.tier, x.total_score, x.notes, x.email])).toEqual([
      ['2025-W01', 1, 'T0', 80, 'triage', 'a@x.test'], ['2025-W02', 1, 'T0', 50, 'triage', 'a@x.test'], ['2025-W04', 1, 'T0', 30, 'talk', 'a@x.test']]);
    expect(indexStandings(idx, 'weekly', 'a', new Set()).map((x) => x.rank)).toEqual([1, 2, 1]);
    expect(indexStandings(idx, 'weekly', 'nobody', new Set())).toEqual([]);
    expect(ROW_STRIDE).toBe(9);
  });

  it('gives the same from whole entries', () => {
    const periods = { '2025-W01': [entry('a', { rank: 1, total_score: 80 }), entry('b', { rank: 2 })], '2025-W02': [entry('b', { rank: 1 }), entry('a', { rank: 2, total_score: 50 })] };
    expect(entryStandings(periods, 'a', new Set(['b'])).map((x) => [x.label, x.rank])).toEqual([['2025-W01', 1], ['2025-W02', 1]]);
    expect(entryStandings(periods, 'a', new Set()).map((x) => [x.label, x.rank])).toEqual([['2025-W01', 1], ['2025-W02', 2]]);
  });

  it('sums them up: best rank and when, periods, scores, runs of manual points with dates', () => {
    const s = indexStandings(idx, 'weekly', 'a', new Set());
    const summary = summarizeStandings(s, 4);
    expect(summary).toMatchObject({ periodsActive: 3, periodsTotal: 4, best: { rank: 1, label: '2025-W04', times: 2 }, totalScore: 160, commits: 6, significant: 3 });
    expect(summary.avgPerCommit).toBe(Math.round(((75 + 45 + 25) / 6) * 100) / 100);
    const labels = ['2025-W01', '2025-W02', '2025-W03', '2025-W04'];
    expect(standingSeries(s, labels)).toEqual({ labels, scores: [80, 50, 0, 30], ranks: [1, 2, null, 1], ranked: [2, 3, null, 1] });
    expect(manualRuns(s, 'weekly')).toEqual([
      { notes: 'triage', score: 5, from: '2025-W01', to: '2025-W02', periods: 2, dates: 'Dec 30, 2024 – Jan 12, 2025' },
      { notes: 'talk', score: 5, from: '2025-W04', to: '2025-W04', periods: 1, dates: 'Jan 20, 2025 – Jan 26, 2025' },
    ]);
  });

  it('knows the days of weeks, months and quarters', () => {
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const span = (b: { start: number; end: number } | null) => (b ? [day(b.start), day(b.end)] : null);
    expect(span(periodBounds('weekly', '2025-W10'))).toEqual(['2025-03-03', '2025-03-09']);
    expect(span(periodBounds('monthly', '2024-02'))).toEqual(['2024-02-01', '2024-02-29']);
    expect(span(periodBounds('quarterly', '2025-Q4'))).toEqual(['2025-10-01', '2025-12-31']);
    expect(periodBounds('monthly', 'later')).toBeNull();
  });
});

describe('entries still to be built (what decides a slow tab or period change)', () => {
  const idx = index({
    '2025-W02': [['b', 90], ['a', 50], ['c', 10]],
    '2025-W01': [['a', 80], ['b', 40]],
  });
  it('counts the entries of the periods not yet built, and none once they are', () => {
    const board = boardFromIndex(idx, () => Promise.reject(new Error('no chunks here')));
    expect(board.unbuilt('weekly', ['2025-W02', '2025-W01'])).toBe(5);
    expect(board.unbuilt('weekly', ['2025-W09', null])).toBe(0);
    board.entries('weekly', '2025-W02');
    expect(board.unbuilt('weekly', ['2025-W02', '2025-W01'])).toBe(2);
    board.entries('weekly', '2025-W01');
    expect(board.unbuilt('weekly', ['2025-W02', '2025-W01'])).toBe(0);
  });
});
