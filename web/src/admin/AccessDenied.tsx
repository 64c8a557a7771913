import { useEffect, useRef } from 'react';
import { AlertIcon } from '../components/Icons.js';
import type { SessionRead } from './backend.js';

interface AccessDeniedProps {
  session: SessionRead;
  onLogout: () => void;
  onClose: () => void;
}

/**
 * A valid token of an account that is not an admin: who it is, whom to ask (the spec's sentence),
 * what may explain it when the back end knows (a hint), Logout and Close.
 */
export function AccessDenied({ session, onLogout, onClose }: AccessDeniedProps) {
  const logout = useRef<HTMLButtonElement>(null);
  useEffect(() => logout.current?.focus(), []);
  const { login, email } = session.user;
  const message = session.message ?? `Access Denied: ${email ?? login} is not authorized.`;

  return (
    <div className="admin-denied" data-testid="access-denied">
      <AlertIcon width={28} height={28} className="error-icon" />
      <p className="admin-who" data-testid="signed-in-as">
        Signed in as <strong>{login}</strong>{email && <> ({email})</>}
      </p>
      <p className="admin-denied-message" role="alert" data-testid="access-denied-message">{message}</p>
      {session.hint && <p className="admin-help" data-testid="access-denied-hint">{session.hint}</p>}
      <div className="form-actions">
        <button type="button" ref={logout} className="button" onClick={onLogout} data-testid="logout-button">Logout</button>
        <button type="button" className="button button-primary" onClick={onClose} data-testid="close-button">Close</button>
      </div>
    </div>
  );
}
