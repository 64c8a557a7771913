/**
 * Dates for test commits that must all land in the latest week, the page's default view, whatever
 * the day and hour the suite runs: 30 hours before a Tuesday 02:00 is last week, and a test that
 * expected five commits in the week saw two.
 */
const HOUR = 3_600_000;
/** The most hours back {@link hoursAgo} is asked for. */
const SPAN_HOURS = 48;

/** Monday 00:00 UTC of the ISO week of `now`. */
export function weekStart(now = Date.now()): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
}

/** A time `share` (0 to 1) of the way from this week's Monday 00:00 UTC to now. */
export function inThisWeek(share: number, now = Date.now()): string {
  const start = weekStart(now);
  return new Date(start + (now - start) * share).toISOString();
}

/**
 * `hours` (at most 48) before now, kept inside the current week: while the week is younger than
 * 48 hours every offset shrinks in the same proportion, so commits keep their order.
 */
export function hoursAgo(hours: number, now = Date.now()): string {
  if (hours < 0 || hours > SPAN_HOURS) throw new Error(`hoursAgo: ${hours} is outside 0-${SPAN_HOURS}`);
  const scale = Math.min(1, (now - weekStart(now)) / (SPAN_HOURS * HOUR));
  return new Date(now - hours * HOUR * scale).toISOString();
}
