// Hiding a shared commit's author: the cards and the chart still count the commit once while a
// shown co-author holds it, read from the data file (small boards) and from the index alike.
import { describe, expect, it } from 'vitest';
import { compactDataFilePieces } from '../../../src/core/board/compact-writer.js';
import { buildLeaderboardData } from '../../../src/core/leaderboards.js';
import type { ScoredCommit } from '../../../src/core/types.js';
import type { CoAuthorMode } from '../../../src/shared/credit.js';
import { parseBoardIndex } from '../../../src/shared/board-index.js';
import { describeDataFileError, parseLeaderboardData } from '../../../src/shared/data-file.js';
import { emptyManualContributions } from '../../../src/shared/manual-contributions.js';
import { boardFromData, boardFromIndex, type Board } from '../../../web/src/lib/board.js';
import { computeSummary } from '../../../web/src/lib/summary.js';
import { splitInMemory } from '../split-board.js';

const person = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com` });
let n = 0;
/** A commit of 2025-03-04 (2025-W10): significant scores 76, simple 20. */
function commit(author: string, significant: boolean, coAuthors: string[] = []): ScoredCommit {
  n += 1;
  const total = significant ? 76 : 20;
  return {
    hash: n.toString(16).padStart(40, '0'),
    author: person(author).name,
    email: person(author).email,
    date: `2025-03-04T${String(10 + n).padStart(2, '0')}:00:00Z`,
    subject: `feat: change ${n}`,
    breaking: false,
    stats: { files: 1, insertions: 10, deletions: 0, excluded_files: 0, excluded_lines: 0 },
    scores: { loc: total, files: 0, keyword: 0, ai: 0, ai_source: 'heuristic' },
    total,
    ...(coAuthors.length > 0 ? { co_authors: coAuthors.map(person) } : {}),
  };
}

// Ann's significant commit with Bob, Ann's simple one with Bob and Cy, Dee's own, Bob's own,
// Eli's simple one with Ann: 5 commits, 2 significant.
const history = (): ScoredCommit[] => {
  n = 0;
  return [commit('Ann', true, ['Bob']), commit('Ann', false, ['Bob', 'Cy']), commit('Dee', true), commit('Bob', false), commit('Eli', false, ['Ann'])];
};

/** What a person expects: the period's commits that any shown person holds, each once. */
function expected(commits: readonly ScoredCommit[], hidden: ReadonlySet<string>): { total: number; significant: number } {
  const held = commits.filter((c) => [c.author, ...(c.co_authors ?? []).map((p) => p.name)].some((name) => !hidden.has(name)));
  return { total: held.length, significant: held.filter((c) => c.total >= 50).length };
}

function boards(coAuthors: CoAuthorMode): { small: Board; big: Board } {
  const data = buildLeaderboardData(history(), emptyManualContributions(), {
    now: new Date('2025-03-10T00:00:00Z'), analysisPeriodDays: 30, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: {},
    credit: { coAuthors, reverts: 'score' },
  });
  // The data file as written (schema_version 4), read as the page reads it; and the index.
  const small = boardFromData(parseLeaderboardData(JSON.parse([...compactDataFilePieces(data)].join(''))));
  const { chunks, index } = splitInMemory(data);
  return { small, big: boardFromIndex(index, async (id) => chunks.get(id)) };
}

const hiddenSets = [[], ['Ann'], ['Ann', 'Bob'], ['Ann', 'Cy'], ['Bob', 'Dee'], ['Eli'], ['Ann', 'Bob', 'Cy'], ['Ann', 'Bob', 'Cy', 'Dee', 'Eli']];

describe('a shared commit whose author is hidden', () => {
  for (const mode of ['share', 'full'] as const) {
    it(`counts once while a shown co-author holds it (${mode}), in the cards and the chart of both files`, () => {
      const { small, big } = boards(mode);
      for (const names of hiddenSets) {
        const hidden = new Set(names);
        const want = expected(history(), hidden);
        for (const [file, board] of [['data file', small], ['index', big]] as const) {
          const cards = computeSummary(board.entries('weekly', '2025-W10'), hidden, board.shared('weekly', '2025-W10'));
          expect({ file, hidden: names, total: cards.totalCommits, significant: cards.significantCommits, simple: cards.simpleCommits })
            .toEqual({ file, hidden: names, total: want.total, significant: want.significant, simple: want.total - want.significant });
          expect(cards.contributors).toBe(5 - names.length);
          for (const type of ['weekly', 'monthly', 'quarterly'] as const) {
            const series = board.series(type, hidden);
            expect({ file, type, hidden: names, total: series.totalCommits, significant: series.significantCommits })
              .toEqual({ file, type, hidden: names, total: [want.total], significant: [want.significant] });
          }
        }
      }
    });
  }

  it('adds nothing to a board with co-author credit "author"', () => {
    const data = buildLeaderboardData(history(), emptyManualContributions(), {
      now: new Date('2025-03-10T00:00:00Z'), analysisPeriodDays: 30, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: {},
      credit: { coAuthors: 'author', reverts: 'score' },
    });
    expect(data.shared_commits).toBeUndefined();
    expect(splitInMemory(data).index.periods.weekly[0]?.shared).toBeUndefined();
  });

  it('writes one group per author and co-authors, by entry position', () => {
    const data = buildLeaderboardData(history(), emptyManualContributions(), {
      now: new Date('2025-03-10T00:00:00Z'), analysisPeriodDays: 30, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: {},
      credit: { coAuthors: 'full', reverts: 'score' },
    });
    const names = (data.leaderboards.weekly['2025-W10'] ?? []).map((e) => e.name);
    const groups = data.shared_commits?.weekly?.['2025-W10'] ?? [];
    const read: string[] = [];
    for (let g = 0; g < groups.length; g += 4 + (groups[g + 3] as number)) {
      const co = groups.slice(g + 4, g + 4 + (groups[g + 3] as number));
      expect(co).toEqual([...co].sort((a, b) => a - b));
      read.push(`${names[groups[g] as number]} ${groups[g + 1]}/${groups[g + 2]} with ${co.map((p) => names[p]).sort().join(',')}`);
    }
    expect(read.sort()).toEqual(['Ann 1/0 with Bob,Cy', 'Ann 1/1 with Bob', 'Eli 1/0 with Ann']);
  });

  it('is checked against its period, in the data file and in the index', () => {
    const data = buildLeaderboardData(history(), emptyManualContributions(), {
      now: new Date('2025-03-10T00:00:00Z'), analysisPeriodDays: 30, commitsPerEntry: 20, bots: { exclude: true, patterns: [] }, metadata: {},
      credit: { coAuthors: 'share', reverts: 'score' },
    });
    const file = JSON.parse([...compactDataFilePieces(data)].join('')) as { shared_commits: Record<string, Record<string, number[]>> };
    (file.shared_commits.weekly as Record<string, number[]>)['2025-W10'] = [0, 1, 1, 1, 9];
    expect(() => parseLeaderboardData(file)).toThrow();
    try { parseLeaderboardData(file); } catch (err) { expect(describeDataFileError(err)).toContain("shared_commits.weekly.2025-W10.4: expected a co-author's entry (0 to 4)"); }
    const { index } = splitInMemory(data);
    const week = index.periods.weekly[0] as (typeof index.periods.weekly)[number];
    expect(() => parseBoardIndex({ ...index, periods: { ...index.periods, weekly: [{ ...week, shared: [0, 2, 3, 1, 1] }] } })).toThrow(/3 significant of 2 commits/);
  });
});
