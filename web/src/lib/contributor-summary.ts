import type { PeriodType } from '../../../src/shared/data-file.js';
import { formatCount } from './format.js';
import { formatDay, periodBounds } from './periods.js';
import type { PeriodStanding } from './standings.js';

/** What a contributor's page says about them over the periods of one type. */
export interface ContributorSummary {
  periodsActive: number;
  /** Periods of the type in the data, to say "12 of 53". */
  periodsTotal: number;
  /** Their best rank, the most recent period they had it in, and in how many periods. */
  best: { rank: number; label: string; times: number } | null;
  totalScore: number;
  /** What the total holds besides commit scores: manual (other) points, and review and issue points. */
  otherScore: number;
  reviewScore: number;
  commits: number;
  significant: number;
  /** Commit score per commit, as the table's Avg column (0 without commits). */
  avgPerCommit: number;
  /** Total score per active period (0 when never active). */
  avgPerPeriod: number;
  /** significant / commits, 0-1. */
  significanceRatio: number;
}

/** Sums a contributor's standings (oldest first) into {@link ContributorSummary}. */
export function summarizeStandings(standings: readonly PeriodStanding[], periodsTotal: number): ContributorSummary {
  let totalScore = 0;
  let otherScore = 0;
  let reviewScore = 0;
  let commitScore = 0;
  let commits = 0;
  let significant = 0;
  let best: ContributorSummary['best'] = null;
  for (const s of standings) {
    totalScore += s.total_score;
    otherScore += s.additional_score;
    reviewScore += s.review_score + s.issue_score;
    commitScore += s.commit_score;
    commits += s.total_commits;
    significant += s.significant_commits;
    // Oldest first, so a tie moves "when" to the latest period holding it.
    if (!best || s.rank < best.rank) best = { rank: s.rank, label: s.label, times: 1 };
    else if (s.rank === best.rank) best = { rank: s.rank, label: s.label, times: best.times + 1 };
  }
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    periodsActive: standings.length,
    periodsTotal,
    best,
    totalScore: round2(totalScore),
    otherScore: round2(otherScore),
    reviewScore: round2(reviewScore),
    commits,
    significant,
    avgPerCommit: commits > 0 ? round2(commitScore / commits) : 0,
    avgPerPeriod: standings.length > 0 ? round2(totalScore / standings.length) : 0,
    significanceRatio: commits > 0 ? significant / commits : 0,
  };
}

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** An average with one decimal, as the table's Avg column: "52.7", "17.0", "1,234.5". */
export function formatAverage(n: number): string {
  return oneDecimal.format(n);
}

/** "41 commits", then what else the total holds, named only when it holds some. */
export function totalScoreHint(summary: Pick<ContributorSummary, 'commits' | 'otherScore' | 'reviewScore'>, reviews: boolean): string {
  const commits = `${formatCount(summary.commits)} ${summary.commits === 1 ? 'commit' : 'commits'}`;
  const also = [reviews && summary.reviewScore !== 0 && 'reviews', summary.otherScore !== 0 && 'other contributions'].filter(Boolean);
  return also.length > 0 ? `${commits}, ${also.join(' and ')} included` : commits;
}

/** Score and rank per period from their first active period to their last (null rank: no entry). */
export interface StandingSeries {
  labels: string[];
  scores: number[];
  ranks: (number | null)[];
  /** How many contributors each period ranks (null: no entry), to say "3 of 7". */
  ranked: (number | null)[];
  /** Boards with review data: commit score and review points per period (0 without an entry), drawn beside the total. */
  parts?: { commit: number[]; review: number[] };
}

/** The chart's series: every period of the type between their first and last entry, oldest first. */
export function standingSeries(standings: readonly PeriodStanding[], labelsAscending: readonly string[]): StandingSeries {
  const series: StandingSeries = { labels: [], scores: [], ranks: [], ranked: [] };
  const first = standings[0];
  const last = standings[standings.length - 1];
  if (!first || !last) return series;
  const byLabel = new Map(standings.map((s) => [s.label, s]));
  const from = labelsAscending.indexOf(first.label);
  const to = labelsAscending.indexOf(last.label);
  for (const label of labelsAscending.slice(Math.max(0, from), to + 1)) {
    const s = byLabel.get(label);
    series.labels.push(label);
    series.scores.push(s ? s.total_score : 0);
    series.ranks.push(s ? s.rank : null);
    series.ranked.push(s ? s.ranked : null);
  }
  return series;
}

/** Rank ticks at most, about: the chart is 20rem tall, and a label needs about 1.5rem. */
const RANK_TICKS = 10;
const RANK_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];

/**
 * The rank axis of a contributor's chart: from 1 to the most contributors any charted period
 * ranks (the worst rank they could have had there), with ticks at 1, the multiples of a round
 * step, and that last rank. A multiple too close to 1 or to the last rank is left out: 1, 2, 4, 6
 * put the labels 1 and 2 on top of each other.
 */
