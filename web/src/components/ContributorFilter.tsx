import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useShownInPart } from '../hooks/use-after-paint.js';
import { searchNames, toggleName } from '../lib/filter.js';
import { shownName } from '../lib/person-name.js';
import { CloseIcon, FilterIcon } from './Icons.js';
import { PersonName } from './PersonName.js';

interface ContributorFilterProps {
  /** Every contributor name of the data, sorted. */
  /** Every contributor name, asked for when the list opens (reading them all is work the first paint does without). */
  names: () => readonly string[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: ReadonlySet<string>) => void;
}

/**
 * Up to this many names are listed at once. A longer list (2,200 people over 20 years) first
 * shows these, and the rest once that frame is painted: every checkbox at once froze the
 * opening click for 100-130 ms, and 4 times that on a slower machine.
 */
export const NAMES_AT_ONCE = 200;

/**
 * Hides contributors from the view: the hidden ones as removable chips, 'Show all', and a
 * searchable checklist (checked = shown) that opens on demand.
 */
export function ContributorFilter({ names, hidden, onChange }: ContributorFilterProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const bodyId = useId();
  const matches = useMemo(() => (open ? searchNames(names(), query) : []), [open, names, query]);
  const partial = useShownInPart(matches, NAMES_AT_ONCE);
  const shown = partial ? matches.slice(0, NAMES_AT_ONCE) : matches;
  // A chip or 'Show all' removes or disables itself: focus moves to the chip now in its place,
  // else to 'Choose contributors', not to the page's start.
  const chips = useRef<HTMLUListElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const refocus = useRef<number | null>(null);
  useEffect(() => {
    const at = refocus.current;
    refocus.current = null;
    if (at === null) return;
    const left = chips.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (left[Math.min(at, left.length - 1)] ?? toggle.current)?.focus();
  }, [hidden]);
  const hiddenList = useMemo(() => [...hidden].sort((a, b) => a.localeCompare(b)), [hidden]);
  // Escape closes the open checklist, as it does a menu, and gives the focus back to the button
  // that opened it; in the search box with text in it, it first clears the text (as the box
  // itself would), so one press does not throw away both.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!open || e.key !== 'Escape' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    if (e.target instanceof HTMLInputElement && e.target.type === 'search' && query !== '') {
      setQuery('');
      return;
    }
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <section className="card filter-panel" data-testid="filter-panel" aria-labelledby={`${bodyId}-title`} onKeyDown={onKeyDown}>
      <div className="filter-head">
        <h2 className="card-title" id={`${bodyId}-title`}>
          <FilterIcon width={18} height={18} className="card-title-icon" />
          Filter Contributors
        </h2>
        <span className="filter-count" data-testid="filter-hidden-count">
          {hidden.size === 0 ? 'All contributors shown' : `${hidden.size} hidden`}
        </span>
        <div className="filter-actions">
          <button type="button" className="button button-ghost" onClick={() => { refocus.current = 0; onChange(new Set()); }}
            disabled={hidden.size === 0} data-testid="filter-show-all">
            Show all
          </button>
          <button type="button" className="button" aria-expanded={open} aria-controls={bodyId} ref={toggle}
            onClick={() => setOpen((o) => !o)} data-testid="filter-toggle">
            {open ? 'Done' : 'Choose contributors'}
          </button>
        </div>
      </div>

      {hiddenList.length > 0 && (
        <ul className="chip-list" aria-label="Hidden contributors" data-testid="filter-chips" ref={chips}>
          {hiddenList.map((name, i) => (
            <li key={name}>
              <button type="button" className="chip" onClick={() => { refocus.current = i; onChange(toggleName(hidden, name)); }}
                aria-label={`Show ${shownName(name)} again`} title="Show again" data-testid="filter-chip">
                <PersonName name={name} className="chip-text" />
                <CloseIcon width={14} height={14} />
              </button>
            </li>
          ))}
        </ul>
      )}

      {open && (
        <div className="filter-body" id={bodyId}>
          <input type="search" className="input" placeholder="Search contributors..." value={query}
            onChange={(e) => setQuery(e.target.value)} aria-label="Search contributors" data-testid="filter-search" />
          <p className="filter-help">Unchecked contributors are hidden from the cards, the chart and the ranking; tiers are re-assigned by rank.</p>
          {names().length === 0 ? (
            <p className="filter-empty">The data has no contributors yet.</p>
          ) : matches.length === 0 ? (
            <p className="filter-empty">No contributor matches &ldquo;{query.trim()}&rdquo;.</p>
          ) : (
            <div className="filter-options" role="group" aria-label="Contributors (checked are shown)" aria-busy={partial || undefined}>
              {shown.map((name) => (
                <label key={name} className="filter-option" data-testid="filter-option">
                  <input type="checkbox" checked={!hidden.has(name)} onChange={() => onChange(toggleName(hidden, name))} />
                  <PersonName name={name} className="filter-option-name" />
                </label>
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
