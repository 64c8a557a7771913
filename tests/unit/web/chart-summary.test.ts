import { describe, expect, it } from 'vitest';
import { describeStanding, describeTrends } from '../../../web/src/lib/chart-summary.js';

describe('describeTrends', () => {
  const series = {
    labels: ['2025-W08', '2025-W09', '2025-W10', '2025-W11'],
    totalCommits: [3, 14, 9, 5],
    significantCommits: [1, 9, 9, 4],
    simpleCommits: [2, 5, 0, 1],
    contributors: [2, 1205, 3, 2],
  };

  it('names the periods, then each line\'s total, highest period (the earliest of equal ones) and latest value', () => {
    expect(describeTrends(series, 'weekly')).toBe(
      '4 weekly periods, 2025-W08 to 2025-W11. Significant commits: 23 in all, highest 9 in 2025-W09, latest 4. '
      + 'Simple commits: 8 in all, highest 5 in 2025-W09, latest 1. Contributors: highest 1,205 in 2025-W09, latest 2.',
    );
  });

  it('adds reviews when the board has them, and says one period plainly', () => {
    expect(describeTrends({ ...series, reviews: [0, 2, 7, 1] }, 'weekly')).toContain('Reviews: 10 in all, highest 7 in 2025-W10, latest 1.');
    expect(describeTrends({ labels: ['2025-Q4'], totalCommits: [5], significantCommits: [3], simpleCommits: [2], contributors: [4] }, 'quarterly'))
      .toBe('1 quarterly period, 2025-Q4. Significant commits: 3. Simple commits: 2. Contributors: 4.');
  });
});

describe('describeStanding', () => {
  const series = { labels: ['2025-W08', '2025-W09', '2025-W10', '2025-W11'], scores: [120.5, 0, 300, 80], ranks: [4, null, 2, 6], ranked: [9, null, 7, 8] };

  it('names the periods and those with an entry, the total score and the best and latest rank', () => {
    expect(describeStanding(series, 'weekly')).toBe(
      '4 weekly periods, 2025-W08 to 2025-W11 (an entry in 3). Total score: highest 300 in 2025-W10, latest 80. '
      + 'Rank: best 2 in 2025-W10, latest 6.',
    );
  });

  it('adds the two parts of the score only when the chart draws them', () => {
    const withParts = { ...series, parts: { commit: [100.5, 0, 250, 80], review: [20, 0, 50, 0] } };
    expect(describeStanding(withParts, 'weekly')).not.toContain('Review points');
    expect(describeStanding(withParts, 'weekly', true)).toContain('Commit score: 430.5 in all, highest 250 in 2025-W10, latest 80. Review points: 70 in all, highest 50 in 2025-W10, latest 0.');
  });

  it('says one period plainly', () => {
    expect(describeStanding({ labels: ['2025-10'], scores: [42], ranks: [1], ranked: [3] }, 'monthly')).toBe('1 monthly period, 2025-10. Total score: 42. Rank: 1.');
  });
});
