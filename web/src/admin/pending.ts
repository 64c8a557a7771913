import type { AiOverride } from '../../../src/shared/ai-overrides.js';
import type { ManualContributor } from '../../../src/shared/manual-contributions.js';
import { totalScore, type ContributorsMap } from './contributions.js';

const points = (n: number) => `+${n}`;
const contributions = (n: number) => `${n} contribution${n === 1 ? '' : 's'}`;

function sameRecord(a: ManualContributor, b: ManualContributor): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What the published board shows for a contributor whose record waits in a pull request, or null
 * when the pending record is the published one.
 */
export function contributorPendingNote(record: ManualContributor, published: ManualContributor | undefined): string | null {
  if (!published) return 'Pending: not published yet';
  if (sameRecord(record, published)) return null;
  return `Pending: published ${points(totalScore(published))} (${contributions(published.contributions.length)})`;
}

/**
 * The published record of `name`, or undefined. An own property only: a contributor may be called
 * `constructor` or `toString`, which every object inherits (and a record that is a function
 * crashed the page).
 */
export function publishedRecord(published: ContributorsMap, name: string): ManualContributor | undefined {
  return Object.hasOwn(published, name) ? published[name] : undefined;
}

/** Published contributors the pending file no longer has: their deletion waits in the pull request. */
export function pendingDeletions(pending: ContributorsMap, published: ContributorsMap): { name: string; total: number }[] {
  return Object.entries(published)
    .filter(([name]) => !Object.hasOwn(pending, name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, record]) => ({ name, total: totalScore(record) }));
}

/** What the published board uses for an override that waits in a pull request, or null when it is published as it is. */
export function overridePendingNote(override: AiOverride, published: readonly AiOverride[]): string | null {
  const live = published.find((o) => o.hash === override.hash);
  if (!live) return 'Pending: not published yet';
  if (live.score === override.score && live.note === override.note) return null;
  return `Pending: published ${live.score}`;
}

/** Published overrides the pending file no longer has: their removal waits in the pull request. */
export function pendingRemovals(pending: readonly AiOverride[], published: readonly AiOverride[]): AiOverride[] {
  const kept = new Set(pending.map((o) => o.hash));
  return published.filter((o) => !kept.has(o.hash));
}
