import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Contribution, ManualContributor } from '../../../src/shared/manual-contributions.js';
import { AddContributionForm } from './AddContributionForm.js';
import { checkEdits, describeDates, editsOf, totalScore, type ContributionEdit } from './contributions.js';
import { escapeCancels } from './escape-cancels.js';
import { confirmAction } from './notify.js';

interface ContributorItemProps {
  name: string;
  record: ManualContributor;
  saving: boolean;
  onEdit: (edits: ContributionEdit[]) => Promise<boolean>;
  onAdd: (c: Contribution) => Promise<boolean>;
  onDeleteOne: (index: number) => Promise<boolean>;
  onDeleteAll: () => Promise<boolean>;
  /** How this record differs from the published one while it waits in a pull request (see pending.ts). */
  pendingNote?: string | null;
}

const plural = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

/** One contributor of the manual list: their contributions, inline edit, add form and deletes. */
export function ContributorItem({ name, record, saving, onEdit, onAdd, onDeleteOne, onDeleteAll, pendingNote }: ContributorItemProps) {
  const [edits, setEdits] = useState<ContributionEdit[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editForm = useRef<HTMLFormElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const addToggle = useRef<HTMLButtonElement>(null);
  // Where focus goes once a form closes or a save ends: the button that stays, not the page's start
  // (the form, or the button pressed, is gone or disabled meanwhile).
  const [focusNext, setFocusNext] = useState<'edit' | 'add' | null>(null);
  const id = useId();
  const count = record.contributions.length;
  const editing = edits !== null;
  useEffect(() => {
    if (editing) editForm.current?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
  }, [editing]);
  useEffect(() => {
    if (focusNext === null || saving || editing || adding) return;
    (focusNext === 'edit' && editButton.current ? editButton.current : addToggle.current)?.focus();
    setFocusNext(null);
  }, [focusNext, saving, editing, adding]);
  const closeEdit = () => {
    setEdits(null);
    setFocusNext('edit');
  };
  const closeAdd = () => {
    setAdding(false);
    setFocusNext('add');
  };

  const setEdit = (i: number, patch: Partial<ContributionEdit>) =>
    setEdits((prev) => prev && prev.map((e, j) => (j === i ? { ...e, ...patch } : e)));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!edits) return;
    const checked = checkEdits(edits);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    if (await onEdit(checked.value)) closeEdit();
  };

  const deleteOne = (i: number, c: Contribution) => {
    if (!confirmAction(`Delete the contribution of ${plural(c.score)} from ${name}?`)) return;
    setFocusNext('edit');
    void onDeleteOne(i);
  };
  const deleteAll = () => {
    if (confirmAction(`Delete all ${count} manual contribution${count === 1 ? '' : 's'} of ${name}? ${name} is removed from the manual contributions.`)) void onDeleteAll();
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
            <button ref={editButton} type="button" className="button button-small" onClick={() => { setError(null); setEdits(editsOf(record)); }}
              disabled={saving} data-testid="edit-button">Edit</button>
          )}
          <button ref={addToggle} type="button" className="button button-small" aria-expanded={adding} onClick={() => setAdding((a) => !a)}
            data-testid="add-contribution-toggle">Add Contribution</button>
          <button type="button" className="button button-small button-danger" onClick={deleteAll} disabled={saving}
            data-testid="delete-all">Delete all</button>
        </div>
      </div>

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
              <span className="edit-dates">{record.contributions[i] ? describeDates(record.contributions[i]) : ''}</span>
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

      {adding && <AddContributionForm name={name} saving={saving} onAdd={onAdd} onCancel={closeAdd} />}
    </li>
  );
}
