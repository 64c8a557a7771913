import { describe, expect, it } from 'vitest';
import { classifyPath, HeuristicAiScorer } from '../../src/core/ai/heuristic.js';
import type { AiScoreInput, FileChange } from '../../src/core/types.js';

const file = (path: string, insertions = 0, deletions = 0): FileChange => ({ path, insertions, deletions, binary: false });

const input = (counted: FileChange[], subject = 'misc', excluded: FileChange[] = []): AiScoreInput => ({
  commit: {
    hash: 'h'.repeat(40), authorName: 'A', authorEmail: 'a@x', authorDate: '2025-01-01T00:00:00Z',
    subject, body: '', files: [...counted, ...excluded],
  },
  counted,
  excluded,
});

const scorer = new HeuristicAiScorer();
const score = (i: AiScoreInput): number => scorer.score(i).score;

describe('classifyPath', () => {
  it.each([
    ['src/index.ts', 'source'], ['lib/cache.py', 'source'], ['main.go', 'source'], ['csrc/kernel.cu', 'source'],
    ['tests/unit/a.ts', 'test'], ['src/a.test.ts', 'test'], ['pkg/cache_test.go', 'test'], ['test_cache.py', 'test'],
    ['src/__tests__/x.js', 'test'], ['web/a.spec.tsx', 'test'],
    ['README.md', 'docs'], ['docs/guide/intro.ts', 'docs'], ['CHANGELOG', 'docs'], ['notes.rst', 'docs'],
    ['package.json', 'config'], ['.github/workflows/ci.yml', 'config'], ['Dockerfile', 'config'], ['.eslintrc', 'config'],
    ['assets/logo.png', 'other'], ['data/blob.bin', 'other'],
  ])('%s is %s', (path, kind) => {
    expect(classifyPath(path)).toBe(kind);
  });
});

describe('HeuristicAiScorer', () => {
  it('identifies itself as heuristic', () => {
    expect(scorer.id).toBe('heuristic');
    expect(scorer.score(input([file('a.ts', 1)])).source).toBe('heuristic');
  });

  it('scores 0 with no counted files, saying why', () => {
    expect(scorer.score(input([]))).toEqual({ score: 0, source: 'heuristic', reason: 'no files changed' });
    expect(scorer.score(input([], 'add feature', [file('yarn.lock', 900)]))).toEqual({ score: 0, source: 'heuristic', reason: 'every changed file is excluded' });
  });

  it('adds one size point per doubling of counted lines, up to 10', () => {
    // One root-level source file, neutral subject: kind 6, breadth 0.
    const at = (lines: number) => score(input([file('a.ts', lines)])) - 6;
    expect([0, 1, 2, 3, 7, 15, 31, 63, 127, 255, 511, 1022, 1023, 100000].map(at)).toEqual([0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 10]);
  });

  it('ignores excluded files and their lines', () => {
    const base = score(input([file('a.ts', 3)]));
    expect(score(input([file('a.ts', 3)], 'misc', [file('vendor/x.js', 5000), file('other/y.lock', 9)]))).toBe(base);
    expect(scorer.score(input([file('a.ts', 3)], 'misc', [file('yarn.lock', 1)])).reason).toContain('1 excluded file');
  });

  it('weighs source 6, tests 2, and docs/config/other 1 when nothing else', () => {
    expect(score(input([file('a.ts')]))).toBe(6);
    expect(score(input([file('a.test.ts')]))).toBe(2);
    expect(score(input([file('a.ts'), file('a.test.ts')]))).toBe(8);
    expect(score(input([file('README.md')]))).toBe(1);
    expect(score(input([file('package.json')]))).toBe(1);
    expect(score(input([file('logo.png')]))).toBe(1);
    expect(score(input([file('a.ts'), file('README.md')]))).toBe(6);
  });

  it('adds a breadth point per extra top-level directory, up to 3', () => {
    const dirs = (n: number) => Array.from({ length: n }, (_, i) => file(`d${i}/x.png`));
    expect(score(input(dirs(1)))).toBe(1);
    expect(score(input(dirs(2)))).toBe(2);
    expect(score(input(dirs(4)))).toBe(4);
    expect(score(input(dirs(9)))).toBe(4);
    // Root-level files form one group of their own.
    expect(score(input([file('x.png'), file('d/y.png')]))).toBe(2);
  });

  it('adds 4 for building wording and takes 2 for trivial wording', () => {
    expect(score(input([file('a.ts')], 'Add cache eviction'))).toBe(10);
    expect(score(input([file('a.ts')], 'feat: implemented LRU'))).toBe(10);
    expect(score(input([file('a.ts')], 'Fix typo'))).toBe(4);
    expect(score(input([file('a.ts')], 'bump deps, add lint'))).toBe(8);
    // Words inside other words do not count.
    expect(score(input([file('a.ts')], 'address padding'))).toBe(6);
  });

  it('never goes below 0 or above 25 and always returns whole numbers', () => {
    expect(score(input([file('README.md')], 'typo'))).toBe(0);
    const huge = [
      ...Array.from({ length: 6 }, (_, i) => file(`m${i}/src/a.ts`, 5000, 5000)),
      file('tests/a.test.ts', 10),
    ];
    expect(score(input(huge, 'Implement and optimize the new engine'))).toBe(25);
    for (let lines = 0; lines < 3000; lines += 37) {
      const s = score(input([file('src/a.ts', lines), file('tests/b.ts', 1)], 'add things'));
      expect(Number.isInteger(s)).toBe(true);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(25);
    }
  });

  it('is deterministic and explains itself briefly', () => {
    const i = input([file('src/a.ts', 30, 10), file('tests/a.test.ts', 5)], 'Add thing', [file('yarn.lock', 3)]);
    const a = scorer.score(i);
    expect(scorer.score(i)).toEqual(a);
    expect(a.reason).toBe('45 lines in 2 files (source, test) across 2 top-level dirs; building wording; 1 excluded file');
    // size floor(log2(46)) = 5, kind 8, breadth 1, wording 4
    expect(a.score).toBe(18);
  });
});
