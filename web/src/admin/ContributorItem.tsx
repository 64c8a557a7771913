import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Contribution, ManualContributor } from '../../../src/shared/manual-contributions.js';
import { AddContributionForm } from './AddContributionForm.js';
import {
  applyEdits, checkEdits, describeDates, editsOf, editsTyped, EMPTY_DRAFT, pointsText, rebaseEdits, rebaseNote, totalScore, type ContributionEdit,
} from './contributions.js';
import { escapeCancels } from './escape-cancels.js';
import { useKeptState } from './kept-drafts.js';
import { useLeaveGuard } from './leave-guard.js';
import { sameValue } from './merge.js';
import { confirmAction } from './notify.js';

interface ContributorItemProps {
  name: string;
  record: ManualContributor;
  saving: boolean;
  /** Saves the contributor's record with the inline edit applied. */
  onEdit: (record: ManualContributor) => Promise<boolean>;
  onAdd: (c: Contribution) => Promise<boolean>;
  onDeleteOne: (index: number) => Promise<boolean>;
  onDeleteAll: () => Promise<boolean>;
  /** How this record differs from the published one while it waits in a pull request (see pending.ts). */
  pendingNote?: string | null;
}

const plural = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

/** One contributor of the manual list: their contributions, inline edit, add form and deletes. */
export function ContributorItem({ name, record, saving, onEdit, onAdd, onDeleteOne, onDeleteAll, pendingNote }: ContributorItemProps) {
  // Kept by name, so a token refused mid-session loses neither form (see kept-drafts.ts).
  const [edits, setEdits] = useKeptState<ContributionEdit[] | null>(`edit:${name}`, null);
  const [adding, setAdding] = useKeptState(`adding:${name}`, false);
  const [addDraft, setAddDraft] = useKeptState(`add:${name}`, EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);
  // Why the open edit form changed under the admin's eyes (see the effect below).
  const [editNote, setEditNote] = useState<string | null>(null);
  // This item's edit is being saved: its own save changes the record, which is no change under the form.
  const [submitting, setSubmitting] = useState(false);
  // The records this admin's own Adds are to give: an edit form open meanwhile follows them without
  // saying that someone else changed the contributions (only a record no save of ours gives is).
  const ownSaves = useRef<ManualContributor[]>([]);
  const editForm = useRef<HTMLFormElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const addToggle = useRef<HTMLButtonElement>(null);
  // Where focus goes once a form closes or a save ends: the button that stays, not the page's start
  // (the form, or the button pressed, is gone or disabled meanwhile).
  const [focusNext, setFocusNext] = useState<'edit' | 'add' | null>(null);
  const id = useId();
  const count = record.contributions.length;
  const editing = edits !== null;
  // What was typed and not saved is in this page only: leaving it asks first, as the admin list does.
  useLeaveGuard(editsTyped(edits) || !sameValue(addDraft, EMPTY_DRAFT));
  useEffect(() => {
    if (editing) editForm.current?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
  }, [editing]);
  // The record changed under the open form (a reload, or a save that brought someone else's
  // change): the form follows it, keeping what was typed for contributions still there, and says
  // so. Left as it was, it showed contributions that are gone, and its rows no longer matched.
  useEffect(() => {
    if (!edits) ownSaves.current = [];
    if (!edits || submitting) return;
    const rebased = rebaseEdits(edits, record);
    if (!rebased.changed) return;
    const own = ownSaves.current.some((r) => sameValue(r, record));
    ownSaves.current = [];
    setEdits(rebased.edits.length > 0 ? rebased.edits : null);
    if (!own) setEditNote(rebaseNote(name, rebased.lost, rebased.kept));
  }, [edits, submitting, record, name, setEdits]);
  useEffect(() => {
    if (focusNext === null || saving || editing || adding) return;
    (focusNext === 'edit' && editButton.current ? editButton.current : addToggle.current)?.focus();
    setFocusNext(null);
  }, [focusNext, saving, editing, adding]);
  const openEdit = () => {
    setError(null);
    setEditNote(null);
    setEdits(editsOf(record));
  };
  const closeEdit = () => {
    setEdits(null);
    setEditNote(null);
    setFocusNext('edit');
  };
  const closeAdd = () => {
    setAdding(false);
    setAddDraft(EMPTY_DRAFT);
    setFocusNext('add');
  };

  const setEdit = (i: number, patch: Partial<Pick<ContributionEdit, 'score' | 'notes'>>) =>
    setEdits(edits && edits.map((e, j) => (j === i ? { ...e, ...patch } : e)));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!edits) return;
    const checked = checkEdits(edits);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    const next = applyEdits(record, name, checked.value);
    if (!next.ok) {
      setError(next.error);
      return;
    }
    setError(null);
    // Nothing changed (e.g. Save pressed on a form that followed a reload): nothing to write.
    if (sameValue(next.value, record)) {
      closeEdit();
      return;
    }
    setSubmitting(true);
    const saved = await onEdit(next.value);
    setSubmitting(false);
    if (saved) closeEdit();
  };

  const add = async (c: Contribution) => {
    const expected = { ...record, contributions: [...record.contributions, c] };
    ownSaves.current.push(expected);
    const saved = await onAdd(c);
    if (!saved) ownSaves.current = ownSaves.current.filter((r) => r !== expected);
    return saved;
  };

  const deleteOne = (i: number, c: Contribution) => {
    if (!confirmAction(`Delete the contribution of ${plural(c.score)} from ${name}?`)) return;
    setFocusNext('edit');
    void onDeleteOne(i);
  };
  const deleteAll = () => {
    if (!confirmAction(`Delete all ${count} manual contribution${count === 1 ? '' : 's'} of ${name}? ${name} is removed from the manual contributions.`)) return;
    // Gone with the contributor: a form kept for them would open again if the name came back.
    void onDeleteAll().then((done) => {
      if (!done) return;
      setEdits(null);
      setAdding(false);
      setAddDraft(EMPTY_DRAFT);
    });
  };

  return (
    <li className="admin-item" data-testid="manual-contributor" data-name={name}>
      <div className="admin-item-head">
        <div className="admin-item-who">
          <span className="admin-item-name">{name}</span>
          {record.email && <span className="admin-item-email">{record.email}</span>}
          {pendingNote && <span className="admin-pending" data-testid="pending-note">{pendingNote}</span>}
        </div>
        <span className="admin-item-total" data-testid="contributor-total">+{totalScore(record)}</span>
        <div className="admin-item-actions">
          {!editing && count > 0 && (
            <button ref={editButton} type="button" className="button button-small" onClick={openEdit}
              disabled={saving} data-testid="edit-button">Edit</button>
          )}
          <button ref={addToggle} type="button" className="button button-small" aria-expanded={adding} onClick={() => (adding ? closeAdd() : setAdding(true))}
            data-testid="add-contribution-toggle">Add Contribution</button>
          <button type="button" className="button button-small button-danger" onClick={deleteAll} disabled={saving}
            data-testid="delete-all">Delete all</button>
        </div>
      </div>

      {editNote && <p className="admin-edit-note" role="status" data-testid="edit-note">{editNote}</p>}
      {edits ? (
        <form ref={editForm} className="admin-form admin-subform" onSubmit={(e) => void save(e)} noValidate onKeyDown={escapeCancels(closeEdit)}
          aria-label={`Edit ${name}`} data-testid="edit-form">
          <div className="field">
            <label htmlFor={`${id}-name`}>Name <span className="field-optional">(locked)</span></label>
            <input id={`${id}-name`} className="input" value={name} disabled readOnly data-testid="name-input" />
          </div>
          {edits.map((edit, i) => (
            <div className="edit-row" key={i}>
              <div className="field field-score">
                <label htmlFor={`${id}-score-${i}`}>Score</label>
                <input id={`${id}-score-${i}`} className="input" type="number" inputMode="numeric" step={1} min={0}
                  value={edit.score} onChange={(e) => setEdit(i, { score: e.target.value })} data-testid="score-input" />
              </div>
              <div className="field field-notes">
                <label htmlFor={`${id}-notes-${i}`}>Notes</label>
                <input id={`${id}-notes-${i}`} className="input" maxLength={2000} value={edit.notes}
                  onChange={(e) => setEdit(i, { notes: e.target.value })} data-testid="notes-input" />
              </div>
              <span className="edit-dates">{describeDates(edit.original)}</span>
              {edit.typedOver && (
                <p className="edit-theirs" data-testid="edit-theirs">
                  Someone else&rsquo;s version: {pointsText(edit.original.score, edit.original.notes)}.
                </p>
              )}
            </div>
          ))}
          {error && <p className="form-error" role="alert" data-testid="form-error">{error}</p>}
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={saving} data-testid="save-button">
              {saving ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className="button" onClick={closeEdit} data-testid="cancel-edit">Cancel</button>
          </div>
        </form>
      ) : count === 0 ? (
        <p className="admin-empty">No contributions.</p>
      ) : (
        <ul className="contribution-list">
          {record.contributions.map((c, i) => (
            <li className="contribution" key={i} data-testid="contribution">
              <span className="contribution-score">+{c.score}</span>
              <span className="contribution-notes">{c.notes || <em>No notes</em>}</span>
              <span className="contribution-dates">{describeDates(c)}</span>
              <button type="button" className="icon-text-button" onClick={() => deleteOne(i, c)} disabled={saving}
                aria-label={`Delete the contribution of ${plural(c.score)}`} data-testid="delete-contribution">Delete</button>
            </li>
          ))}
        </ul>
      )}

      {adding && <AddContributionForm name={name} saving={saving} draft={addDraft} onChange={setAddDraft} onAdd={add} onCancel={closeAdd} />}
    </li>
  );
}
