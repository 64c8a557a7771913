import { useId } from 'react';
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
  return (
    <div className="period-select">
      <label htmlFor={id} className="period-select-label">Select Period</label>
      <select id={id} className="select" value={period ?? ''} disabled={labels.length === 0}
        onChange={(e) => onChange(e.target.value)} data-testid="period-select">
        {labels.length === 0 && <option value="">No periods</option>}
        {labels.map((label) => {
          const dates = describePeriod(type, label);
          return <option key={label} value={label}>{dates ? `${label} (${dates})` : label}</option>;
        })}
      </select>
    </div>
  );
}
