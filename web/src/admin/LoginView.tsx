import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useBackend } from './backend-context.js';

interface LoginViewProps {
  /** True while a token (typed or stored) is being checked. */
  verifying: boolean;
  error: string | null;
  /** The account whose typing the panel's forms hold (the token was refused): signing in again as it gives them back. */
  keptFor?: string | null;
  onSignIn: (token: string) => void;
}

/** Token entry: a password field and Sign in; shows progress while the token is checked. */
export function LoginView({ verifying, error, keptFor = null, onSignIn }: LoginViewProps) {
  const [token, setToken] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const github = useBackend().kind === 'github';

  useEffect(() => {
    if (!verifying) input.current?.focus();
  }, [verifying, error]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSignIn(token);
  };

  return (
    <form className="admin-form admin-login" onSubmit={submit} noValidate data-testid="login-view">
      {github ? (
        <p className="admin-lead">
          Sign in with a GitHub personal access token: classic with the <code>repo</code> and <code>user:email</code> scopes, or
          fine-grained with Contents, Pull requests and Actions set to Read and write on this repository (and the account&apos;s
          Email addresses set to Read, if you are an admin by email).
          It is kept in this browser only and sent to GitHub&apos;s API alone.
        </p>
      ) : (
        <p className="admin-lead">
          Sign in with a GitHub personal access token with the <code>repo</code> and <code>user:email</code> scopes.
          It is kept in this browser only and sent to the leaderboard server with each admin request.
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-token`}>GitHub token</label>
        <input id={`${id}-token`} ref={input} className="input" type="password" autoComplete="off" spellCheck={false}
          value={token} onChange={(e) => setToken(e.target.value)} disabled={verifying}
          aria-invalid={error ? true : undefined} aria-describedby={[error && `${id}-error`, keptFor && `${id}-kept`].filter(Boolean).join(' ') || undefined}
          placeholder="ghp_..." data-testid="token-input" />
      </div>
      {error && <p className="form-error" id={`${id}-error`} role="alert" data-testid="login-error">{error}</p>}
      {keptFor && (
        <p className="admin-help" id={`${id}-kept`} data-testid="kept-drafts-note">
          What you typed in the admin panel is kept while this dialog stays open: sign in again as {keptFor} to go on where
          you were. Signing in as another account clears it.
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={verifying} aria-busy={verifying}
          data-testid="sign-in-button">
          {verifying ? 'Verifying...' : 'Sign in'}
        </button>
        {verifying && (
          <span className="admin-progress" role="status" data-testid="login-progress">
            <span className="spinner spinner-small" aria-hidden="true" />
            Verifying the token with GitHub...
          </span>
        )}
      </div>
    </form>
  );
}

/**
 * The server has no admin features: said at once, instead of a token form that could only fail.
 * `reason` is the server's own account of what to configure, for whoever runs it.
 */
export function AdminOffView({ reason, onClose }: { reason: string; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => close.current?.focus(), []);
  return (
    <div className="admin-form admin-off" data-testid="admin-off">
      <p className="admin-lead" id={`${id}-message`} data-testid="admin-off-message">
        Admin is not set up on this leaderboard server, so there is nothing to sign in to here. The rankings work without it.
      </p>
      <p className="admin-help" id={`${id}-reason`} data-testid="admin-off-reason">
        <strong>For whoever runs the server:</strong> {reason} Then start <code>leaderboard serve</code> again.
      </p>
      <div className="form-actions">
        {/* Focused first: it carries the why, which a screen reader would not reach otherwise. */}
        <button type="button" ref={close} className="button button-primary" onClick={onClose} aria-describedby={`${id}-message ${id}-reason`} data-testid="close-button">Close</button>
      </div>
    </div>
  );
}