export function rankAxis(ranked: readonly (number | null)[]): { max: number; ticks: number[] } {
  const max = Math.max(1, ...ranked.map((n) => n ?? 1));
  const step = RANK_STEPS.find((s) => max / s <= RANK_TICKS) ?? Math.ceil(max / RANK_TICKS);
  const ticks = [1];
  for (let t = step; t < max; t += step) if (t - 1 > step / 2) ticks.push(t);
  if (ticks.length > 1 && max - (ticks[ticks.length - 1] as number) < step * 0.75) ticks.pop();
  if (max > 1) ticks.push(max);
  return { max, ticks };
}

/** {@link standingSeries} with the commit score and review points of each of its periods (boards with review data). */
export function withScoreParts(series: StandingSeries, standings: readonly PeriodStanding[]): StandingSeries {
  const byLabel = new Map(standings.map((s) => [s.label, s]));
  return {
    ...series,
    parts: {
      commit: series.labels.map((l) => byLabel.get(l)?.commit_score ?? 0),
      review: series.labels.map((l) => byLabel.get(l)?.review_score ?? 0),
    },
  };
}

/** One manual contribution as the data shows it: the same notes and score over consecutive periods. */
export interface ManualRun {
  notes: string;
  /** Points added in each period of the run. */
  score: number;
  from: string;
  to: string;
  periods: number;
  /** 'Oct 13, 2025 – Oct 26, 2025' from the labels' dates; null for labels of another form. */
  dates: string | null;
}

const DAY_MS = 86_400_000;

/** Whether `next` is the period right after `prev` on the calendar (not merely the board's next one). */
function followsOn(type: PeriodType, prev: string, next: string): boolean {
  const a = periodBounds(type, prev);
  const b = periodBounds(type, next);
  // Labels of another form have no dates: nothing says they are consecutive.
  return a !== null && b !== null && b.start === a.end + DAY_MS;
}

/**
 * The periods where manual points were added, grouped into runs of calendar-consecutive periods
 * with the same notes and score. The data keeps each period's sum and notes, not the
 * contributions' own start and end dates (those are the admins'), so a run's dates are those of
 * the periods it covers. Manual points go only to periods the board has, so periods next to each
 * other in its list may be months apart: those are separate runs.
 */
export function manualRuns(standings: readonly PeriodStanding[], type: PeriodType): ManualRun[] {
  const runs: ManualRun[] = [];
  for (const s of standings) {
    if (s.additional_score === 0 && s.notes === '') continue;
    const run = runs[runs.length - 1];
    if (run && run.notes === s.notes && run.score === s.additional_score && followsOn(type, run.to, s.label)) {
      run.to = s.label;
      run.periods += 1;
    } else {
      runs.push({ notes: s.notes, score: s.additional_score, from: s.label, to: s.label, periods: 1, dates: null });
    }
  }
  return runs.map((run) => {
    const start = periodBounds(type, run.from);
    const end = periodBounds(type, run.to);
    return { ...run, dates: start && end ? `${formatDay(start.start)} – ${formatDay(end.end)}` : null };
  });
}

/** One line of 'Other contributions': a score and notes, and every run of periods that got them. */
export interface ManualItem {
  notes: string;
  score: number;
  /** Periods that got the points, all runs together. */
  periods: number;
  runs: ManualRun[];
  /** Where they applied: '2026-W36 to 2026-W37 (Aug 31, 2026 – Sep 13, 2026)' for one run, '2026-W01, 2026-W36 to 2026-W37 (3 weeks)' for several. */
  where: string;
}

/** Runs shown before and after the '… n more …' of a line with very many of them. */
const RUNS_HEAD = 3;
const RUNS_TAIL = 2;

const PERIOD_WORDS: Record<PeriodType, [string, string]> = { weekly: ['week', 'weeks'], monthly: ['month', 'months'], quarterly: ['quarter', 'quarters'] };

/**
 * The runs of {@link manualRuns} with the same notes and score as one line each (in the order of
 * their first period), naming only the periods that got the points: a line never spans a period
 * without them. Past RUNS_HEAD + RUNS_TAIL + 1 runs the middle ones are counted, not listed.
 */
export function manualItems(runs: readonly ManualRun[], type: PeriodType): ManualItem[] {
  const byKey = new Map<string, ManualItem>();
  for (const run of runs) {
    const key = `${run.score}\n${run.notes}`;
    let item = byKey.get(key);
    if (!item) {
      item = { notes: run.notes, score: run.score, periods: 0, runs: [], where: '' };
      byKey.set(key, item);
    }
    item.runs.push(run);
    item.periods += run.periods;
  }
  const span = (r: ManualRun) => (r.from === r.to ? r.from : `${r.from} to ${r.to}`);
  for (const item of byKey.values()) {
    const [one] = item.runs;
    if (item.runs.length === 1 && one) {
      item.where = `${span(one)}${one.dates ? ` (${one.dates})` : ''}`;
      continue;
    }
    const n = item.runs.length;
    const listed = n > RUNS_HEAD + RUNS_TAIL + 1
      ? [...item.runs.slice(0, RUNS_HEAD).map(span), `… ${formatCount(n - RUNS_HEAD - RUNS_TAIL)} more …`, ...item.runs.slice(n - RUNS_TAIL).map(span)]
      : item.runs.map(span);
    const [word, words] = PERIOD_WORDS[type];
    item.where = `${listed.join(', ')} (${formatCount(item.periods)} ${item.periods === 1 ? word : words})`;
  }
  return [...byKey.values()];
}
