import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Contribution } from '../../../src/shared/manual-contributions.js';
import { ContributionFields } from './ContributionFields.js';
import { checkContribution, type ContributionDraft } from './contributions.js';
import { escapeCancels } from './escape-cancels.js';

interface AddContributionFormProps {
  name: string;
  saving: boolean;
  /** What the form holds: kept by the contributor's item, so it outlives the form (see kept-drafts.ts). */
  draft: ContributionDraft;
  onChange: (draft: ContributionDraft) => void;
  onAdd: (c: Contribution) => Promise<boolean>;
  onCancel: () => void;
}

/** One more contribution for a contributor: score (greater than 0), notes, optional dates. */
export function AddContributionForm({ name, saving, draft, onChange, onAdd, onCancel }: AddContributionFormProps) {
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkContribution(draft);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    if (await onAdd(checked.value)) onCancel();
  };

  return (
    <form ref={form} className="admin-form admin-subform" onSubmit={(e) => void submit(e)} noValidate onKeyDown={escapeCancels(onCancel)}
      aria-label={`Add a contribution for ${name}`} data-testid="add-contribution-form">
      <div className="field-grid">
        <ContributionFields id={id} testPrefix="add" draft={draft} onChange={onChange} disabled={saving} />
      </div>
      {error && <p className="form-error" role="alert" data-testid="form-error">{error}</p>}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving} data-testid="add-contribution-submit">
          Add Contribution
        </button>
        <button type="button" className="button" onClick={onCancel} data-testid="add-contribution-cancel">Cancel</button>
      </div>
    </form>
  );
}
