import type { PeriodType } from '../shared/data-file.js';
import { LeaderboardError } from './errors.js';

const DAY_MS = 86_400_000;

/** First and last day (inclusive, UTC, `YYYY-MM-DD`) of a period. */
export interface PeriodBounds {
  start: string;
  end: string;
}

/** The weekly, monthly and quarterly labels of one instant. */
export type PeriodLabels = Record<PeriodType, string>;

const pad2 = (n: number): string => String(n).padStart(2, '0');

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function toDate(iso: string | Date): Date {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) {
    throw new LeaderboardError('INVALID_INPUT', `"${String(iso)}" is not a valid ISO date`);
  }
  return d;
}

/** ISO week-year and week number (1-53) of a UTC instant. */
function isoWeek(d: Date): { year: number; week: number } {
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const weekday = (new Date(midnight).getUTCDay() + 6) % 7; // Monday = 0
  // The Thursday of the same ISO week decides the week-year.
  const thursday = midnight + (3 - weekday) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { year, week };
}

/** Monday (UTC midnight, in ms) of ISO week 1 of an ISO week-year. */
function isoWeekOneMonday(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  return jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
}

/** ISO week label in UTC, `YYYY-Www` with the ISO week-year: 2024-12-30 is `2025-W01`. */
export function weekLabel(iso: string | Date): string {
  const { year, week } = isoWeek(toDate(iso));
  return `${year}-W${pad2(week)}`;
}

/** Month label in UTC, `YYYY-MM`. */
export function monthLabel(iso: string | Date): string {
  const d = toDate(iso);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}`;
}

/** Quarter label in UTC, `YYYY-Qn` (Q1 = January-March). */
export function quarterLabel(iso: string | Date): string {
  const d = toDate(iso);
  return `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
}

/** The label of the period of `type` that contains the instant `iso` (UTC). */
export function periodLabel(type: PeriodType, iso: string | Date): string {
  if (type === 'weekly') return weekLabel(iso);
  if (type === 'monthly') return monthLabel(iso);
  return quarterLabel(iso);
}

/** All three labels of an instant at once (parses the date once). */
export function periodLabels(iso: string | Date): PeriodLabels {
  const d = toDate(iso);
  return { weekly: weekLabel(d), monthly: monthLabel(d), quarterly: quarterLabel(d) };
}

function badLabel(type: PeriodType, label: string, form: string): LeaderboardError {
  return new LeaderboardError('INVALID_INPUT', `"${label}" is not a ${type} period label (expected ${form})`);
}

/**
 * First and last day (inclusive, UTC) of the period a label names, e.g.
 * `periodBounds('weekly', '2025-W01')` is `{ start: '2024-12-30', end: '2025-01-05' }`.
 * Throws INVALID_INPUT for a label that is malformed or names no such period (week 53 of a
 * 52-week year, month 13, quarter 5).
 */
export function periodBounds(type: PeriodType, label: string): PeriodBounds {
  if (type === 'weekly') {
    const m = /^(\d{4})-W(\d{2})$/.exec(label);
    if (!m) throw badLabel(type, label, 'YYYY-Www');
    const year = Number(m[1]);
    const week = Number(m[2]);
    const weeksInYear = isoWeek(new Date(Date.UTC(year, 11, 28))).week;
    if (week < 1 || week > weeksInYear) throw badLabel(type, label, `a week from 01 to ${weeksInYear}`);
    const start = isoWeekOneMonday(year) + (week - 1) * 7 * DAY_MS;
    return { start: isoDay(start), end: isoDay(start + 6 * DAY_MS) };
  }
  if (type === 'monthly') {
    const m = /^(\d{4})-(\d{2})$/.exec(label);
    const month = Number(m?.[2]);
    if (!m || month < 1 || month > 12) throw badLabel(type, label, 'YYYY-MM');
    const year = Number(m[1]);
    return { start: isoDay(Date.UTC(year, month - 1, 1)), end: isoDay(Date.UTC(year, month, 1) - DAY_MS) };
  }
  const m = /^(\d{4})-Q([1-4])$/.exec(label);
  if (!m) throw badLabel(type, label, 'YYYY-Qn');
  const year = Number(m[1]);
  const quarter = Number(m[2]);
  return {
    start: isoDay(Date.UTC(year, (quarter - 1) * 3, 1)),
    end: isoDay(Date.UTC(year, quarter * 3, 1) - DAY_MS),
  };
}
