import type { Periods } from '../../../src/shared/data-file.js';
import { sortLabelsAscending } from './periods.js';
import { entryCounts, tallyPeriod } from './summary.js';

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
 * counts once (see tallyPeriod, with `shared`, the type's shared commits by label). Periods are
 * sorted by label.
 */
export function buildTrendSeries(periods: Periods, hidden: ReadonlySet<string> = new Set(), withReviews = false, shared?: Readonly<Record<string, readonly number[]>>): TrendSeries {
  const series: TrendSeries = { labels: [], totalCommits: [], significantCommits: [], simpleCommits: [], contributors: [] };
  const reviews: number[] = [];
  for (const label of sortLabelsAscending(Object.keys(periods))) {
    const entries = periods[label] ?? [];
    let reviewed = 0;
    for (const e of entries) if (!hidden.has(e.name)) reviewed += e.review_count ?? 0;
    const t = tallyPeriod(entryCounts(entries, hidden), shared && Object.hasOwn(shared, label) ? shared[label] : undefined);
    series.labels.push(label);
    series.totalCommits.push(t.total);
    series.significantCommits.push(t.significant);
    series.simpleCommits.push(t.simple);
    series.contributors.push(t.contributors);
    reviews.push(reviewed);
  }
  return withReviews ? { ...series, reviews } : series;
}
