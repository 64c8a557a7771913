import type { Commit } from '../../../src/shared/data-file.js';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A count with thousands separators: `1,204`. */
export function formatCount(n: number): string {
  return integer.format(n);
}

/** A score with at most one decimal: `62.7`, `72`. */
export function formatScore(n: number): string {
  return oneDecimal.format(n);
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

/** A commit date in the reader's local date format, or the raw text when unreadable. */
export function formatCommitDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString();
}

/** The AI part's label: 'AI (heuristic)' when the source is known, else 'AI'. */
/**
 * Hover text of the AI part: the scorer's own reason, or what the local heuristic (whose data
 * file rows carry no reason) is made of.
 */
export function aiTitle(source: string | undefined, reason: string | undefined): string | undefined {
  if (reason) return reason;
  return source === 'heuristic'
    ? 'Local estimate (no AI provider configured): the size of the change, the kind of files, how many areas it touches and the wording of its subject'
    : undefined;
}

export function aiLabel(source: string | undefined): string {
  return source ? `AI (${source})` : 'AI';
}
