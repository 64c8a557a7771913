import { useId, useLayoutEffect, useRef } from 'react';
import { CloseIcon, ShieldIcon } from '../components/Icons.js';
import { AccessDenied } from './AccessDenied.js';
import { AdminPanel } from './AdminPanel.js';
import { LoginView } from './LoginView.js';
import { useAdminSession } from './use-admin-session.js';
import './admin.css';

interface AdminModalProps {
  /** The modal closed (Close, the cross, or Escape). */
  onClose: () => void;
  /** Manual contributions were saved or the data pulled: the page should fetch its data again. */
  onDataChanged: () => void;
}

/**
 * The admin modal: a native modal dialog (the page behind is inert, Escape closes it) showing
 * the login view, the access-denied view or the admin panel. Mounted only while open, so every
 * opening verifies the stored token again and closing drops all admin state but the token.
 */
export default function AdminModal({ onClose, onDataChanged }: AdminModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { state, signIn, logout, expire } = useAdminSession();

  // A layout effect, so the views' own focus effects (which run after) win over showModal's.
  useLayoutEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => {
      if (d?.open) d.close();
    };
  }, []);

  const subtitle = state.view === 'login' ? 'Sign in' : state.view === 'denied' ? 'Access denied' : 'Admin panel';
  return (
    <dialog ref={dialog} className="admin-modal" role="dialog" aria-modal="true" aria-labelledby={titleId}
      data-testid="admin-modal" data-view={state.view} onClose={onClose}>
      <div className="admin-modal-head">
        <h2 className="card-title" id={titleId}>
          <ShieldIcon width={18} height={18} className="card-title-icon" />
          Admin <span className="admin-modal-subtitle">· {subtitle}</span>
        </h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Close admin" data-testid="modal-close">
          <CloseIcon width={18} height={18} />
        </button>
      </div>
      <div className="admin-modal-body">
        {state.view === 'login' && <LoginView verifying={state.verifying} error={state.error} onSignIn={signIn} />}
        {state.view === 'denied' && <AccessDenied session={state.session} onLogout={logout} onClose={onClose} />}
        {state.view === 'panel' && (
          <AdminPanel token={state.token} session={state.session} onLogout={logout} onUnauthorized={expire}
            onDataChanged={onDataChanged} />
        )}
      </div>
    </dialog>
  );
}
