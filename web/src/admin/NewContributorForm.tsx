import { useContext, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BoardNamesContext } from '../hooks/board-names.js';
import { ContributionFields } from './ContributionFields.js';
import { addContributor, checkNewContributor, EMPTY_DRAFT, type ContributorsMap, type NewContributorDraft } from './contributions.js';
import { useKeptState } from './kept-drafts.js';
import { useLeaveGuard } from './leave-guard.js';
import { sameValue } from './merge.js';

interface NewContributorFormProps {
  contributors: ContributorsMap;
  saving: boolean;
  onSave: (next: ContributorsMap, done: string) => Promise<boolean>;
}

const EMPTY: NewContributorDraft = { ...EMPTY_DRAFT, name: '', email: '' };

/** A contributor who has no manual record yet (perhaps no commits at all), with a first contribution. */
export function NewContributorForm({ contributors, saving, onSave }: NewContributorFormProps) {
  // Kept, so a token refused mid-session does not lose what was typed (see kept-drafts.ts).
  const [draft, setDraft] = useKeptState('new-contributor', EMPTY);
  const [error, setError] = useState<string | null>(null);
  // What was typed and not saved is in this page only: leaving it asks first, as the admin list does.
  useLeaveGuard(!sameValue(draft, EMPTY));
  const boardNames = useContext(BoardNamesContext);
  const id = useId();
  const nameField = useRef<HTMLInputElement>(null);
  // Where the focus goes once the save has ended and the fields are enabled again (see submit).
  const refocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (saving || !refocus.current) return;
    refocus.current.focus();
    refocus.current = null;
  }, [saving]);
  // The field the error is about, so a screen reader reads the error with it.
  const invalid = error === null ? null : /date/i.test(error) ? 'end' : /score/i.test(error) ? 'score' : 'name';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkNewContributor(contributors, draft, boardNames());
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    const { name, record } = checked.value;
    // The fields are disabled while saving, which takes the focus from them: it comes back to the
    // name for the next one, or to where it was when the save failed.
    const from = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const saved = await onSave(addContributor(contributors, name, record), `Added contributor ${name}`);
    if (saved) setDraft(EMPTY);
    const target = saved || !from?.isConnected ? nameField.current : from;
    // Still disabled when the render that ends the save has not come yet (a busy machine): then
    // that render's effect gives the focus back.
    if (target && !target.matches(':disabled')) target.focus();
    else refocus.current = target;
  };

  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <div className="admin-section-head">
        <h3 className="admin-section-title" id={`${id}-title`}>New Contributor</h3>
      </div>
      <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate data-testid="new-contributor-form">
        <div className="field-grid">
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input id={`${id}-name`} ref={nameField} className="input" maxLength={200} value={draft.name} autoComplete="off"
              {...(invalid === 'name' ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })} disabled={saving} data-testid="new-name" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email <span className="field-optional">(optional)</span></label>
            <input id={`${id}-email`} className="input" type="email" maxLength={320} value={draft.email} autoComplete="off"
              onChange={(e) => setDraft({ ...draft, email: e.target.value })} disabled={saving} data-testid="new-email" />
          </div>
          <ContributionFields id={id} testPrefix="new" scoreLabel="Initial score" draft={draft}
            onChange={(d) => setDraft({ ...draft, ...d })} disabled={saving}
            invalid={invalid === 'score' || invalid === 'end' ? { field: invalid, errorId: `${id}-error` } : null} />
        </div>
        {error && <p className="form-error" id={`${id}-error`} role="alert" data-testid="form-error">{error}</p>}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={saving} data-testid="create-contributor">
            Add Contributor
          </button>
        </div>
      </form>
    </section>
  );
}
