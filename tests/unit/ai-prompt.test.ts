import { describe, expect, it } from 'vitest';
import { buildUserPrompt, diffPriority, DIFF_BUDGET, estimatePromptChars, parseAnswer, PER_FILE_DIFF } from '../../src/core/ai/prompt.js';
import type { AiScoreInput, FileChange } from '../../src/core/types.js';

const file = (path: string, lines = 10, over: Partial<FileChange> = {}): FileChange => ({ path, insertions: lines, deletions: 0, binary: false, ...over });
const input = (counted: FileChange[], excluded: FileChange[] = [], body = ''): AiScoreInput => ({
  commit: { hash: 'a'.repeat(40), authorName: 'A', authorEmail: 'a@x', authorDate: '2025-01-01T00:00:00Z', subject: 'feat: thing', body, files: [...counted, ...excluded] },
  counted,
  excluded,
});

describe('the prompt', () => {
  it('shows source diffs before tests, other files, config and docs, bigger first, and never binary files', () => {
    const order = diffPriority([file('README.md', 500), file('tests/a.test.ts', 5), file('package.json', 3), file('src/small.ts', 2), file('src/big.ts', 90), file('logo.png', 0, { binary: true })]);
    expect(order.map((f) => f.path)).toEqual(['src/big.ts', 'src/small.ts', 'tests/a.test.ts', 'package.json', 'README.md']);
  });

  it('keeps the diff within the budget, cutting long patches, and names excluded files without their content', () => {
    const counted = [file('src/a.ts', 500), file('src/b.ts', 500), file('src/c.ts', 500), file('src/d.ts', 500), file('docs/guide.md', 50)];
    const patches = new Map(counted.map((f) => [f.path, `${'+x'.repeat(PER_FILE_DIFF / 2)}`]));
    const prompt = buildUserPrompt(input(counted, [file('package-lock.json', 9000)]), patches);
    const diff = prompt.slice(prompt.indexOf('Diff (partial'));
    expect(diff.length).toBeLessThan(DIFF_BUDGET + 400);
    expect(prompt).toContain('- package-lock.json (+9000 -0) [excluded: content not shown]');
    expect(prompt).toContain('1 more file(s) excluded from the counts');
    // The docs file came last and the budget ran out before it.
    expect(diff).not.toContain('--- docs/guide.md');
    expect(diff).toContain('--- src/a.ts');
  });

  it('bounds the body and the file list', () => {
    const many = Array.from({ length: 100 }, (_, i) => file(`src/f${i}.ts`, 1));
    const prompt = buildUserPrompt(input(many, [], 'b'.repeat(10_000)), new Map());
    expect(prompt).toContain('[... 8000 more characters]');
    expect(prompt).toContain('- ... and 40 more file(s)');
    expect(prompt.length).toBeLessThan(6_000);
  });

  it('estimates a prompt from numstat alone, within the budget', () => {
    const small = estimatePromptChars(input([file('src/a.ts', 3)]));
    const huge = estimatePromptChars(input(Array.from({ length: 30 }, (_, i) => file(`src/f${i}.ts`, 5000))));
    expect(small).toBeGreaterThan(1000);
    expect(huge - small).toBeLessThanOrEqual(DIFF_BUDGET + 3000);
  });
});

describe('reading an answer', () => {
  it.each([
    ['{"score": 17, "reason": "Adds caching."}', 17],
    ['```json\n{"score": 3, "reason": "Typo."}\n```', 3],
    ['Here you go: {"score": 25, "reason": "Huge."} Thanks!', 25],
    ['{"score": 0, "reason": "Nothing."}', 0],
    // A reasoning model's thinking, braces and all, before its answer.
    ['<think>\nMaybe {"score": 20}? No: it is small. {"score": 5, "reason": "x"}\n</think>\n{"score":14,"reason":"Adds a flag."}', 14],
  ])('accepts %j', (text, score) => {
    expect(parseAnswer(text)).toMatchObject({ ok: true, answer: { score } });
  });

  it.each([
    ['not json at all', /not JSON/],
    ['{"score": 17, "reason": }', /not valid JSON/],
    ['{"score": 26, "reason": "Too much."}', /score/],
    ['{"score": -1, "reason": "Negative."}', /score/],
    ['{"score": 12.5, "reason": "Half."}', /whole|int/i],
    ['{"score": "12", "reason": "String."}', /score/],
    ['{"score": 12}', /reason/],
    ['{"score": 12, "reason": "   "}', /reason/],
  ])('refuses %j, saying why', (text, why) => {
    const parsed = parseAnswer(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(why);
  });
});
