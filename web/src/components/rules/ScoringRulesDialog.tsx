import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { CloseIcon, InfoIcon } from '../Icons.js';
import type { ScoringRules } from '../../lib/rules.js';
import type { RulesSection } from './rules-context.js';
import { RulesContent } from './RulesContent.js';
import './rules.css';

/**
 * "How scores work": a native modal dialog (the page behind is inert, Escape closes it, Tab stays
 * inside) stating the rules the data file was built with. Mounted only while open.
 */
export function ScoringRulesDialog({ rules, section = 'parts', onClose }: { rules: ScoringRules; section?: RulesSection; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const d = dialog.current;
    // Focus goes back where it was (a footer button, a commit's breakdown) when the panel closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (d && !d.open) d.showModal();
    // Opened from a shared or cancelled commit, it starts at the rule that explains it.
    if (section !== 'parts') d?.querySelector(`#rules-${section}`)?.scrollIntoView({ block: 'start' });
    return () => {
      if (d?.open) d.close();
      opener?.focus();
    };
    // Only on opening: the section is where it starts, not where it must stay.
  }, []);
  // The page behind is inert; this keeps Tab from leaving for the browser's own controls.
  const wrapTab = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button, [tabindex="0"]')];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (e.shiftKey ? document.activeElement === first : document.activeElement === last) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
  };
  return (
    <dialog ref={dialog} className="rules-dialog" aria-labelledby={titleId} data-testid="rules-panel" onClose={onClose} onKeyDown={wrapTab}>
      <div className="rules-head">
        <h2 className="card-title" id={titleId}>
          <InfoIcon width={18} height={18} className="card-title-icon" />
          How scores work
        </h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Close" data-testid="rules-close">
          <CloseIcon width={18} height={18} />
        </button>
      </div>
      {/* Focusable so that keyboard users can scroll it. */}
      <div className="rules-body" tabIndex={0} role="region" aria-label="Scoring rules">
        <RulesContent rules={rules} />
      </div>
    </dialog>
  );
}
