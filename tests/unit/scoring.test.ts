import { describe, expect, it } from 'vitest';
import { scoreCommit, scoreFiles, scoreKeyword, scoreLoc } from '../../src/core/scoring.js';
import type { AiScorer, Excluder, FileChange, RawCommit } from '../../src/core/types.js';

const file = (path: string, insertions = 1, deletions = 0, binary = false): FileChange => ({ path, insertions, deletions, binary });

const raw = (over: Partial<RawCommit> = {}): RawCommit => ({
  hash: 'a'.repeat(40),
  authorName: 'Ada',
  authorEmail: 'ada@example.com',
  authorDate: '2025-03-04T10:00:00.000Z',
  subject: 'feat: thing',
  body: '',
  files: [file('src/a.ts', 10, 5)],
  ...over,
});

const noExclusions: Excluder = () => null;
const lockExcluder: Excluder = (p) => (p.endsWith('.lock') || p === 'package-lock.json' ? 'lockfile' : null);
const fixedAi = (score: number, reason?: string): AiScorer => ({ id: 'fixed', score: () => ({ score, source: 'fixed', ...(reason ? { reason } : {}) }) });

describe('scoreLoc', () => {
  it.each([
    [0, 3], [1, 3], [19, 3], [20, 8], [49, 8], [50, 15], [99, 15], [100, 30], [5000, 30],
  ])('%i lines -> %i', (lines, expected) => {
    expect(scoreLoc(lines, false)).toBe(expected);
  });
  it('is 0 when every changed file is excluded', () => {
    expect(scoreLoc(500, true)).toBe(0);
    expect(scoreLoc(0, true)).toBe(0);
  });
});

describe('scoreFiles', () => {
  it.each([
    [0, 0], [1, 5], [2, 10], [4, 10], [5, 20], [50, 20],
  ])('%i files -> %i', (files, expected) => {
    expect(scoreFiles(files, false)).toBe(expected);
  });
  it('is 0 when every changed file is excluded', () => {
    expect(scoreFiles(7, true)).toBe(0);
  });
});

describe('scoreKeyword', () => {
  it.each([
    ['feat', 25], ['feature', 25], ['refactor', 25], ['perf', 25], ['breaking', 25],
    ['fix', 15], ['bug', 15], ['improve', 15], ['enhance', 15], ['update', 15],
    ['test', 10], ['chore', 10], ['ci', 10],
    ['docs', 5], ['doc', 5], ['typo', 5], ['style', 5], ['format', 5],
  ])('%s: -> %i', (type, expected) => {
    expect(scoreKeyword(`${type}: something`, '')).toEqual({ score: expected, type, breaking: false });
  });

  it('accepts a scope', () => {
    expect(scoreKeyword('fix(core): off by one', '')).toEqual({ score: 15, type: 'fix', breaking: false });
    expect(scoreKeyword('docs(api/v2): explain', '')).toEqual({ score: 5, type: 'docs', breaking: false });
    expect(scoreKeyword('chore(): empty scope', '')).toEqual({ score: 10, type: 'chore', breaking: false });
  });

  it('is case-insensitive and reports the type lower-cased', () => {
    expect(scoreKeyword('FIX: shout', '')).toEqual({ score: 15, type: 'fix', breaking: false });
    expect(scoreKeyword('Docs(Readme): x', '')).toEqual({ score: 5, type: 'docs', breaking: false });
  });

  it('gives 25 for ! before the colon, with or without scope, whatever the type', () => {
    expect(scoreKeyword('docs!: drop old guide', '')).toEqual({ score: 25, type: 'docs', breaking: true });
    expect(scoreKeyword('chore(deps)!: drop node 18', '')).toEqual({ score: 25, type: 'chore', breaking: true });
    expect(scoreKeyword('wip!: unknown type', '')).toEqual({ score: 25, type: null, breaking: true });
  });

  it('gives 25 for a BREAKING CHANGE or BREAKING-CHANGE footer in the body', () => {
    expect(scoreKeyword('docs: x', 'Some text.\n\nBREAKING CHANGE: the API moved')).toEqual({ score: 25, type: 'docs', breaking: true });
    expect(scoreKeyword('no type here', 'BREAKING-CHANGE: yes')).toEqual({ score: 25, type: null, breaking: true });
  });

  it('ignores a footer token that is not upper case at the start of a line', () => {
    expect(scoreKeyword('fix: x', 'this is not a BREAKING CHANGE: really').score).toBe(15);
    expect(scoreKeyword('fix: x', 'breaking change: lower case').score).toBe(15);
  });

  it('gives 12 with no recognised type', () => {
    expect(scoreKeyword('Add the thing', '')).toEqual({ score: 12, type: null, breaking: false });
    expect(scoreKeyword('wip: unknown type', '')).toEqual({ score: 12, type: null, breaking: false });
    expect(scoreKeyword('', '')).toEqual({ score: 12, type: null, breaking: false });
    expect(scoreKeyword('constructor: not a type', '')).toEqual({ score: 12, type: null, breaking: false });
  });

  it('needs the colon right after the type, scope or !', () => {
    expect(scoreKeyword('fix the login bug', '').score).toBe(12);
    expect(scoreKeyword('feat(scope) add x', '').score).toBe(12);
    expect(scoreKeyword('feat : spaced colon', '').score).toBe(12);
    expect(scoreKeyword('fixes: plural is another word', '').score).toBe(12);
    expect(scoreKeyword('Revert "feat: x"', '').score).toBe(12);
  });

  it('reads the subject only, not the body, for the type', () => {
    expect(scoreKeyword('misc', 'feat: in the body').score).toBe(12);
  });
});

