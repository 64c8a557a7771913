import { PERIOD_TYPES, type PeriodType } from '../../../src/shared/data-file.js';
import { trimSpaces } from '../../../src/shared/fold.js';
import { labelType } from './period-carry.js';
import { PERIOD_TYPE_NAMES } from './periods.js';
import { isBlankName, NO_NAME } from './person-name.js';

/**
 * The view a link names: `?type=monthly&period=2025-10`, plus `&contributor=<name>` for a
 * contributor's page. Every parameter the page reads or writes is here, so a new one (the
 * repository of a multi-repository board) is added in this one place.
 */
export interface UrlState {
  type: PeriodType;
  /** Null when the link names none; whether the data has it is checked later. */
  period: string | null;
  /** The contributor whose page is open; absent (or null) for the board. Checked against the data later. */
  contributor?: string | null;
}

export const DEFAULT_PERIOD_TYPE: PeriodType = 'weekly';

function isPeriodType(value: string | null): value is PeriodType {
  return value !== null && (PERIOD_TYPES as readonly string[]).includes(value);
}

/** A parameter's value without surrounding spaces; null when absent or blank. */
function text(params: URLSearchParams, key: string): string | null {
  return trimSpaces(params.get(key) ?? '') || null;
}

/** Reads the view from a query string; an unknown type falls back to weekly, an empty period or contributor to none. */
export function parseUrlState(search: string): UrlState {
  const params = new URLSearchParams(search);
  const type = params.get('type');
  const contributor = text(params, 'contributor');
  return {
    type: isPeriodType(type) ? type : DEFAULT_PERIOD_TYPE,
    period: text(params, 'period'),
    ...(contributor ? { contributor } : {}),
  };
}

/** The link's `type` when it names one the page does not have (`?type=yearly`); null otherwise. */
export function unknownType(search: string): string | null {
  const type = text(new URLSearchParams(search), 'type');
  return type === null || isPeriodType(type) ? null : type;
}

/** What a link asked for that the board does not have, and the view shown instead. */
export interface LinkMismatch {
  /** The type the link named, when it is not one of ours. */
  askedType: string | null;
  /** The period the link named, when the board has no such period of the type. */
  askedPeriod: string | null;
  type: PeriodType;
  /** The period shown instead; null when the type has none. */
  period: string | null;
}

/**
 * The note saying a link's view is not on the board and what is shown instead: a link that was
 * silently rewritten read as the page ignoring it (an old link, a typo), or as data lost.
 */
export function linkMismatchText({ askedType, askedPeriod, type, period }: LinkMismatch): string {
  const showing = period === null ? `showing ${PERIOD_TYPE_NAMES[type]}, which has no periods yet.` : `showing ${period}.`;
  if (askedType !== null) return `"${askedType}" is not a period type; ${period === null ? showing : `showing ${PERIOD_TYPE_NAMES[type]} ${period}.`}`;
  // A label of another form (a month under weekly, a typo) is not "missing from the board": it never could be on it.
  const ofType = askedPeriod !== null && labelType(askedPeriod) === type;
  const asked = ofType ? `${askedPeriod} is not on this board` : `"${askedPeriod ?? ''}" is not a ${type} period`;
  return `${asked}; ${showing}`;
}

/** The query string (with its `?`) naming the view, keeping any other parameters of `search`. */
export function buildUrlSearch(search: string, state: UrlState): string {
  const params = new URLSearchParams(search);
  params.set('type', state.type);
  if (state.period) params.set('period', state.period);
  else params.delete('period');
  // A blank name is named as the page shows it (see nameInBoard): blank, the address would name the board.
  if (state.contributor != null) params.set('contributor', isBlankName(state.contributor) ? NO_NAME : state.contributor);
  else params.delete('contributor');
  return `?${params.toString()}`;
}
