import { useId, useState, type FormEvent } from 'react';
import { MAX_AI_OVERRIDE_NOTE } from '../../../src/shared/ai-overrides.js';
import { MAX_AI_SCORE } from '../../../src/shared/ai-part.js';
import { formatLocalDate } from '../lib/format.js';
import { checkOverrideDraft, EMPTY_OVERRIDE_DRAFT, shortHash, type AiOverrideDraft } from './ai-overrides.js';
import { useKeptState } from './kept-drafts.js';
import { overridePendingNote, pendingRemovals } from './pending.js';
import type { AiOverridesHandle } from './use-ai-overrides.js';

interface AiOverridesSectionProps {
  handle: AiOverridesHandle;
}

/**
 * AI score overrides: a form (commit hash, AI score 0-25, note) and the list of overrides, each
 * removable after a confirmation.
 */
export function AiOverridesSection({ handle }: AiOverridesSectionProps) {
  const { overrides, pending, loadError, busy, save, remove } = handle;
  const removals = overrides && pending ? pendingRemovals(overrides, pending.published) : [];
  const [draft, setDraft] = useKeptState<AiOverrideDraft>('ai-override', EMPTY_OVERRIDE_DRAFT);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const set = (patch: Partial<AiOverrideDraft>) => setDraft({ ...draft, ...patch });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkOverrideDraft(draft);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    if (await save(checked.value)) setDraft(EMPTY_OVERRIDE_DRAFT);
  };

  return (
    <section className="admin-section" aria-labelledby={`${id}-title`} data-testid="ai-overrides-section">
      <div className="admin-section-head">
        <h3 className="admin-section-title" id={`${id}-title`}>AI score overrides</h3>
        {overrides && (
          <span className="filter-count" data-testid="ai-override-count">
            {overrides.length} override{overrides.length === 1 ? '' : 's'}
          </span>
        )}
      </div>
      <p className="admin-help">
        Replace the AI part (0-{MAX_AI_SCORE} of a commit&apos;s 100 points) of one commit, with a note saying why.
        The page shows the note under the commit. Overrides are kept in <code>ai-overrides.json</code> and outlive refreshes.
      </p>
      <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate data-testid="ai-override-form">
        <div className="field-grid ai-override-grid">
          <div className="field">
            <label htmlFor={`${id}-commit`}>Commit hash</label>
            <input id={`${id}-commit`} className="input input-mono" value={draft.commit} autoComplete="off" spellCheck={false}
              maxLength={64} placeholder="e.g. 1a2b3c4d" onChange={(e) => set({ commit: e.target.value })} disabled={busy}
              aria-invalid={error?.startsWith('Commit') ? true : undefined} data-testid="ai-override-commit" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-score`}>AI score (0-{MAX_AI_SCORE})</label>
            <input id={`${id}-score`} className="input" type="number" inputMode="numeric" step={1} min={0} max={MAX_AI_SCORE}
              value={draft.score} onChange={(e) => set({ score: e.target.value })} disabled={busy}
              aria-invalid={error?.startsWith('Score') ? true : undefined} data-testid="ai-override-score" />
          </div>
          <div className="field field-notes">
            <label htmlFor={`${id}-note`}>Note</label>
            <input id={`${id}-note`} className="input" type="text" maxLength={MAX_AI_OVERRIDE_NOTE} placeholder="Why the AI score is overridden"
              value={draft.note} onChange={(e) => set({ note: e.target.value })} disabled={busy}
              aria-invalid={error?.startsWith('Note') ? true : undefined} data-testid="ai-override-note" />
          </div>
        </div>
        {error && <p className="form-error" role="alert" data-testid="ai-override-error">{error}</p>}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="ai-override-save">
            Save Override
          </button>
        </div>
      </form>
      {loadError && <p className="form-error" role="alert" data-testid="ai-overrides-load-error">{loadError}</p>}
      {!overrides && !loadError && <p className="admin-empty" role="status">Loading overrides...</p>}
      {overrides && overrides.length === 0 && (
        <p className="admin-empty" data-testid="no-ai-overrides">No AI score overrides yet.</p>
      )}
      {overrides && overrides.length > 0 && (
        <ul className="admin-entries ai-override-list" data-testid="ai-override-list">
          {overrides.map((o) => (
            <li key={o.hash} className="ai-override" data-testid="ai-override" data-hash={o.hash}>
              <code className="ai-override-hash" title={o.hash}>{shortHash(o.hash)}</code>
              <span className="ai-override-score" data-testid="ai-override-score-value">{o.score}</span>
              <span className="ai-override-note" data-testid="ai-override-note-text">{o.note}</span>
              <span className="ai-override-meta">
                {o.by} · <time dateTime={o.at}>{formatLocalDate(o.at)}</time>
              </span>
              <button type="button" className="icon-text-button" onClick={() => void remove(o)} disabled={busy}
                aria-label={`Remove the override of ${shortHash(o.hash)}`} data-testid="remove-ai-override">Remove</button>
              {pending && <PendingNote note={overridePendingNote(o, pending.published)} />}
            </li>
          ))}
        </ul>
      )}
      {removals.length > 0 && (
        <p className="admin-help" data-testid="pending-removals">
          Removal pending (still on the board): {removals.map((o) => `${shortHash(o.hash)} (${o.score})`).join(', ')}.
        </p>
      )}
    </section>
  );
}

function PendingNote({ note }: { note: string | null }) {
  return note ? <span className="admin-pending ai-override-pending" data-testid="pending-note">{note}</span> : null;
}
