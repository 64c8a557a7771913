import { useEffect, type RefObject } from 'react';

/** Whether a key press lands in something that takes text (there `/` is a character). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

/**
 * `/` focuses the field `ref` points at, as on many sites, unless the visitor is typing in
 * another field, a dialog is open, or the field is not on screen (the board hidden behind a
 * contributor page).
 */
export function useSlashFocus(ref: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isTyping(e.target)) return;
      const input = ref.current;
      if (!input || input.getClientRects().length === 0 || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [ref]);
}
