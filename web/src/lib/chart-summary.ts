import type { PeriodType } from '../../../src/shared/data-file.js';
import type { TrendSeries } from './chart-series.js';
import type { StandingSeries } from './contributor-summary.js';
import { formatCount, formatScore } from './format.js';

// The charts are canvases: a screen reader gets their name and nothing of what they show. These
// sentences are their text equivalent (the canvas's description, read from a visually hidden
// paragraph): what is plotted, over which periods, the highest point and the latest value of each
// line. A sentence and not a table of every period: a 20-year weekly board has 1,044 of them, and
// the chart is summed again at every tab switch and filter change.

/** Index of the best value by `better` (the earliest of equal ones), or -1 when there is none. */
function peakAt(values: readonly (number | null)[], better: (a: number, b: number) => boolean): number {
  let at = -1;
  values.forEach((v, i) => {
    const best = values[at];
    if (v !== null && (at < 0 || (best !== null && best !== undefined && better(v, best)))) at = i;
  });
  return at;
}

function range(labels: readonly string[], type: PeriodType): string {
  const first = labels[0] ?? '';
  const last = labels[labels.length - 1] ?? '';
  return labels.length === 1 ? `1 ${type} period, ${first}` : `${formatCount(labels.length)} ${type} periods, ${first} to ${last}`;
}

/**
 * 'Significant commits: 120 in all, highest 14 in 2025-W10, latest 3.' ('Significant commits: 4.'
 * for one period); without `sum` for what is not added up over periods (people, a score per period).
 */
function line(name: string, values: readonly number[], labels: readonly string[], format: (n: number) => string, sum = true): string {
  const latest = values[values.length - 1] ?? 0;
  if (values.length === 1) return `${name}: ${format(latest)}.`;
  const at = peakAt(values, (a, b) => a > b);
  const total = sum ? `${format(values.reduce((all, v) => all + v, 0))} in all, ` : '';
  return `${name}: ${total}highest ${format(values[at] ?? 0)} in ${labels[at] ?? ''}, latest ${format(latest)}.`;
}

/**
 * What the trends chart shows, in words: the periods it covers, then for each line its total,
 * its highest period and its latest value. Contributors are people per period, so no total.
 */
export function describeTrends(series: TrendSeries, type: PeriodType): string {
  const { labels } = series;
  return [
    `${range(labels, type)}.`,
    line('Significant commits', series.significantCommits, labels, formatCount),
    line('Simple commits', series.simpleCommits, labels, formatCount),
    line('Contributors', series.contributors, labels, formatCount, false),
    ...(series.reviews ? [line('Reviews', series.reviews, labels, formatCount)] : []),
  ].join(' ');
}

/** 'Rank: best 2 in 2025-W38, latest 5.' (1 is best); '' when no period has a rank. */
function rankLine(ranks: readonly (number | null)[], labels: readonly string[]): string {
  const best = peakAt(ranks, (a, b) => a < b);
  const bestRank = ranks[best];
  if (bestRank === null || bestRank === undefined) return '';
  if (labels.length === 1) return `Rank: ${bestRank}.`;
  const latest = ranks[ranks.length - 1];
  return `Rank: best ${bestRank} in ${labels[best] ?? ''}${latest ? `, latest ${latest}` : ''}.`;
}

/**
 * What a contributor's chart shows, in words: the periods from their first entry to their last
 * (and in how many they have one), the total score's highest and latest, the best and latest rank,
 * and with `parts` (a board with review data, whose chart draws them) the two parts of the score.
 */
export function describeStanding(series: StandingSeries, type: PeriodType, parts = false): string {
  const { labels, ranks } = series;
  const entries = ranks.filter((r) => r !== null).length;
  const withEntry = entries === labels.length ? '' : ` (an entry in ${formatCount(entries)})`;
  const partLines = parts && series.parts
    ? [line('Commit score', series.parts.commit, labels, formatScore), line('Review points', series.parts.review, labels, formatScore)]
    : [];
  return [
    `${range(labels, type)}${withEntry}.`,
    // No sum: a manual contribution counts in every period it overlaps, so the periods' totals
    // added up counted it again in each (a year-long one 52 times on the weekly tab).
    line('Total score', series.scores, labels, formatScore, false),
    rankLine(ranks, labels),
    ...partLines,
  ].filter(Boolean).join(' ');
}