describe('scoreCommit', () => {
  it('sums the parts and fills the commit fields', async () => {
    const c = await scoreCommit(raw({ files: [file('src/a.ts', 60, 40), file('src/b.ts', 1, 1)] }), noExclusions, fixedAi(20, 'because'));
    expect(c).toEqual({
      hash: 'a'.repeat(40),
      author: 'Ada',
      email: 'ada@example.com',
      date: '2025-03-04T10:00:00.000Z',
      subject: 'feat: thing',
      breaking: false,
      stats: { files: 2, insertions: 61, deletions: 41, excluded_files: 0, excluded_lines: 0 },
      scores: { loc: 30, files: 10, keyword: 25, ai: 20, ai_source: 'fixed', ai_reason: 'because' },
      total: 85,
    });
  });

  it('leaves excluded files out of lines and files and records them', async () => {
    const files = [file('src/a.ts', 10, 5), file('package-lock.json', 900, 300), file('Cargo.lock', 10, 0)];
    const c = await scoreCommit(raw({ files, subject: 'fix: x' }), lockExcluder, fixedAi(0));
    expect(c.stats).toEqual({ files: 1, insertions: 10, deletions: 5, excluded_files: 2, excluded_lines: 1210 });
    expect(c.scores).toMatchObject({ loc: 3, files: 5, keyword: 15 });
    expect(c.scores.ai_reason).toBeUndefined();
    expect('ai_reason' in c.scores).toBe(false);
  });

  it('gives 0 LOC and 0 Files when every changed file is excluded', async () => {
    const c = await scoreCommit(raw({ files: [file('yarn.lock', 500, 500)], subject: 'chore: bump' }), lockExcluder, fixedAi(0));
    expect(c.scores).toMatchObject({ loc: 0, files: 0, keyword: 10 });
    expect(c.stats).toMatchObject({ files: 0, insertions: 0, deletions: 0, excluded_files: 1, excluded_lines: 1000 });
    expect(c.total).toBe(10);
  });

  it('gives an empty commit the small LOC value and 0 files (nothing was excluded)', async () => {
    const c = await scoreCommit(raw({ files: [], subject: 'chore: trigger CI' }), lockExcluder, fixedAi(0));
    expect(c.scores).toMatchObject({ loc: 3, files: 0, keyword: 10, ai: 0 });
    expect(c.total).toBe(13);
  });

  it('counts a binary file as a file with no lines', async () => {
    const c = await scoreCommit(raw({ files: [file('logo.png', 0, 0, true)] }), noExclusions, fixedAi(0));
    expect(c.stats).toMatchObject({ files: 1, insertions: 0, deletions: 0 });
    expect(c.scores).toMatchObject({ loc: 3, files: 5 });
  });

  it('passes counted and excluded files to the AI scorer and awaits async scorers', async () => {
    let seen: { counted: string[]; excluded: string[] } | undefined;
    const ai: AiScorer = {
      id: 'spy',
      score: async (input) => {
        seen = { counted: input.counted.map((f) => f.path), excluded: input.excluded.map((f) => f.path) };
        return { score: 7, source: 'spy' };
      },
    };
    const c = await scoreCommit(raw({ files: [file('a.ts'), file('x.lock')] }), lockExcluder, ai);
    expect(seen).toEqual({ counted: ['a.ts'], excluded: ['x.lock'] });
    expect(c.scores.ai).toBe(7);
    expect(c.scores.ai_source).toBe('spy');
  });

  it('clamps an out-of-range or fractional AI score to a whole number 0-25', async () => {
    expect((await scoreCommit(raw(), noExclusions, fixedAi(40))).scores.ai).toBe(25);
    expect((await scoreCommit(raw(), noExclusions, fixedAi(-3))).scores.ai).toBe(0);
    expect((await scoreCommit(raw(), noExclusions, fixedAi(12.6))).scores.ai).toBe(13);
    expect((await scoreCommit(raw(), noExclusions, fixedAi(Number.NaN))).scores.ai).toBe(0);
  });

  it('marks breaking commits and scores them 25 on keyword', async () => {
    const c = await scoreCommit(raw({ subject: 'fix!: change API' }), noExclusions, fixedAi(0));
    expect(c.breaking).toBe(true);
    expect(c.scores.keyword).toBe(25);
  });

  it('can reach exactly 100', async () => {
    const files = ['a', 'b', 'c', 'd', 'e'].map((n) => file(`src/${n}.ts`, 20, 0));
    const c = await scoreCommit(raw({ files, subject: 'feat: big' }), noExclusions, fixedAi(25));
    expect(c.total).toBe(100);
  });
});
