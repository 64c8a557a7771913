import type { ContributorEntry } from '../../../src/shared/data-file.js';
import { wholePercent } from './format.js';

/**
 * A CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Text
 * that a spreadsheet would run as a formula (starting with = + - @, tab or carriage return; a
 * contributor picks their own git name) gets a leading apostrophe, so it is shown, not evaluated.
 * Numbers are written as they are: a negative score is a number, not a formula.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of cells as CSV text, CRLF line ends. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The ranking's CSV header: the columns on screen, with rank, tier, movement and email apart. */
export const RANKING_CSV_HEADER = [
  'Rank', 'Tier', 'Tier name', 'Movement', 'Contributor', 'Email', 'Commits', 'Significant', 'Simple',
  'Impact (%)', 'Commit score', 'Other score', 'Other notes', 'Total score', 'Avg score',
] as const;

/**
 * The ranking as shown (hidden contributors and the search already left out of `entries`) as
 * CSV rows, header first. `movement` gives a row's movement word ('up 2', 'new'; '' without a
 * previous period).
 */
export function rankingCsvRows(entries: readonly ContributorEntry[], movement: (e: ContributorEntry) => string, activity: CsvActivity = { reviews: false, issues: false }): (string | number)[][] {
  return [
    [...RANKING_CSV_HEADER, ...(activity.reviews ? REVIEW_CSV_HEADER : []), ...(activity.issues ? ISSUE_CSV_HEADER : [])],
    ...entries.map((e) => [
      e.rank, e.tier, e.tier_name, movement(e), e.name, e.email, e.total_commits, e.significant_commits, e.simple_commits,
      wholePercent(e.significance_ratio), e.commit_score, e.additional_contribution_score, e.additional_contribution_notes,
      e.total_score, e.avg_score,
      ...(activity.reviews ? [e.review_count ?? 0, e.review_score ?? 0] : []),
      ...(activity.issues ? [e.issue_count ?? 0, e.issue_score ?? 0] : []),
    ]),
  ];
}

/** Columns added on a board with review data (and with issue reports counted). */
export const REVIEW_CSV_HEADER = ['Reviews', 'Review score'] as const;
export const ISSUE_CSV_HEADER = ['Issues', 'Issue score'] as const;
/** Which of those columns the CSV has. */
export interface CsvActivity {
  reviews: boolean;
  issues: boolean;
}

/** Offers `blob` as a download named `fileName` (an object URL on a temporary link). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: the download reads the URL after this click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file name part from a period label or name: letters, digits, dot, dash and underscore. */
export function fileNamePart(text: string): string {
  return text.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'board';
}
