import type { ContributorEntry } from '../../../src/shared/data-file.js';

/** The five summary cards of one period, after filtering. */
export interface Summary {
  totalCommits: number;
  significantCommits: number;
  simpleCommits: number;
  /** Number of (visible) contributor entries. */
  contributors: number;
  /** significant / total as a percentage with one decimal (`'42.9'`), `'0'` when there are no commits. */
  significanceRate: string;
}

/** Significant commits over total commits, as a percentage with one decimal; `'0'` with no commits. */
export function significanceRate(significant: number, total: number): string {
  if (total <= 0) return '0';
  return ((significant / total) * 100).toFixed(1);
}

/** Sums the entries of one period into the summary cards. */
export function computeSummary(entries: readonly ContributorEntry[]): Summary {
  let totalCommits = 0;
  let significantCommits = 0;
  let simpleCommits = 0;
  for (const e of entries) {
    totalCommits += e.total_commits;
    significantCommits += e.significant_commits;
    simpleCommits += e.simple_commits;
  }
  return {
    totalCommits,
    significantCommits,
    simpleCommits,
    contributors: entries.length,
    significanceRate: significanceRate(significantCommits, totalCommits),
  };
}
