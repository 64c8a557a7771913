import type { Commit } from '../../../src/shared/data-file.js';
import { HEURISTIC_AI_SOURCE, OVERRIDE_AI_SOURCE } from '../../../src/shared/ai-part.js';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
// Two decimals: a commit shared between co-authors gives parts like 33.33 (whole scores show as 72).
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A count with thousands separators: `1,204`. */
export function formatCount(n: number): string {
  return integer.format(n);
}

/** A count of days: `1 day`, `1,000 days` (the analysed window, which holds today, is at least 1). */
export function formatDays(n: number): string {
  return `${formatCount(n)} day${n === 1 ? '' : 's'}`;
}

/** A score with at most two decimals: `33.33`, `62.5`, `72`. */
export function formatScore(n: number): string {
  return twoDecimals.format(n);
}

/** A 0-1 ratio as a whole percent, clamped to 0-100: `0.666` is 67. */
export function wholePercent(ratio: number): number {
  if (!Number.isFinite(ratio)) return 0;
  return Math.min(100, Math.max(0, Math.round(ratio * 100)));
}

/** The Other column: `+15` for a positive score, the value for a negative one, '-' for none. */
export function formatAdditional(score: number): string {
  if (!score) return '-';
  return score > 0 ? `+${formatScore(score)}` : formatScore(score);
}

/** A commit message split into its subject (first line) and the rest, trimmed. */
export function splitMessage(message: string): { subject: string; body: string } {
  const trimmed = message.trim();
  const nl = trimmed.indexOf('\n');
  if (nl < 0) return { subject: trimmed, body: '' };
  return { subject: trimmed.slice(0, nl).trim(), body: trimmed.slice(nl + 1).trim() };
}

/** 'Excluded: 2 files, 1,204 lines (lock files, generated, vendored)', or null when nothing was. */
export function formatExcluded(stats: Commit['stats']): string | null {
  if (stats.excluded_files <= 0) return null;
  const files = `${formatCount(stats.excluded_files)} file${stats.excluded_files === 1 ? '' : 's'}`;
  const lines = `${formatCount(stats.excluded_lines)} line${stats.excluded_lines === 1 ? '' : 's'}`;
  return `Excluded: ${files}, ${lines} not counted (lock files, generated, vendored or minified files, configured paths)`;
}

// Made once: toLocaleDateString with options makes a formatter per call, ~3 ms of each opened row's 20 commits.
let utcDay: Intl.DateTimeFormat | undefined;
let ownDay: Intl.DateTimeFormat | undefined;

/** A date in the reader's local date format (of the UTC day with `utc`), or the raw text when unreadable. */
function localDate(iso: string, utc: boolean): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return (utc ? (utcDay ??= new Intl.DateTimeFormat(undefined, { timeZone: 'UTC' })) : (ownDay ??= new Intl.DateTimeFormat())).format(d);
}

/**
 * A commit's (or review's) date: the UTC day, the day the board's periods count it in, in the
 * reader's format. The browser's own day put a commit of 31 December under "December" dated 1 January.
 */
export const formatCommitDate = (iso: string): string => localDate(iso, true);

/** A moment (an admin's override) in the local date format, on the reader's own day. */
export const formatLocalDate = (iso: string): string => localDate(iso, false);


/**
 * Hover text of the AI part: the scorer's own reason, or what the local heuristic (whose data
 * file rows carry no reason) is made of.
 */
export function aiTitle(source: string | undefined, reason: string | undefined): string | undefined {
  if (reason) return reason;
  return source === HEURISTIC_AI_SOURCE
    ? 'Local estimate (no AI provider configured): the size of the change, the kind of files, how many areas it touches and the wording of its subject'
    : undefined;
}

/**
 * The AI part's label in the breakdown: 'AI (heuristic)' for the local estimate, else 'AI' (a
 * model's name or an override is said in the line below the breakdown, see {@link aiNote}).
 */
export function aiLabel(source: string | undefined): string {
  return source === HEURISTIC_AI_SOURCE ? `AI (${source})` : 'AI';
}

/** What the line under a commit's breakdown says about its AI part. */
export interface AiNote {
  kind: 'override' | 'fallback' | 'provider';
  text: string;
}

/**
 * The line under a commit's breakdown that explains its AI part without hovering, or null when
 * there is nothing to add (the local estimate, older files):
 * - an override: 'AI overridden by alice: Unblocked the release (was 12 from heuristic)';
 * - a fallback: 'AI: local estimate, openai:gpt-4.1-mini failed: 401 Incorrect API key';
 * - a model's score: 'AI 18 by openai:gpt-4.1-mini: Adds a parser for ...'.
 */
export function aiNote(scores: Commit['scores']): AiNote | null {
  const { ai_source: source, ai_reason: reason, ai_override: override, ai_fallback: fallback } = scores;
  if (override) {
    const note = reason ? `: ${reason}` : '';
    return { kind: 'override', text: `AI overridden by ${override.by}${note} (was ${formatScore(override.original)} from ${override.original_source})` };
  }
  if (fallback) return { kind: 'fallback', text: `AI: local estimate, ${fallback}` };
  if (source && source !== HEURISTIC_AI_SOURCE && source !== OVERRIDE_AI_SOURCE) {
    return { kind: 'provider', text: `AI ${formatScore(scores.ai)} by ${source}${reason ? `: ${reason}` : ''}` };
  }
  return null;
}

/**
 * Which scorer produced the AI part, from the data file's `metadata.scoring.ai`, for the footer;
 * null when the file does not say (files of other tools).
 */
export function aiSourceNote(metadata: Record<string, unknown>): string | null {
  const scoring = metadata.scoring;
  const source = typeof scoring === 'object' && scoring !== null ? (scoring as { ai?: unknown }).ai : undefined;
  if (typeof source !== 'string' || source === '') return null;
  return source === HEURISTIC_AI_SOURCE
    ? 'AI part: local estimate (no AI provider configured)'
    : `AI part: scored by ${source}`;
}

/** Longest provider error shown in the header; the whole of it is on hover. */
const PARTIAL_ERROR_CHARS = 120;

/**
 * The refresh status's word on an AI step that did not finish (`last-update.json` `ai.partial`):
 * 'AI scoring partial: 12 commits used the local estimate (openai:gpt-4.1-mini failed: ...)';
 * null otherwise. `title` carries the whole error.
 */
export function aiPartialNote(ai: { source: string; failed: number; partial: boolean; error?: string | undefined } | undefined): { text: string; title: string } | null {
  if (!ai?.partial) return null;
  const commits = `${formatCount(ai.failed)} commit${ai.failed === 1 ? '' : 's'}`;
  const error = ai.error?.trim() ?? '';
  const shown = error.length > PARTIAL_ERROR_CHARS ? `${error.slice(0, PARTIAL_ERROR_CHARS - 1).trimEnd()}…` : error;
  const text = `AI scoring partial: ${commits} used the local estimate${shown ? ` (${shown})` : ''}`;
  const title = `${ai.source} could not score ${commits}; they keep the local estimate until the next refresh asks again.${error ? ` ${error}` : ''}`;
  return { text, title };
}
