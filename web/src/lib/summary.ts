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
 * One period's entries as the cards and the chart count them, whatever file they came from: how
 * many there are (in rank order) and, by position, whether one is hidden and what it holds.
 */
export interface PeriodCounts {
  size: number;
  hidden: (i: number) => boolean;
  total: (i: number) => number;
  significant: (i: number) => number;
  simple: (i: number) => number;
  /** Of its commits, those credited to it as a co-author (`share`, `full`). */
  coAuthored: (i: number) => number;
  coAuthoredSignificant: (i: number) => number;
}

/** The commits of one period, each counted once, and its shown contributors. */
export interface PeriodTally {
  total: number;
  significant: number;
  simple: number;
  contributors: number;
}

/**
 * Counts a period's commits once each, leaving out the hidden: a commit credited to co-authors too
 * (`share`, `full`) is in each of their entries, so each shown person counts the commits they
 * authored, and a shared commit whose author is hidden counts once when a shown co-author holds it.
 * Who authored a shared commit comes from `shared` (the period's groups, see
 * src/shared/shared-commits.ts); without it (older files) a shared commit counts in its author's
 * entry only. The one computation behind the cards and the chart, for the data file and the index.
 */
export function tallyPeriod(p: PeriodCounts, shared?: readonly number[]): PeriodTally {
  let total = 0;
  let significant = 0;
  let simple = 0;
  let contributors = 0;
  let anyHidden = false;
  for (let i = 0; i < p.size; i++) {
    if (p.hidden(i)) {
      anyHidden = true;
      continue;
    }
    const co = p.coAuthored(i);
    const coSignificant = p.coAuthoredSignificant(i);
    total += p.total(i) - co;
    significant += p.significant(i) - coSignificant;
    simple += p.simple(i) - (co - coSignificant);
    contributors += 1;
  }
  if (shared && anyHidden) {
    for (let g = 0; g < shared.length;) {
      const n = shared[g + 3] as number;
      if (p.hidden(shared[g] as number)) {
        let held = false;
        for (let k = g + 4; k < g + 4 + n && !held; k++) held = !p.hidden(shared[k] as number);
        if (held) {
          const commits = shared[g + 1] as number;
          const sig = shared[g + 2] as number;
          total += commits;
          significant += sig;
          simple += commits - sig;
        }
      }
      g += 4 + n;
    }
  }
  return { total, significant, simple, contributors };
}

/** A period's entries (all of them, in rank order) for {@link tallyPeriod}, those named in `hidden` hidden. */
export function entryCounts(entries: readonly Pick<ContributorEntry, 'name' | 'total_commits' | 'significant_commits' | 'simple_commits' | 'co_authored_commits' | 'co_authored_significant'>[], hidden: ReadonlySet<string>): PeriodCounts {
  return {
    size: entries.length,
    hidden: hidden.size === 0 ? () => false : (i) => hidden.has((entries[i] as ContributorEntry).name),
    total: (i) => (entries[i] as ContributorEntry).total_commits,
    significant: (i) => (entries[i] as ContributorEntry).significant_commits,
    simple: (i) => (entries[i] as ContributorEntry).simple_commits,
    coAuthored: (i) => (entries[i] as ContributorEntry).co_authored_commits ?? 0,
    coAuthoredSignificant: (i) => (entries[i] as ContributorEntry).co_authored_significant ?? 0,
  };
}

/**
 * Sums the entries of one period into the summary cards, each commit once (see tallyPeriod):
 * `entries` are the whole period's, in rank order, `hidden` the names left out and `shared` the
 * period's shared commits.
 */
export function computeSummary(entries: readonly ContributorEntry[], hidden: ReadonlySet<string> = new Set(), shared?: readonly number[]): Summary {
  const t = tallyPeriod(entryCounts(entries, hidden), shared);
  return {
    totalCommits: t.total,
    significantCommits: t.significant,
    simpleCommits: t.simple,
    contributors: t.contributors,
    significanceRate: significanceRate(t.significant, t.total),
  };
}
