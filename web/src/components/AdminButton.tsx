import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { isPublishedSite } from '../lib/site-mode.js';
import { ShieldIcon } from './Icons.js';

const loadModal = () => import('../admin/AdminModal.js');

// The modal and its styles are a separate chunk: visitors who never open it do not download it.
const AdminModal = lazy(() => loadModal().catch(() => ({ default: ModalLoadFailed })));

function ModalLoadFailed({ onClose }: { onClose: () => void }) {
  return (
    <div className="status-banner status-banner-error admin-load-failed" role="alert" data-testid="admin-load-failed">
      <p className="status-banner-text">The admin panel could not be loaded. Reload the page and try again.</p>
      <button type="button" className="button" onClick={onClose}>Close</button>
    </div>
  );
}

const PUBLISHED = isPublishedSite();

interface AdminButtonProps {
  /** Admin changes were saved: fetch the page's data again. */
  onDataChanged: () => void;
}

/** The header's Admin button and the admin modal it opens; focus comes back to the button on close. */
export function AdminButton({ onDataChanged }: AdminButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // After the dialog is gone (the page is no longer inert), not in the close handler.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = useCallback(() => setOpen(false), []);
  // A published site's visitors download no admin code until the button is pressed.
  const preload = PUBLISHED ? undefined : () => void loadModal().catch(() => undefined);

  return (
    <>
      <button type="button" ref={button} className="button" onClick={() => setOpen(true)} onPointerEnter={preload}
        onFocus={preload} aria-haspopup="dialog" aria-expanded={open} data-testid="admin-button">
        <ShieldIcon width={16} height={16} />
        Admin
      </button>
      {open && (
        <Suspense fallback={null}>
          <AdminModal onClose={close} onDataChanged={onDataChanged} />
        </Suspense>
      )}
    </>
  );
}
