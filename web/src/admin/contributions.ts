import {
  contributorNameSchema, findExisting, MAX_MANUAL_SCORE, type Contribution, type ManualContributor,
} from '../../../src/shared/manual-contributions.js';
import { folded } from '../lib/search.js';

/** The contributors map the panel edits: name -> manual record (legacy records already normalized). */
export type ContributorsMap = Record<string, ManualContributor>;

/** What a contribution form holds: text straight from the inputs. */
export interface ContributionDraft {
  score: string;
  notes: string;
  /** YYYY-MM-DD from a date input, or '' for open. */
  start: string;
  end: string;
}

/** What the new-contributor form holds. */
export interface NewContributorDraft extends ContributionDraft {
  name: string;
  email: string;
}

/** The score and notes of one contribution in the inline edit form. */
export interface ContributionEdit {
  score: string;
  notes: string;
}

/** Either the value the form describes or the message to show instead. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** An empty contribution form. */
export const EMPTY_DRAFT: ContributionDraft = { score: '', notes: '', start: '', end: '' };

/** Parses a score as an integer ('12.7' -> 12); anything that is not a number is 0. */
export function parseScore(text: string): number {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isNaN(n) ? 0 : n;
}

function checkRange(score: number): string | null {
  if (score < 0) return 'Score must not be negative';
  if (score > MAX_MANUAL_SCORE) return `Score must be at most ${MAX_MANUAL_SCORE}`;
  return null;
}

function checkDates(start: string, end: string): string | null {
  if (start && end && end < start) return 'End date must not be before the start date';
  return null;
}

/** Validates an add-contribution form: the score must be greater than 0, the dates in order. */
export function checkContribution(draft: ContributionDraft, zeroMessage = 'Score must be greater than 0'): Checked<Contribution> {
  const score = parseScore(draft.score);
  if (score <= 0) return { ok: false, error: zeroMessage };
  const error = checkRange(score) ?? checkDates(draft.start, draft.end);
  if (error) return { ok: false, error };
  return {
    ok: true,
    value: { score, notes: draft.notes.trim(), start_date: draft.start || null, end_date: draft.end || null },
  };
}

/**
 * Validates the new-contributor form against the spec's rules and the current map. A name on the
 * `board` (its people, commits or not) is taken as it is written there: that is how the panel adds
 * to a committer's score. The same name in another case or with other accents is refused: it made
 * a second person, shown in every period beside the first.
 */
export function checkNewContributor(map: ContributorsMap, draft: NewContributorDraft, board: readonly string[] = []): Checked<{ name: string; record: ManualContributor }> {
  const name = contributorNameSchema.safeParse(draft.name);
  if (!name.success) return { ok: false, error: name.error.issues[0]?.message ?? 'Contributor name is required' };
  const contribution = checkContribution(draft, 'Initial contribution score must be greater than 0');
  if (!contribution.ok) return contribution;
  const existing = findExisting(map, name.data);
  if (existing !== null) {
    return { ok: false, error: `Contributor "${existing}" already exists. Use the "Add Contribution" button instead.` };
  }
  const nfc = name.data.normalize('NFC');
  // The board's own spelling of it (git may store a name decomposed, as macOS writes it).
  const asOnBoard = board.find((n) => n.normalize('NFC') === nfc);
  if (asOnBoard === undefined) {
    const onBoard = board.find((n) => folded(n) === folded(nfc));
    if (onBoard !== undefined) return { ok: false, error: `Contributor "${onBoard}" is on the board: "${name.data}" would be a second person. Enter the name as "${onBoard}" to add to theirs.` };
  }
  const email = draft.email.trim();
  const record: ManualContributor = email ? { email, contributions: [contribution.value] } : { contributions: [contribution.value] };
  return { ok: true, value: { name: asOnBoard ?? name.data, record } };
}

/** Validates the inline edit of a contributor's contributions (scores 0 and up). */
export function checkEdits(edits: readonly ContributionEdit[]): Checked<ContributionEdit[]> {
  for (const edit of edits) {
    const error = checkRange(parseScore(edit.score));
    if (error) return { ok: false, error };
  }
  return { ok: true, value: [...edits] };
}

/** The edit form's starting values: each contribution's score and notes as text. */
export function editsOf(record: ManualContributor | undefined): ContributionEdit[] {
  return (record?.contributions ?? []).map((c) => ({ score: String(c.score), notes: c.notes }));
}

function withRecord(map: ContributorsMap, name: string, update: (r: ManualContributor) => ManualContributor): ContributorsMap {
  const record = map[name];
  if (!record) return map;
  return { ...map, [name]: update(record) };
}

/** Adds a contributor (the name must be new). */
export function addContributor(map: ContributorsMap, name: string, record: ManualContributor): ContributorsMap {
  return { ...map, [name]: record };
}

/** Appends a contribution to a contributor. */
export function addContribution(map: ContributorsMap, name: string, contribution: Contribution): ContributorsMap {
  return withRecord(map, name, (r) => ({ ...r, contributions: [...r.contributions, contribution] }));
}

/** Applies the inline edit: new scores (parsed as integers) and notes, dates and other fields kept. */
export function applyEdits(map: ContributorsMap, name: string, edits: readonly ContributionEdit[]): ContributorsMap {
  return withRecord(map, name, (r) => ({
    ...r,
    contributions: r.contributions.map((c, i) => {
      const edit = edits[i];
      return edit ? { ...c, score: parseScore(edit.score), notes: edit.notes.trim() } : c;
    }),
  }));
}

/** Removes the contribution at `index` of a contributor (the contributor stays). */
export function deleteContribution(map: ContributorsMap, name: string, index: number): ContributorsMap {
  return withRecord(map, name, (r) => ({ ...r, contributions: r.contributions.filter((_, i) => i !== index) }));
}

/** Removes a contributor with all of their contributions. */
export function deleteContributor(map: ContributorsMap, name: string): ContributorsMap {
  return Object.fromEntries(Object.entries(map).filter(([n]) => n !== name));
}

/** The sum of a contributor's scores. */
export function totalScore(record: ManualContributor): number {
  return record.contributions.reduce((sum, c) => sum + c.score, 0);
}

/** The contributor names matching `query` (name or email, without case or accents, as the board's search), sorted. */
export function searchContributors(map: ContributorsMap, query: string): string[] {
  const q = folded(query.trim());
  return Object.keys(map)
    .filter((name) => !q || folded(name).includes(q) || folded(map[name]?.email ?? '').includes(q))
    .sort((a, b) => a.localeCompare(b));
}

/** 'All periods', 'From 2025-01-01', 'Until ...' or 'start – end' for a contribution's dates. */
export function describeDates(c: Pick<Contribution, 'start_date' | 'end_date'>): string {
  if (c.start_date && c.end_date) return `${c.start_date} – ${c.end_date}`;
  if (c.start_date) return `From ${c.start_date}`;
  if (c.end_date) return `Until ${c.end_date}`;
  return 'All periods';
}
