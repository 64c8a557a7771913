import { describe, expect, it } from 'vitest';
import { coAuthorsText, creditText, revertMarks, uncancelledTotal } from '../../../web/src/lib/credit-notes.js';
import { describeCoAuthors, prettyThresholds, readScoringRules } from '../../../web/src/lib/rules.js';
import { computeSummary } from '../../../web/src/lib/summary.js';
import { entry } from './helpers.js';

const scores = { total: 76, loc: 30, files: 5, keyword: 25, ai: 16 };

describe('commit card texts', () => {
  it('says who co-authored', () => {
    expect(coAuthorsText({ co_authors: ['Bob', 'Carol Real'] })).toBe('with Bob, Carol Real');
    expect(coAuthorsText({ co_authors: [] })).toBeNull();
    expect(coAuthorsText({})).toBeNull();
  });

  it("gives the open person's part under share, the author taking the leftover cent", () => {
    const commit = { co_authors: ['Bob', 'Carol'], scores };
    expect(creditText(commit, 'Alice', 'share')?.text).toBe("Alice's part: 25.34 of 76 pts, split 3 ways");
    expect(creditText(commit, 'Carol', 'share')).toEqual({ text: "Carol's part: 25.33 of 76 pts, split 3 ways", part: 25.33 });
    expect(creditText(commit, 'Bob', 'full')?.text).toBe('Bob gets the whole 76 pts, as each of the 3 people do');
    expect(creditText(commit, 'Bob', 'author')).toBeNull();
    expect(creditText({ co_authors: [], scores }, 'Bob', 'share')).toBeNull();
  });

  it('marks cancelled commits with the short hashes the cards show', () => {
    expect(revertMarks({ reverted_by: '1a2b3c4d5e6f' })).toEqual(['reverted by 1a2b3c4d']);
    expect(revertMarks({ revert_of: ['5d6e7f8091', 'abcdef0123'] })).toEqual(['revert of 5d6e7f80, abcdef01']);
    expect(revertMarks({})).toEqual([]);
    expect(uncancelledTotal({ ...scores, total: 0 })).toBe(76);
  });
});

describe('the rules panel reads the metadata', () => {
  it('takes the recorded settings and counts', () => {
    const rules = readScoringRules({ analysis_period_days: 90, metadata: {
      windowStart: '2025-01-01T00:00:00.000Z', head: 'abc', commitsPerEntry: 20,
      scoring: { loc: '>=100 lines: 30', files: 'x', keyword: 'y', ai: 'heuristic', significantAt: 50 },
      credit: { coAuthors: 'share', reverts: 'cancel', cancelled: 2, coAuthored: 1 },
    } });
    expect(rules.credit).toEqual({ coAuthors: 'share', reverts: 'cancel', recorded: true, cancelled: 2, coAuthored: 1 });
    expect(rules.window).toEqual({ start: '2025-01-01T00:00:00.000Z', days: 90, head: 'abc', commitsPerEntry: 20 });
    expect(prettyThresholds(rules.parts.loc ?? '')).toBe('≥100 lines: 30');
    expect(describeCoAuthors('share')).toContain('split equally');
  });

  it('reads an older file (nothing recorded, or malformed) as the plain rules', () => {
    const rules = readScoringRules({ analysis_period_days: 365, metadata: { daysBack: 365, credit: { coAuthors: 'half' }, scoring: 'x' } });
    expect(rules.credit).toMatchObject({ coAuthors: 'author', reverts: 'score', recorded: false });
    expect(rules.parts).toEqual({ loc: null, files: null, keyword: null });
    expect(rules.ai).toBeNull();
  });
});

describe('summary with shared commits', () => {
  it('counts a commit credited to co-authors once', () => {
    const summary = computeSummary([
      entry('Ann', { total_commits: 2, significant_commits: 1, simple_commits: 1 }),
      entry('Bo', { total_commits: 3, significant_commits: 2, simple_commits: 1, co_authored_commits: 2, co_authored_significant: 1 }),
    ]);
    expect(summary).toMatchObject({ totalCommits: 3, significantCommits: 2, simpleCommits: 1 });
  });
});
