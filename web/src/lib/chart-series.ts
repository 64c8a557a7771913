import type { Periods } from '../../../src/shared/data-file.js';
import { sortLabelsAscending } from './periods.js';
import { ownCommits } from './summary.js';

/** One point per period, oldest first, for the trends chart. */
export interface TrendSeries {
  labels: string[];
  totalCommits: number[];
  significantCommits: number[];
  simpleCommits: number[];
  /** Number of (visible) contributor records of each period. */
  contributors: number[];
  /** Boards with review data: pull requests reviewed per period (each once per person). */
  reviews?: number[];
}

/**
 * Sums every period of one type: total, significant and simple commits and the number of
 * contributor records, leaving out hidden contributors; a commit credited to co-authors too
 * counts once (see ownCommits). Periods are sorted by label.
 */
export function buildTrendSeries(periods: Periods, hidden: ReadonlySet<string> = new Set(), withReviews = false): TrendSeries {
  const series: TrendSeries = { labels: [], totalCommits: [], significantCommits: [], simpleCommits: [], contributors: [] };
  const reviews: number[] = [];
  for (const label of sortLabelsAscending(Object.keys(periods))) {
    let total = 0;
    let significant = 0;
    let simple = 0;
    let contributors = 0;
    let reviewed = 0;
    for (const e of periods[label] ?? []) {
      if (hidden.has(e.name)) continue;
      reviewed += e.review_count ?? 0;
      const own = ownCommits(e);
      total += own.total;
      significant += own.significant;
      simple += own.simple;
      contributors += 1;
    }
    series.labels.push(label);
    series.totalCommits.push(total);
    series.significantCommits.push(significant);
    series.simpleCommits.push(simple);
    series.contributors.push(contributors);
    reviews.push(reviewed);
  }
  return withReviews ? { ...series, reviews } : series;
}
