import { useId, useMemo, type CSSProperties } from 'react';
import type { PeriodType } from '../../../src/shared/data-file.js';
import { useShownInPart } from '../hooks/use-after-paint.js';
import { describePeriod } from '../lib/periods.js';

interface PeriodSelectProps {
  type: PeriodType;
  /** Newest first. */
  labels: readonly string[];
  period: string | null;
  onChange: (label: string) => void;
}

/**
 * Up to this many periods are listed at once. A longer list (20 years of weeks is 1,044) first
 * shows the options around the selected one, and the rest once that frame is painted: creating
 * every option took 15-25 ms of each first paint and switch to the tab.
 */
export const PERIODS_AT_ONCE = 120;
const AROUND = PERIODS_AT_ONCE / 2;

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
  const partial = useShownInPart(labels, PERIODS_AT_ONCE);
  let shown = options;
  if (partial) {
    const at = Math.max(0, period === null ? 0 : labels.indexOf(period));
    const from = Math.max(0, Math.min(at - AROUND, labels.length - PERIODS_AT_ONCE));
    shown = options.slice(from, from + PERIODS_AT_ONCE);
  }
  return (
    <div className="period-select">
      <label htmlFor={id} className="period-select-label">Select Period</label>
      <select id={id} className="select" value={period ?? ''} disabled={labels.length === 0}
        style={{ '--period-chars': chars } as CSSProperties} aria-busy={partial || undefined}
        onChange={(e) => onChange(e.target.value)} data-testid="period-select">
        {labels.length === 0 && <option value="">No periods</option>}
        {shown.map((o) => <option key={o.label} value={o.label}>{o.text}</option>)}
      </select>
    </div>
  );
}
