import { tierForRank, type ContributorEntry, type LeaderboardData, PERIOD_TYPES } from '../../../src/shared/data-file.js';
import { compareLabels } from './periods.js';
import { shownName } from './person-name.js';
import { folded } from './search.js';

/**
 * The entries of one period without the hidden contributors. When anyone of the period is hidden,
 * the rest keep their order and are ranked again from 1, with the tier of their new rank
 * (1-5 T0 Elite, 6-12 T1 Advanced, 13-22 T2 Intermediate, 23+ T3 Contributing). When nobody of the
 * period is hidden the entries are returned as the data file has them, tiers included.
 */
export function applyFilter(entries: readonly ContributorEntry[], hidden: ReadonlySet<string>): ContributorEntry[] {
  const visible = entries.filter((e) => !hidden.has(e.name));
  if (visible.length === entries.length) return [...entries];
  return visible.map((e, i) => ({ ...e, rank: i + 1, ...tierForRank(i + 1) }));
}

/** Every contributor name of the data file (all period types), sorted case-insensitively. */
export function collectContributorNames(data: LeaderboardData): string[] {
  const names = new Set<string>();
  for (const type of PERIOD_TYPES) {
    for (const entries of Object.values(data.leaderboards[type])) {
      for (const e of entries) names.add(e.name);
    }
  }
  return [...names].sort(compareLabels);
}

/** Names that contain the query, ignoring case, accents (see `folded`) and surrounding spaces; all names for an empty query. */
export function searchNames(names: readonly string[], query: string): string[] {
  const q = folded(query.trim());
  if (!q) return [...names];
  return names.filter((n) => folded(shownName(n)).includes(q));
}

/** The hidden set with `name` toggled. */
export function toggleName(hidden: ReadonlySet<string>, name: string): Set<string> {
  const next = new Set(hidden);
  if (next.has(name)) next.delete(name);
  else next.add(name);
  return next;
}
