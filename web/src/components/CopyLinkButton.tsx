import { useEffect, useId, useRef, useState } from 'react';

/** How long 'Link copied' stays. */
const CONFIRM_MS = 3000;

/**
 * 'Copy link': copies the address of the current view (the URL holds it all). When the clipboard
 * is refused (no permission, not a secure page), the link is shown selected in a field to copy by hand.
 */
export function CopyLinkButton() {
  const [state, setState] = useState<{ kind: 'idle' | 'copied' } | { kind: 'failed'; href: string }>({ kind: 'idle' });
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  useEffect(() => {
    if (state.kind === 'failed') field.current?.select();
    if (state.kind !== 'copied') return;
    const t = setTimeout(() => setState({ kind: 'idle' }), CONFIRM_MS);
    return () => clearTimeout(t);
  }, [state]);

  const copy = async () => {
    const href = window.location.href;
    try {
      // navigator.clipboard is undefined outside secure pages: that is a refusal too.
      await navigator.clipboard.writeText(href);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'failed', href });
    }
  };

  return (
    <span className="copy-link">
      <button type="button" className="button" onClick={() => void copy()} data-testid="copy-link">Copy link</button>
      <span className="copy-link-status" role="status" data-testid="copy-link-status">
        {state.kind === 'copied' ? 'Link copied' : ''}
      </span>
      {state.kind === 'failed' && (
        <span className="copy-link-fallback" data-testid="copy-link-fallback">
          <label htmlFor={fieldId}>The browser did not allow copying; copy this link:</label>
          <input id={fieldId} ref={field} className="input" readOnly value={state.href} onFocus={(e) => e.currentTarget.select()} />
        </span>
      )}
    </span>
  );
}
