import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CloseIcon, ShieldIcon } from '../components/Icons.js';
import { isPublishedSite } from '../lib/site-mode.js';
import { AccessDenied } from './AccessDenied.js';
import { AdminPanel } from './AdminPanel.js';
import { BackendContext } from './backend-context.js';
import type { AdminBackend } from './backend.js';
import { KeptDrafts, KeptDraftsContext } from './kept-drafts.js';
import { localBackend } from './local-backend.js';
import { AdminOffView, LoginView } from './LoginView.js';
import { loadSiteBackend } from './site-backend.js';
import { useAdminOff } from './use-admin-off.js';
import { INVALID_TOKEN_MESSAGE, useAdminSession, type AdminSession } from './use-admin-session.js';
import './admin.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface AdminModalProps {
  /** The modal closed (Close, the cross, or Escape). */
  onClose: () => void;
  /** Manual contributions or AI score overrides were saved, or the data pulled: the page should fetch its data again. */
  onDataChanged: () => void;
}

/**
 * The admin modal: a native modal dialog (the page behind is inert, Escape closes it) showing
 * the login view, the access-denied view or the admin panel. Mounted only while open, so every
 * opening verifies the stored token again and closing drops all admin state but the token. On a
 * published site it first reads the site's admin settings and talks to GitHub instead of a server.
 */
export default function AdminModal({ onClose, onDataChanged }: AdminModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [backend, setBackend] = useState<AdminBackend | { error: string } | null>(() => (isPublishedSite() ? null : localBackend));

  useEffect(() => {
    if (backend !== null) return undefined;
    let alive = true;
    loadSiteBackend().then((loaded) => alive && setBackend(loaded), (err: unknown) => alive && setBackend({ error: (err as Error).message }));
    return () => {
      alive = false;
    };
  }, [backend]);

  // A layout effect, so the views' own focus effects (which run after) win over showModal's.
  useLayoutEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => {
      if (d?.open) d.close();
    };
  }, []);

  // The page behind is inert; this only keeps Tab from leaving for the browser's own controls.
  const wrapTab = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog ref={dialog} className="admin-modal" role="dialog" aria-modal="true" aria-labelledby={titleId}
      data-testid="admin-modal" onClose={onClose} onKeyDown={wrapTab}>
      {backend === null || 'error' in backend ? (
        <>
          <ModalHead titleId={titleId} subtitle={backend ? 'Unavailable' : 'Loading'} onClose={onClose} />
          <div className="admin-modal-body">
            {backend
              ? <p className="form-error" role="alert" data-testid="admin-settings-error">{backend.error}</p>
              : <p className="admin-empty" role="status">Loading the admin settings...</p>}
          </div>
        </>
      ) : (
        <BackendContext.Provider value={backend}>
          <AdminViews titleId={titleId} onClose={onClose} onDataChanged={onDataChanged} />
        </BackendContext.Provider>
      )}
    </dialog>
  );
}

const SUBTITLES: Record<AdminSession['view'], string> = { login: 'Sign in', denied: 'Access denied', panel: 'Admin panel' };

function ModalHead({ titleId, subtitle, onClose }: { titleId: string; subtitle: string; onClose: () => void }) {
  return (
    <div className="admin-modal-head">
      <h2 className="card-title" id={titleId}>
        <ShieldIcon width={18} height={18} className="card-title-icon" />
        Admin <span className="admin-modal-subtitle">· {subtitle}</span>
      </h2>
      <button type="button" className="icon-button" onClick={onClose} aria-label="Close admin" data-testid="modal-close">
        <CloseIcon width={18} height={18} />
      </button>
    </div>
  );
}

/** The login, access-denied or panel view, on the back end of the context. */
function AdminViews({ titleId, onClose, onDataChanged }: AdminModalProps & { titleId: string }) {
  const { state, signIn, logout: forgetToken, expire } = useAdminSession();
  // What was typed in the panel's forms outlives the panel: a token refused mid-session shows the
  // login view, and signing in again as the same account gives the forms back. Another account
  // starts with empty forms; Logout forgets them with the token.
  const [drafts] = useState(() => new KeptDrafts());
  // Before the panel renders (its forms read the drafts as they mount); the same login again changes nothing.
  if (state.view !== 'login') drafts.signedIn(state.session.user.login);
  const logout = useCallback(() => {
    drafts.clear();
    forgetToken();
  }, [drafts, forgetToken]);
  const keptFor = state.view === 'login' && state.error === INVALID_TOKEN_MESSAGE && drafts.hasAny() ? drafts.owner : null;
  const off = useAdminOff();
  if (off !== null) {
    return (
      <>
        <ModalHead titleId={titleId} subtitle={off === undefined ? 'Loading' : 'Not set up'} onClose={onClose} />
        <div className="admin-modal-body">
          {off === undefined
            ? <p className="admin-empty" role="status">Loading the admin settings...</p>
            : <AdminOffView reason={off} onClose={onClose} />}
        </div>
      </>
    );
  }
  return (
    <>
      <ModalHead titleId={titleId} subtitle={SUBTITLES[state.view]} onClose={onClose} />
      <div className="admin-modal-body">
        {state.view === 'login' && <LoginView verifying={state.verifying} error={state.error} keptFor={keptFor} onSignIn={signIn} />}
        {state.view === 'denied' && <AccessDenied session={state.session} onLogout={logout} onClose={onClose} />}
        {state.view === 'panel' && (
          <KeptDraftsContext.Provider value={drafts}>
            <AdminPanel token={state.token} session={state.session} onLogout={logout} onUnauthorized={expire}
              onDataChanged={onDataChanged} />
          </KeptDraftsContext.Provider>
        )}
      </div>
    </>
  );
}
