const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * How long ago `iso` was, seen from `now`: 'just now' (under a minute, or in the future by a
 * clock's skew), '5 minutes ago', '1 hour ago', '3 days ago', '2 months ago', '1 year ago'.
 * An unreadable date is returned as it is.
 */
export function formatRelativeTime(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const diff = now - then;
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return plural(Math.floor(diff / HOUR), 'hour');
  if (diff < 30 * DAY) return plural(Math.floor(diff / DAY), 'day');
  if (diff < 365 * DAY) return plural(Math.floor(diff / (30 * DAY)), 'month');
  return plural(Math.floor(diff / (365 * DAY)), 'year');
}

// toLocaleString with options builds a new formatter at each call (several ms), and the header's
// tooltips asked for one at every render of the page: one formatter, and one text per time.
let exactFormat: Intl.DateTimeFormat | undefined;
const exactTexts = new Map<string, string>();

/** The exact time of `iso` in the reader's locale and time zone, for a tooltip. */
export function formatExactTime(iso: string): string {
  const known = exactTexts.get(iso);
  if (known !== undefined) return known;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  exactFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });
  const text = `${exactFormat.format(d)} (${d.toISOString()})`;
  if (exactTexts.size >= 64) exactTexts.clear();
  exactTexts.set(iso, text);
  return text;
}
