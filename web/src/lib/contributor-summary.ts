import type { PeriodType } from '../../../src/shared/data-file.js';
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
  let commitScore = 0;
  let commits = 0;
  let significant = 0;
  let best: ContributorSummary['best'] = null;
  for (const s of standings) {
    totalScore += s.total_score;
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
    commits,
    significant,
    avgPerCommit: commits > 0 ? round2(commitScore / commits) : 0,
    avgPerPeriod: standings.length > 0 ? round2(totalScore / standings.length) : 0,
    significanceRatio: commits > 0 ? significant / commits : 0,
  };
}

/** Score and rank per period from their first active period to their last (null rank: no entry). */
export interface StandingSeries {
  labels: string[];
  scores: number[];
  ranks: (number | null)[];
  /** Boards with review data: commit score and review points per period (0 without an entry), drawn beside the total. */
  parts?: { commit: number[]; review: number[] };
}

/** The chart's series: every period of the type between their first and last entry, oldest first. */
export function standingSeries(standings: readonly PeriodStanding[], labelsAscending: readonly string[]): StandingSeries {
  const series: StandingSeries = { labels: [], scores: [], ranks: [] };
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
  }
  return series;
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

/**
 * The periods where manual points were added, grouped into runs of consecutive periods (in the
 * type's label order) with the same notes and score. The data keeps each period's sum and notes,
 * not the contributions' own start and end dates (those are the admins'), so a run's dates are
 * those of the periods it covers.
 */
export function manualRuns(standings: readonly PeriodStanding[], labelsAscending: readonly string[], type: PeriodType): ManualRun[] {
  const position = new Map(labelsAscending.map((l, i) => [l, i]));
  const runs: (ManualRun & { lastAt: number })[] = [];
  for (const s of standings) {
    if (s.additional_score === 0 && s.notes === '') continue;
    const at = position.get(s.label) ?? -2;
    const run = runs[runs.length - 1];
    if (run && run.notes === s.notes && run.score === s.additional_score && run.lastAt === at - 1) {
      run.to = s.label;
      run.periods += 1;
      run.lastAt = at;
    } else {
      runs.push({ notes: s.notes, score: s.additional_score, from: s.label, to: s.label, periods: 1, dates: null, lastAt: at });
    }
  }
  return runs.map(({ lastAt: _, ...run }) => {
    const start = periodBounds(type, run.from);
    const end = periodBounds(type, run.to);
    return { ...run, dates: start && end ? `${formatDay(start.start)} – ${formatDay(end.end)}` : null };
  });
}
