import type { KeyboardEvent } from 'react';

/**
 * A form's key handler: Escape cancels the form rather than closing the whole admin panel (the
 * dialog's own Escape), which threw away what was typed. Cancelled, the dialog's close is not asked for.
 */
export function escapeCancels(cancel: () => void): (e: KeyboardEvent) => void {
  return (e) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    e.stopPropagation();
    cancel();
  };
}
