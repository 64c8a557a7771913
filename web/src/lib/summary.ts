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

/**
 * An entry's commits counted once across the board: a commit credited to co-authors too
 * (`share`, `full`) is in each of their entries, and is counted here in its author's only.
 */
export function ownCommits(e: Pick<ContributorEntry, 'total_commits' | 'significant_commits' | 'simple_commits' | 'co_authored_commits' | 'co_authored_significant'>): { total: number; significant: number; simple: number } {
  const co = e.co_authored_commits ?? 0;
  const coSignificant = e.co_authored_significant ?? 0;
  return { total: e.total_commits - co, significant: e.significant_commits - coSignificant, simple: e.simple_commits - (co - coSignificant) };
}

/** Sums the entries of one period into the summary cards, each commit once. */
export function computeSummary(entries: readonly ContributorEntry[]): Summary {
  let totalCommits = 0;
  let significantCommits = 0;
  let simpleCommits = 0;
  for (const e of entries) {
    const own = ownCommits(e);
    totalCommits += own.total;
    significantCommits += own.significant;
    simpleCommits += own.simple;
  }
  return {
    totalCommits,
    significantCommits,
    simpleCommits,
    contributors: entries.length,
    significanceRate: significanceRate(significantCommits, totalCommits),
  };
}
