import type { ContributionDraft } from './contributions.js';

interface ContributionFieldsProps {
  /** Prefix of the inputs' ids (unique in the page). */
  id: string;
  /** Prefix of the inputs' test ids: `{prefix}-score`, `-notes`, `-start`, `-end`. */
  testPrefix: string;
  draft: ContributionDraft;
  onChange: (draft: ContributionDraft) => void;
  scoreLabel?: string;
  disabled?: boolean;
  /** The field an error shown under the form is about, and that error's id (read with the field). */
  invalid?: { field: 'score' | 'end'; errorId: string } | null;
}

/** Score, notes and the optional first and last day of a contribution. */
export function ContributionFields({ id, testPrefix, draft, onChange, scoreLabel = 'Score', disabled, invalid = null }: ContributionFieldsProps) {
  const set = (patch: Partial<ContributionDraft>) => onChange({ ...draft, ...patch });
  const errorOf = (field: 'score' | 'end') => (invalid?.field === field ? { 'aria-invalid': true, 'aria-describedby': invalid.errorId } : {});
  return (
    <>
      <div className="field field-score">
        <label htmlFor={`${id}-score`}>{scoreLabel}</label>
        <input id={`${id}-score`} className="input" type="number" inputMode="numeric" step={1} min={1}
          value={draft.score} onChange={(e) => set({ score: e.target.value })} disabled={disabled} data-testid={`${testPrefix}-score`} {...errorOf('score')} />
      </div>
      <div className="field field-notes">
        <label htmlFor={`${id}-notes`}>Notes</label>
        <input id={`${id}-notes`} className="input" type="text" maxLength={2000} placeholder="What it was for"
          value={draft.notes} onChange={(e) => set({ notes: e.target.value })} disabled={disabled} data-testid={`${testPrefix}-notes`} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-start`}>Start date <span className="field-optional">(optional)</span></label>
        <input id={`${id}-start`} className="input" type="date" value={draft.start}
          onChange={(e) => set({ start: e.target.value })} disabled={disabled} data-testid={`${testPrefix}-start`} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-end`}>End date <span className="field-optional">(optional)</span></label>
        <input id={`${id}-end`} className="input" type="date" value={draft.end}
          onChange={(e) => set({ end: e.target.value })} disabled={disabled} data-testid={`${testPrefix}-end`} {...errorOf('end')} />
      </div>
    </>
  );
}
