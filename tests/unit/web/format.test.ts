import { describe, expect, it } from 'vitest';
import { aiLabel, aiTitle, formatAdditional, formatCommitDate, formatDays, formatExcluded, splitMessage, wholePercent } from '../../../web/src/lib/format.js';
import { lineChartOptions } from '../../../web/src/theme/line-chart.js';
import { HIDDEN_STORAGE_KEY, hiddenStorageKey, parseHiddenNames, readHiddenNames, serializeHiddenNames, storeHiddenNames } from '../../../web/src/lib/hidden-names.js';

const stats = { files: 3, lines: 10, insertions: 8, deletions: 2, excluded_files: 0, excluded_lines: 0 };

describe('table and commit formatting', () => {
  it('shows the significance ratio as a whole percent', () => {
    expect(wholePercent(0)).toBe(0);
    expect(wholePercent(2 / 3)).toBe(67);
    expect(wholePercent(1)).toBe(100);
    expect(wholePercent(Number.NaN)).toBe(0);
  });

  it('counts the analysed days as the page writes numbers, one day in the singular (the empty board said "the last 1 days")', () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(30)).toBe('30 days');
    expect(formatDays(1000)).toBe('1,000 days');
  });

  it("shows other contributions as +value or '-'", () => {
    expect(formatAdditional(0)).toBe('-');
    expect(formatAdditional(15)).toBe('+15');
    expect(formatAdditional(-5)).toBe('-5');
  });

  it('splits a message into its first line and the rest', () => {
    expect(splitMessage('feat: x\n\nbody\nmore')).toEqual({ subject: 'feat: x', body: 'body\nmore' });
    expect(splitMessage('  fix: y  ')).toEqual({ subject: 'fix: y', body: '' });
  });

  it('says what was excluded from the counts, only when anything was', () => {
    expect(formatExcluded(stats)).toBeNull();
    expect(formatExcluded({ ...stats, excluded_files: 2, excluded_lines: 1204 }))
      .toBe('Excluded: 2 files, 1,204 lines not counted (lock files, generated, vendored or minified files, configured paths)');
    expect(formatExcluded({ ...stats, excluded_files: 1, excluded_lines: 1 }))
      .toBe('Excluded: 1 file, 1 line not counted (lock files, generated, vendored or minified files, configured paths)');
  });

  it('names the AI source when there is one', () => {
    expect(aiLabel('heuristic')).toBe('AI (heuristic)');
    expect(aiLabel(undefined)).toBe('AI');
  });

  it("explains the AI part on hover: the scorer's reason, else what the heuristic weighs", () => {
    expect(aiTitle('openai:gpt-x', 'Adds a parser')).toBe('Adds a parser');
    expect(aiTitle('heuristic', undefined)).toMatch(/^Local estimate \(no AI provider configured\)/);
    expect(aiTitle(undefined, undefined)).toBeUndefined();
  });
});

describe('hidden names storage', () => {
  it('round-trips a set of names', () => {
    expect(HIDDEN_STORAGE_KEY).toBe('leaderboard:hidden-contributors');
    expect([...parseHiddenNames(serializeHiddenNames(new Set(['b', 'a'])))]).toEqual(['a', 'b']);
  });

  it("is one key on serve's page, and one per board (its path) on a published site", () => {
    expect(hiddenStorageKey(false, '/')).toBe('leaderboard:hidden-contributors');
    expect(hiddenStorageKey(true, '/board/')).toBe('leaderboard:hidden-contributors:/board/');
    expect(hiddenStorageKey(true, '/board/index.html')).toBe('leaderboard:hidden-contributors:/board/');
    expect(hiddenStorageKey(true, '/')).toBe('leaderboard:hidden-contributors:/');
  });

  it("keeps the names a published board's older page hid under the origin's one key, and forgets none of them after", () => {
    const store = new Map<string, string>([[HIDDEN_STORAGE_KEY, '["Bob","Ann"]']]);
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    const board = hiddenStorageKey(true, '/board/');
    // The first load after the upgrade: the old key's names, now the board's own; the old key stays for the origin's other boards.
    expect([...readHiddenNames(storage, board)]).toEqual(['Bob', 'Ann']);
    expect(store.get(board)).toBe('["Ann","Bob"]');
    expect(store.get(HIDDEN_STORAGE_KEY)).toBe('["Bob","Ann"]');
    // Shown again, all of them: the board keeps none, and the old key is not read back.
    storeHiddenNames(storage, board, new Set());
    expect(readHiddenNames(storage, board).size).toBe(0);
    // Another board of the origin takes them over on its own first load.
    expect([...readHiddenNames(storage, hiddenStorageKey(true, '/docs/'))]).toEqual(['Bob', 'Ann']);
    // serve's page has the one key: emptied, it is removed.
    storeHiddenNames(storage, HIDDEN_STORAGE_KEY, new Set());
    expect(store.has(HIDDEN_STORAGE_KEY)).toBe(false);
  });

  it('reads anything unexpected as no hidden names', () => {
    expect(parseHiddenNames(null).size).toBe(0);
    expect(parseHiddenNames('{').size).toBe(0);
    expect(parseHiddenNames('{"a":1}').size).toBe(0);
    expect([...parseHiddenNames('["a", 3, null]')]).toEqual(['a']);
  });
});

describe('dates and numbers whatever the reader\'s time zone and language', () => {
  it("dates a commit by its UTC day, the day its periods count it in, in the reader's format", () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['Asia/Tokyo', 'Pacific/Kiritimati', 'America/Adak', 'UTC']) {
        process.env.TZ = tz;
        // 22:30 UTC on New Year's Eve: already 1 January in Tokyo, listed under December.
        expect(formatCommitDate('2025-12-31T22:30:00Z'), tz).toBe(new Date(Date.UTC(2025, 11, 31, 12)).toLocaleDateString(undefined, { timeZone: 'UTC' }));
        expect(formatCommitDate('2025-12-31T22:30:00Z'), tz).toContain('31');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('writes chart numbers as the rest of the page does (en-US), not in the browser\'s language', () => {
    const had = 'window' in globalThis;
    Object.assign(globalThis, { window: { matchMedia: () => ({ matches: false }) } });
    try {
      const colors = { text: '#000', axis: '#000', grid: '#000', tooltipBackground: '#fff', tooltipText: '#000', tooltipBorder: '#000' };
      expect(lineChartOptions(colors as never, { dense: false, few: false }, {}).locale).toBe('en-US');
    } finally {
      if (!had) delete (globalThis as { window?: unknown }).window;
    }
  });
});
