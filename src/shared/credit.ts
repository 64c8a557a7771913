import { z } from 'zod';

/**
 * Credit rules shared by core (which applies them), the data file (which records them in
 * `metadata.credit`) and the page (which explains them and shows each person's part).
 */

/**
 * How a commit with `Co-authored-by:` trailers is credited:
 * - `author`: to its author only (the plain rule);
 * - `share`: it counts in each person's commits and its score is split equally between the
 *   author and the co-authors, to two decimals, so the board's total is unchanged;
 * - `full`: each of them gets the whole score.
 */
export const coAuthorModeSchema = z.enum(['author', 'share', 'full']);
export type CoAuthorMode = z.infer<typeof coAuthorModeSchema>;

/**
 * How reverts are scored: `cancel` (a revert and the commit it reverts both score 0, unless the
 * revert is itself reverted) or `score` (every commit is scored on its own, the plain rule).
 */
export const revertModeSchema = z.enum(['cancel', 'score']);
export type RevertMode = z.infer<typeof revertModeSchema>;

/** The credit settings, as in the config (`credit`) and the data file (`metadata.credit`). */
export interface CreditSettings {
  coAuthors: CoAuthorMode;
  reverts: RevertMode;
}

/** The defaults of the config file. */
export const DEFAULT_CREDIT: CreditSettings = { coAuthors: 'author', reverts: 'cancel' };

/**
 * What a data file without `metadata.credit` applied: files written before these settings
 * existed credited the author only and scored reverts like any commit.
 */
export const LEGACY_CREDIT: CreditSettings = { coAuthors: 'author', reverts: 'score' };

/**
 * Splits a score equally between `people` (the author first, then the co-authors in order), in
 * whole hundredths that add up to exactly the score: the cents left over go one each to the first
 * people (100 between 3 is 33.34, 33.33, 33.33). Returns hundredths.
 */
export function splitCents(score: number, people: number): number[] {
  const cents = Math.round(score * 100);
  const n = Math.max(1, Math.floor(people));
  const base = Math.floor(cents / n);
  const extra = cents - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * The part of a commit's score credited to one person under `share`: `index` 0 is the author,
 * 1.. the co-authors in the order the data file lists them.
 */
export function sharePart(score: number, people: number, index: number): number {
  return (splitCents(score, people)[index] ?? 0) / 100;
}
