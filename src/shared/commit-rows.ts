import { z } from 'zod';
import type { AiOverrideMark } from './ai-overrides.js';
import { normalizeCommit, storedCommitSchema, type Commit, type CommitDefaults } from './commit.js';

/**
 * The rows of the data file's `commits` table (schema_version 3).
 *
 * Each commit is one JSON array: the values of the file's `commit_columns`, in that order, then,
 * only when some apply, one object of its rarer fields. Columns and those fields are named by
 * their path in the commit object that schema_version 2 wrote (`stats.files`, `scores.total`),
 * so {@link commitObject} spells a row out as that object: readers validate it with the same
 * schema, and so does the page with the rows of its chunk files. The key names were about half
 * of every row (115 of 245 bytes a commit on a long history).
 */

/** The columns this tool writes, in order; the file names them in `commit_columns`. */
export const COMMIT_COLUMNS = [
  'full_hash', 'date', 'message',
  'stats.files', 'stats.insertions', 'stats.deletions',
  'scores.loc', 'scores.files', 'scores.keyword', 'scores.ai',
] as const;

/**
 * The fields a row's trailing object may hold, each only when it applies, in the order written
 * (which is the order schema_version 2 wrote them in, so a row spells out as the same object).
 */
export const COMMIT_EXTRAS = [
  'stats.excluded_files', 'stats.excluded_lines',
  'scores.ai_source', 'scores.ai_reason', 'scores.ai_fallback', 'scores.ai_override', 'scores.total',
  'repo', 'co_authors', 'reverted_by', 'revert_of',
] as const;

/** A field a column or a trailing object may name. */
export type CommitField = (typeof COMMIT_COLUMNS)[number] | (typeof COMMIT_EXTRAS)[number];

const FIELDS: ReadonlySet<string> = new Set<string>([...COMMIT_COLUMNS, ...COMMIT_EXTRAS]);

/** Whether `name` is a field a column or a trailing object may name. */
export function isCommitField(name: string): name is CommitField {
  return FIELDS.has(name);
}

/** A row's trailing object: the fields that apply to this commit only (see storedCommitSchema). */
export interface CommitExtras {
  /** Files and lines left out of the counts; absent: 0. */
  'stats.excluded_files'?: number;
  'stats.excluded_lines'?: number;
  /** Absent: `commit_defaults.ai_source`. */
  'scores.ai_source'?: string;
  'scores.ai_reason'?: string;
  'scores.ai_fallback'?: string;
  'scores.ai_override'?: AiOverrideMark;
  /** Only when the revert rule made it 0 (absent: the parts' sum). */
  'scores.total'?: number;
  /** Absent: `commit_defaults.repo`. */
  repo?: string;
  co_authors?: string[];
  reverted_by?: string;
  revert_of?: string[];
}

/** A row as this tool writes it: the values of {@link COMMIT_COLUMNS}, then the extras when there are some. */
export type CommitRow = [
  full_hash: string, date: string, message: string,
  files: number, insertions: number, deletions: number,
  loc: number, files_part: number, keyword: number, ai: number,
  extras?: CommitExtras,
];

/**
 * The row spelled out as a commit object: each column's value, then each field of the trailing
 * object, set at its path (`stats.files` in `stats`), in that order. Names must have been checked
 * with {@link isCommitField}; values are not checked here.
 */
export function commitObject(row: readonly unknown[], columns: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = columns.length;
  for (let i = 0; i < n; i++) setField(out, columns[i] as string, row[i]);
  const extras = row[n];
  if (extras !== undefined && extras !== null && typeof extras === 'object') {
    for (const [name, value] of Object.entries(extras)) setField(out, name, value);
  }
  return out;
}

function setField(out: Record<string, unknown>, name: string, value: unknown): void {
  const dot = name.indexOf('.');
  if (dot === -1) {
    out[name] = value;
    return;
  }
  const group = name.slice(0, dot);
  let inner = out[group] as Record<string, unknown> | undefined;
  if (inner === undefined) out[group] = inner = {};
  inner[name.slice(dot + 1)] = value;
}

/** Whether `value` is a JSON object (not an array, not null). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A data file error at `path` (see describeDataFileError). */
export const invalid = (path: PropertyKey[], message: string, input: unknown): z.ZodError =>
  new z.ZodError([{ code: 'custom', path, message, input }]);

/**
 * The rows of a schema_version 3 table, checked against its header and normalized. The first bad
 * row throws, naming it: `commits.<row>` (not a row), `commits.<row>.<column>` (a value, with the
 * column's name), `commits.<row>.<last>.<field>` (a field of its trailing object).
 */
export function readCommitRows(columns: string[], rows: unknown[], defaults: CommitDefaults): Commit[] {
  columns.forEach((name, j) => {
    if (!isCommitField(name)) throw invalid(['commit_columns', j], `unknown column "${name}"`, name);
    if (columns.indexOf(name) !== j) throw invalid(['commit_columns', j], `column "${name}" is named twice`, name);
  });
  for (const required of ['full_hash', 'date']) {
    if (!columns.includes(required)) throw invalid(['commit_columns'], `there is no "${required}" column`, columns);
  }
  const n = columns.length;
  const table = new Array<Commit>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!Array.isArray(row) || (row.length !== n && row.length !== n + 1)) {
      throw invalid(['commits', i], `expected a row of ${n} values (${columns.join(', ')}), then an object of the fields that apply or nothing`, row);
    }
    const extras: unknown = row[n];
    if (row.length > n) {
      if (!isPlainObject(extras)) throw invalid(['commits', i, n], 'expected an object of the fields that apply', extras);
      for (const name of Object.keys(extras)) if (!isCommitField(name)) throw invalid(['commits', i, n, name], `unknown field "${name}"`, extras[name]);
    }
    const parsed = storedCommitSchema.safeParse(commitObject(row, columns));
    if (!parsed.success) {
      throw new z.ZodError(parsed.error.issues.map((issue) => {
        // The issue's path in the commit object (`stats.files`) back to the row's column or field.
        const [group, key] = issue.path;
        const grouped = (group === 'stats' || group === 'scores') && key !== undefined;
        const field = grouped ? `${group}.${String(key)}` : String(group);
        const rest = issue.path.slice(grouped ? 2 : 1);
        const column = columns.indexOf(field);
        const path = column !== -1 ? ['commits', i, column, ...rest]
          : isPlainObject(extras) && Object.hasOwn(extras, field) ? ['commits', i, n, field, ...rest]
          : ['commits', i];
        return { ...issue, path, message: `${issue.message} (${field})` };
      }));
    }
    table[i] = normalizeCommit(parsed.data, defaults);
  }
  return table;
}
