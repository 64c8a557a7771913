import type { PeriodType } from '../../../src/shared/data-file.js';
import { describePeriod } from '../lib/periods.js';

interface ViewingBadgeProps {
  type: PeriodType;
  period: string | null;
  contributors: number;
}

/** 'Viewing 2025-W43 · 7 contributors', with the dates of the period as tooltip. */
export function ViewingBadge({ type, period, contributors }: ViewingBadgeProps) {
  const dates = period ? describePeriod(type, period) : null;
  return (
    <p className="viewing-badge" data-testid="viewing-badge" title={dates ?? undefined} aria-live="polite">
      <span className="viewing-label">Viewing</span>
      <span className="viewing-period" data-testid="viewing-period">{period ?? 'no period'}</span>
      <span className="viewing-sep" aria-hidden="true">·</span>
      <span data-testid="viewing-count">{contributors} {contributors === 1 ? 'contributor' : 'contributors'}</span>
    </p>
  );
}
