/** Dates as whole seconds since 1970, UTC, and back: the data file's compact date columns. */
import { invalid } from './commit-rows.js';

/**
 * A date's seconds since 1970 when it fits a column of whole seconds (a commit's
 * `date:delta_seconds`, a review's `review_at`): whole seconds in UTC as this tool and GitHub write
 * them (`2025-03-01T10:00:00Z`, a real day of a year from 100 on), so that it reads back the same;
 * else null. By character codes: a regular expression and a Date a row took a
 * sixth of the write of a 20-year board.
 */
export function wholeSeconds(date: string): number | null {
  if (date.length !== 20 || date.charCodeAt(19) !== 90 /* Z */) return null;
  for (let i = 0; i < 19; i++) {
    const c = date.charCodeAt(i);
    const separator = SEPARATORS[i];
    if (separator === undefined ? c < 48 || c > 57 : c !== separator) return null;
  }
  const y = digits(date, 0, 4);
  const mo = digits(date, 5, 2);
  const d = digits(date, 8, 2);
  const h = digits(date, 11, 2);
  const mi = digits(date, 14, 2);
  const s = digits(date, 17, 2);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = mo === 2 ? (leap ? 29 : 28) : mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31;
  if (y < 100 || mo < 1 || mo > 12 || d < 1 || d > days || h > 23 || mi > 59 || s > 59) return null;
  return Date.UTC(y, mo - 1, d, h, mi, s) / 1000;
}

// `YYYY-MM-DDTHH:MM:SS`: the character codes of its separators by position; digits elsewhere.
const SEPARATORS: (number | undefined)[] = [];
SEPARATORS[4] = SEPARATORS[7] = 45; // -
SEPARATORS[10] = 84; // T
SEPARATORS[13] = SEPARATORS[16] = 58; // :

function digits(text: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
}

/** Seconds since 1970 of the first and last second of the years 0001-9999 (ISO text with a 4-digit year). */
const FIRST_SECOND = -62_135_596_800;
const LAST_SECOND = 253_402_300_799;

/**
 * The seconds since 1970 a value of a column of differences gives (commits' `date:delta_seconds`,
 * reviews' `review_at`): `v` itself for the first row (`previous` null), else the seconds `v`
 * before `previous`. Throws a ZodError at `where`: `expected` when `v` is not whole seconds.
 */
export function secondsAfter(previous: number | null, v: unknown, where: PropertyKey[], expected: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw invalid(where, expected, v);
  const seconds = previous === null ? v : previous - v;
  if (seconds < FIRST_SECOND || seconds > LAST_SECOND) throw invalid(where, `the date it gives (${seconds} seconds from 1970) is not within the years 0001-9999`, v);
  return seconds;
}

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * The ISO text (`2025-03-01T10:00:00Z`) of whole seconds since 1970, within the years 0001-9999.
 * Rows of one day share the day's text, made by a Date once (a Date a row took a third of reading
 * the table).
 */
export function isoDates(): (s: number) => string {
  let day = Number.NaN;
  let prefix = '';
  return (s) => {
    const d = Math.floor(s / 86_400);
    if (d !== day) {
      day = d;
      prefix = new Date(d * 86_400_000).toISOString().slice(0, 11);
    }
    const t = s - d * 86_400;
    return `${prefix}${two(Math.floor(t / 3600))}:${two(Math.floor(t / 60) % 60)}:${two(t % 60)}Z`;
  };
}
