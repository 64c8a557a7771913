import {
  contributorNameSchema, findExisting, MAX_MANUAL_SCORE, type Contribution, type ManualContributor,
} from '../../../src/shared/manual-contributions.js';
import { folded } from '../lib/search.js';
import { sameValue } from './merge.js';

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

/** One contribution in the inline edit form: the contribution it edits, and its score and notes as typed. */
export interface ContributionEdit {
  /**
   * The contribution as it was when the form opened. The edit replaces it wherever it is in the
   * list saved, not the one at its position (someone else may have removed one before it).
   */
  original: Contribution;
  score: string;
  notes: string;
  /**
   * Set when someone else changed the contribution in place while this was typed: the version the
   * admin opened. `original` is then theirs, and what was typed stays, to be saved over it.
   */
  typedOver?: Contribution;
}

/** Either the value the form describes or the message to show instead. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** An empty contribution form. */
export const EMPTY_DRAFT: ContributionDraft = { score: '', notes: '', start: '', end: '' };

/**
 * A typed score as a number, read as the form's number input gives it (`1e3` is 1000), cut to a
 * whole number ('12.7' -> 12); anything that is not a number is 0. What is saved went through
 * {@link checkWhole} first, so it is never cut.
 */
export function parseScore(text: string): number {
  const n = Number(text.trim());
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

function checkRange(score: number): string | null {
  if (score < 0) return 'Score must not be negative';
  if (score > MAX_MANUAL_SCORE) return `Score must be at most ${MAX_MANUAL_SCORE}`;
  return null;
}

/**
 * Scores are whole: a decimal (2.5) was saved cut to 2 without a word, so it is refused instead.
 * What is not a number at all reads as 0 (the SPEC's rule), which the callers' rules then judge.
 */
function checkWhole(text: string, field: string): string | null {
  const typed = Number(text.trim());
  return Number.isFinite(typed) && !Number.isInteger(typed) ? `${field} must be a whole number` : null;
}

function checkDates(start: string, end: string): string | null {
  if (start && end && end < start) return 'End date must not be before the start date';
  return null;
}

/**
 * Validates an add-contribution form: the score must be a whole number greater than 0, the dates
 * in order. `field` names the score in the messages ('Initial contribution score' for a new contributor).
 */
export function checkContribution(draft: ContributionDraft, field = 'Score'): Checked<Contribution> {
  const text = draft.score.trim();
  const decimal = checkWhole(text, field);
  if (decimal) return { ok: false, error: decimal };
  const score = parseScore(text);
  if (score <= 0) return { ok: false, error: `${field} must be greater than 0` };
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
  const contribution = checkContribution(draft, 'Initial contribution score');
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

/** Validates the inline edit of a contributor's contributions (whole scores, 0 and up). */
export function checkEdits(edits: readonly ContributionEdit[]): Checked<ContributionEdit[]> {
  for (const edit of edits) {
    const error = checkWhole(edit.score, 'Score') ?? checkRange(parseScore(edit.score));
    if (error) return { ok: false, error };
  }
  return { ok: true, value: [...edits] };
}

/** The edit form's starting values: each contribution's score and notes as text. */
export function editsOf(record: ManualContributor | undefined): ContributionEdit[] {
  return (record?.contributions ?? []).map(editOf);
}

const editOf = (c: Contribution): ContributionEdit => ({ original: c, score: String(c.score), notes: c.notes });

/** Where each edit's contribution is in `contributions` (by value, one for one, first free first), or null when it is gone. */
function locate(contributions: readonly Contribution[], edits: readonly ContributionEdit[]): (number | null)[] {
  const taken = new Set<number>();
  return edits.map((edit) => {
    const at = contributions.findIndex((c, i) => !taken.has(i) && sameValue(c, edit.original));
    if (at < 0) return null;
    taken.add(at);
    return at;
  });
}

/** '20 points (“Talk”)', for messages. */
export const pointsText = (score: number, notes: string) => `${score} point${score === 1 ? '' : 's'}${notes ? ` (“${notes}”)` : ''}`;
/** 'contribution of 20 points (“Talk”)', for messages. */
const pointsOf = (c: Contribution) => `contribution of ${pointsText(c.score, c.notes)}`;
/** Whether the form holds a value for this contribution other than its own. */
const typedIn = (edit: ContributionEdit) => parseScore(edit.score) !== edit.original.score || edit.notes.trim() !== edit.original.notes;

/** Whether the open edit form holds anything to save: a value typed, or one kept over someone else's change. */
export function editsTyped(edits: readonly ContributionEdit[] | null): boolean {
  return edits !== null && edits.some((edit) => edit.typedOver !== undefined || typedIn(edit));
}

/** What the edit form becomes when the contributor's record changed under it (see {@link rebaseEdits}). */
export interface RebasedEdits {
  /** One per contribution of the record now, in its order: what was typed for the ones still there. */
  edits: ContributionEdit[];
  /** Whether the form's rows changed: contributions gone, added or moved. */
  changed: boolean;
  /**
   * The edits typed for contributions someone else changed in place meanwhile (same position, same
   * dates): they stay in the form over the new version (see {@link ContributionEdit.typedOver}).
   */
  kept: ContributionEdit[];
  /** The edits typed for contributions that are gone (removed, or moved and changed meanwhile): they cannot be applied. */
  lost: ContributionEdit[];
}

const sameDates = (a: Contribution, b: Contribution) => a.start_date === b.start_date && a.end_date === b.end_date;

/**
 * The open edit form carried over to the contributor's record as it is now (after a reload, or a
 * save that brought someone else's change): what was typed for a contribution still there stays,
 * contributions new to the record get their own row, and edits of ones gone are returned as lost.
 * A typed edit of a contribution someone else edited in place (the panel's inline edit: same
 * position, same dates) stays too, over their version: dropping it lost what the admin typed,
 * after the refusal had said the form keeps it.
 */
export function rebaseEdits(edits: readonly ContributionEdit[], record: ManualContributor | undefined): RebasedEdits {
  const contributions = record?.contributions ?? [];
  const at = locate(contributions, edits);
  const byIndex = new Map<number, ContributionEdit>();
  at.forEach((index, i) => {
    const edit = edits[i];
    if (index !== null && edit) byIndex.set(index, edit);
  });
  // The form's rows are in the order of the record they were made from: row i was its contribution i.
  const kept: ContributionEdit[] = [];
  const lost: ContributionEdit[] = [];
  edits.forEach((edit, i) => {
    if (at[i] !== null || !(edit.typedOver !== undefined || typedIn(edit))) return;
    const theirs = contributions[i];
    if (theirs && !byIndex.has(i) && !edits.some((e) => sameValue(e.original, theirs)) && sameDates(theirs, edit.original)) {
      const over: ContributionEdit = { original: theirs, score: edit.score, notes: edit.notes, typedOver: edit.typedOver ?? edit.original };
      byIndex.set(i, over);
      kept.push(over);
    } else lost.push(edit);
  });
  return {
    edits: contributions.map((c, i) => byIndex.get(i) ?? editOf(c)),
    changed: contributions.length !== edits.length || at.some((index, i) => index !== i),
    kept,
    lost,
  };
}

/**
 * The note shown when the edit form was carried over to a changed record: what changed, which
 * typed edits stay over someone else's change, and which were dropped (with what was typed, so
 * it can be made again).
 */
export function rebaseNote(name: string, lost: readonly ContributionEdit[], kept: readonly ContributionEdit[] = []): string {
  let note = `The contributions of ${name} changed while you edited them: the form now shows them as they are${kept.length > 0 ? ', with what you typed kept.' : '.'}`;
  if (kept.length > 0) {
    const what = kept.map((edit) => `the ${pointsOf(edit.typedOver ?? edit.original)} to ${pointsText(edit.original.score, edit.original.notes)}`).join(', ');
    note += ` Someone else changed ${what}: check what you typed and save again to replace their version, or Cancel to keep it.`;
  }
  if (lost.length === 0) return note;
  const what = lost.map((edit) => `the ${pointsOf(edit.original)}`).join(', ');
  const them = lost.length === 1 ? 'it was' : 'they were';
  // What was typed, so it can be made again: the form no longer holds it.
  const typed = lost.map((edit) => pointsText(parseScore(edit.score), edit.notes.trim())).join('; ');
  return `${note} Your edit of ${what} was not kept: ${them} changed or removed meanwhile. You had typed ${typed}. Make it again if it still applies.`;
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

/**
 * Applies the inline edit to `name`'s record: each edit replaces the contribution it was opened on,
 * found by value wherever it now is, with its new score (parsed as an integer) and notes, dates
 * and other fields kept. Contributions the form did not show stay as they are. An edit whose
 * contribution is gone is refused rather than applied to another one.
 */
export function applyEdits(record: ManualContributor, name: string, edits: readonly ContributionEdit[]): Checked<ManualContributor> {
  const at = locate(record.contributions, edits);
  const gone = edits.find((_, i) => at[i] === null);
  if (gone) {
    return { ok: false, error: `Someone else changed or removed ${name}'s ${pointsOf(gone.original)} while you edited it, so your edit was not saved. Cancel, and edit the contributions as they are now.` };
  }
  const contributions = record.contributions.map((c, index) => {
    const edit = edits[at.indexOf(index)];
    return edit ? { ...c, score: parseScore(edit.score), notes: edit.notes.trim() } : c;
  });
  return { ok: true, value: { ...record, contributions } };
}

/** `map` with `name`'s record replaced by `record` (the name must be in it). */
export function replaceContributor(map: ContributorsMap, name: string, record: ManualContributor): ContributorsMap {
  return withRecord(map, name, () => record);
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
