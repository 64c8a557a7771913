import { useId, useRef, useState, type FormEvent } from 'react';
import { adminRows } from './admins.js';
import { useKeptState } from './kept-drafts.js';
import type { AdminListHandle } from './use-admin-list.js';

interface AdminsSectionProps {
  handle: AdminListHandle;
}

/** The admin list: primary admins marked (not removable), add by email or username, remove after a confirmation. */
export function AdminsSection({ handle }: AdminsSectionProps) {
  const input = useRef<HTMLInputElement>(null);
  const { admins, primary, loadError, saving, pullRequestUrl, add, remove } = handle;
  const [value, setValue] = useKeptState('admin-input', '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = add(value);
    setError(problem);
    if (!problem) setValue('');
  };

  return (
    <section className="admin-section" aria-labelledby={`${id}-title`} data-testid="admins-section">
      <div className="admin-section-head">
        <h3 className="admin-section-title" id={`${id}-title`}>Admins</h3>
        {saving && <span className="filter-count" role="status">Saving...</span>}
      </div>
      <p className="admin-help">
        Changes are committed to <code>admin-list.json</code> on the <code>leaderboard-updates</code> branch and proposed as a pull request.
      </p>
      {loadError && <p className="form-error" role="alert">{loadError}</p>}
      {!admins && !loadError && <p className="admin-empty" role="status">Loading admins...</p>}
      {admins && (
        <>
          <ul className="admin-entries" data-testid="admin-list">
            {adminRows(admins, primary).map((row) => (
              <li key={row.value} className="admin-entry" data-testid="admin-entry" data-value={row.value} data-primary={row.primary}>
                <span className="admin-entry-value">{row.value}</span>
                {row.primary ? (
                  <span className="admin-badge" title="Primary admins come from the configuration and cannot be removed">Primary</span>
                ) : (
                  <button type="button" className="icon-text-button" onClick={() => {
                    // Its row goes: focus goes to the field for adding one, not to the page's start.
                    if (remove(row.value)) input.current?.focus();
                  }}
                    aria-label={`Remove ${row.value}`} data-testid="remove-admin">Remove</button>
                )}
              </li>
            ))}
          </ul>
          <form className="admin-inline-form" onSubmit={submit} noValidate>
            <label className="visually-hidden" htmlFor={`${id}-input`}>Email or GitHub username</label>
            <input id={`${id}-input`} ref={input} className="input" value={value} onChange={(e) => setValue(e.target.value)}
              placeholder="Email or GitHub username" autoComplete="off" maxLength={320}
              aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} data-testid="admin-input" />
            <button type="submit" className="button button-primary" data-testid="add-admin">Add Admin</button>
          </form>
          {error && <p className="form-error" id={`${id}-error`} role="alert" data-testid="admin-error">{error}</p>}
        </>
      )}
      {pullRequestUrl && /^https?:\/\//i.test(pullRequestUrl) && (
        <p className="admin-help">
          Pull request: <a href={pullRequestUrl} target="_blank" rel="noreferrer" data-testid="pr-link">{pullRequestUrl}</a>
        </p>
      )}
    </section>
  );
}
