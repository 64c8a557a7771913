import { useId, useMemo, type CSSProperties } from 'react';
import type { PeriodType } from '../../../src/shared/data-file.js';
import { describePeriod } from '../lib/periods.js';

interface PeriodSelectProps {
  type: PeriodType;
  /** Newest first. */
  labels: readonly string[];
  period: string | null;
  onChange: (label: string) => void;
}

/** The 'Select Period' dropdown; each option shows its label and the dates it covers. */
export function PeriodSelect({ type, labels, period, onChange }: PeriodSelectProps) {
  const id = useId();
  const { options, chars } = useMemo(() => {
    const list = labels.map((label) => {
      const dates = describePeriod(type, label);
      return { label, text: dates ? `${label} (${dates})` : label };
    });
    // A width of our own: left to its content, the select measures the text of every option, 50-80 ms
    // of layout on each tab switch of a 20-year board (1,044 weeks).
    return { options: list, chars: list.reduce((n, o) => Math.max(n, o.text.length), 'No periods'.length) };
  }, [type, labels]);
  return (
    <div className="period-select">
      <label htmlFor={id} className="period-select-label">Select Period</label>
      <select id={id} className="select" value={period ?? ''} disabled={labels.length === 0}
        style={{ '--period-chars': chars } as CSSProperties}
        onChange={(e) => onChange(e.target.value)} data-testid="period-select">
        {labels.length === 0 && <option value="">No periods</option>}
        {options.map((o) => <option key={o.label} value={o.label}>{o.text}</option>)}
      </select>
    </div>
  );
}
