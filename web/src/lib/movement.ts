import type { ContributorEntry } from '../../../src/shared/data-file.js';

/**
 * A row's change of rank against the previous period of the same type: up or down so many
 * places, the same place, or new (no entry in that period).
 */
export type Movement =
  | { kind: 'up' | 'down'; by: number }
  | { kind: 'same' }
  | { kind: 'new' };

/** Rank by name of a period's entries (as shown: already without the hidden); the first entry of a repeated name wins. */
export function ranksByName(entries: readonly ContributorEntry[]): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const e of entries) if (!ranks.has(e.name)) ranks.set(e.name, e.rank);
  return ranks;
}

/** The movement of `name`, now at `rank`, against the ranks of the previous period. */
export function movementOf(name: string, rank: number, previous: ReadonlyMap<string, number>): Movement {
  const before = previous.get(name);
  if (before === undefined) return { kind: 'new' };
  if (before === rank) return { kind: 'same' };
  return before > rank ? { kind: 'up', by: before - rank } : { kind: 'down', by: rank - before };
}

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;

/** What a row shows (`▲ 3`), says to screen readers and hover, and writes in the CSV (`up 3`). */
export function describeMovement(m: Movement, previousLabel: string): { kind: Movement['kind']; symbol: string; label: string; csv: string } {
  return { kind: m.kind, ...words(m, previousLabel) };
}

function words(m: Movement, previousLabel: string): { symbol: string; label: string; csv: string } {
  switch (m.kind) {
    case 'up': return { symbol: `▲ ${m.by}`, label: `Up ${places(m.by)} since ${previousLabel}`, csv: `up ${m.by}` };
    case 'down': return { symbol: `▼ ${m.by}`, label: `Down ${places(m.by)} since ${previousLabel}`, csv: `down ${m.by}` };
    case 'same': return { symbol: '=', label: `Same rank as in ${previousLabel}`, csv: 'unchanged' };
    case 'new': return { symbol: 'New', label: `New: no entry in ${previousLabel}`, csv: 'new' };
  }
}
