// The refresh's window: where it starts, and how many days the board says it covers. Whole UTC
// days throughout, so every refresh of one day sees the same window.
import type { BoardPart } from './board/assemble.js';
import type { LeaderboardConfig } from './config.js';

export const DAY_MS = 86_400_000;

/** The start of the analysed window: none with `all`, `since` when given, else the configured days back from today (UTC). */
export function windowStartFor(opts: { since?: Date; all?: boolean; config: Pick<LeaderboardConfig, 'analysisPeriodDays'> }, now: Date): Date | null {
  if (opts.all) return null;
  if (opts.since) return opts.since;
  // Whole UTC days, so repeated refreshes on one day see the same window.
  return new Date(utcDayStart(now) - opts.config.analysisPeriodDays * DAY_MS);
}

/**
 * The last second a commit or a review may be dated: the end of tomorrow (UTC), so that work done
 * today anywhere on Earth is in, and a date from a clock set wrong (2099) is not.
 */
export function windowEndFor(now: Date): Date {
  return new Date(utcDayStart(now) + 2 * DAY_MS - 1000);
}

/** Start (ms) of the UTC day of `now`. */
export function utcDayStart(now: Date): number {
  return Math.floor(now.getTime() / DAY_MS) * DAY_MS;
}

/** Days analysed: from the window's start, or with no window from the oldest commit, to today (UTC). */
export function analysisDays(windowStart: Date | null, parts: BoardPart[], now: Date): number {
  return daysOf(windowStart, windowStart ? undefined : oldestOf(parts), now);
}

/**
 * Days from the window's start to today, or with no window whole UTC days from the oldest
 * commit's day (`oldest`, absent: no commit) to today, as `--since <that day>` would count them
 * (counting from `now` changed it during the day); at least 1, today (`--since <today>` said 0).
 */
export function daysOf(windowStart: Date | null, oldest: string | undefined, now: Date): number {
  if (windowStart) return Math.max(1, Math.round((utcDayStart(now) - windowStart.getTime()) / DAY_MS));
  return oldest ? Math.max(1, Math.round((utcDayStart(now) - utcDayStart(new Date(oldest))) / DAY_MS)) : 0;
}

/** The oldest commit's date of the parts (each lists its commits newest first). */
function oldestOf(parts: BoardPart[]): string | undefined {
  let oldest: string | undefined;
  for (const p of parts) {
    const last = p.commits.at(-1)?.date;
    if (last !== undefined && (oldest === undefined || Date.parse(last) < Date.parse(oldest))) oldest = last;
  }
  return oldest;
}
