import type { ContributorEntry } from '../../../src/shared/data-file.js';

/** A contributor entry with every field filled; override what the test is about. */
export function entry(name: string, over: Partial<ContributorEntry> = {}): ContributorEntry {
  const total = over.total_commits ?? 2;
  const significant = over.significant_commits ?? 1;
  return {
    name,
    email: `${name.toLowerCase()}@example.com`,
    total_commits: total,
    significant_commits: significant,
    simple_commits: total - significant,
    significance_ratio: total ? significant / total : 0,
    commit_score: 100,
    additional_contribution_score: 0,
    additional_contribution_notes: '',
    total_score: 100,
    avg_score: 50,
    rank: 1,
    tier: 'T0',
    tier_name: 'Elite',
    commits: [],
    ...over,
  };
}

/** `n` entries named c1..cn, ranked 1..n with the tiers the data file would carry. */
export function ranked(n: number): ContributorEntry[] {
  return Array.from({ length: n }, (_, i) => entry(`c${i + 1}`, { rank: i + 1, tier: 'X', tier_name: 'From file' }));
}
