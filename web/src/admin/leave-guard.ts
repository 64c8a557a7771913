import { useEffect } from 'react';

/**
 * Has the browser ask before the page is left (reload, tab closed, another address) while
 * `pending()` is true: what it guards is in this page's memory only and would be lost. Returns
 * the function that stops guarding.
 */
export function guardLeaving(pending: () => boolean): () => void {
  const onLeave = (e: BeforeUnloadEvent) => {
    if (!pending()) return;
    e.preventDefault();
    // Older browsers ask only when a return value is set.
    e.returnValue = '';
  };
  window.addEventListener('beforeunload', onLeave);
  return () => window.removeEventListener('beforeunload', onLeave);
}

/** {@link guardLeaving} for as long as `unsaved` is true: a form holding what was typed and not saved. */
export function useLeaveGuard(unsaved: boolean): void {
  useEffect(() => (unsaved ? guardLeaving(() => true) : undefined), [unsaved]);
}
