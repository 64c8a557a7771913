import { PERIOD_TYPES, type PeriodType } from '../../../src/shared/data-file.js';

/** The view a link names: `?type=monthly&period=2025-10`. */
export interface UrlState {
  type: PeriodType;
  /** Null when the link names none; whether the data has it is checked later. */
  period: string | null;
}

export const DEFAULT_PERIOD_TYPE: PeriodType = 'weekly';

function isPeriodType(value: string | null): value is PeriodType {
  return value !== null && (PERIOD_TYPES as readonly string[]).includes(value);
}

/** Reads the view from a query string; an unknown type falls back to weekly, an empty period to none. */
export function parseUrlState(search: string): UrlState {
  const params = new URLSearchParams(search);
  const type = params.get('type');
  const period = params.get('period')?.trim() ?? '';
  return { type: isPeriodType(type) ? type : DEFAULT_PERIOD_TYPE, period: period || null };
}

/** The query string (with its `?`) naming the view, keeping any other parameters of `search`. */
export function buildUrlSearch(search: string, state: UrlState): string {
  const params = new URLSearchParams(search);
  params.set('type', state.type);
  if (state.period) params.set('period', state.period);
  else params.delete('period');
  return `?${params.toString()}`;
}
