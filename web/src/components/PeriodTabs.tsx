import { useRef, type KeyboardEvent } from 'react';
import { PERIOD_TYPES, type PeriodType } from '../../../src/shared/data-file.js';
import { PERIOD_TYPE_NAMES } from '../lib/periods.js';

interface PeriodTabsProps {
  type: PeriodType;
  onChange: (type: PeriodType) => void;
  /** Id of the tab panel the tabs control. */
  panelId: string;
}

/** Tab id of a period type, for the panel's aria-labelledby. */
export const tabId = (type: PeriodType): string => `tab-${type}`;

/** Weekly / Monthly / Quarterly as ARIA tabs: arrow keys, Home and End move and select. */
export function PeriodTabs({ type, onChange, panelId }: PeriodTabsProps) {
  const refs = useRef<Partial<Record<PeriodType, HTMLButtonElement | null>>>({});

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = PERIOD_TYPES.indexOf(type);
    const n = PERIOD_TYPES.length;
    const next = e.key === 'ArrowRight' ? PERIOD_TYPES[(i + 1) % n]
      : e.key === 'ArrowLeft' ? PERIOD_TYPES[(i - 1 + n) % n]
        : e.key === 'Home' ? PERIOD_TYPES[0]
          : e.key === 'End' ? PERIOD_TYPES[n - 1]
            : undefined;
    if (!next) return;
    e.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="tabs" role="tablist" aria-label="Period type" onKeyDown={onKeyDown} data-testid="period-tabs">
      {PERIOD_TYPES.map((t) => (
        <button key={t} type="button" role="tab" id={tabId(t)} className="tab"
          aria-selected={t === type} aria-controls={panelId} tabIndex={t === type ? 0 : -1}
          ref={(el) => { refs.current[t] = el; }} onClick={() => onChange(t)} data-testid={`tab-${t}`}>
          {PERIOD_TYPE_NAMES[t]}
        </button>
      ))}
    </div>
  );
}
