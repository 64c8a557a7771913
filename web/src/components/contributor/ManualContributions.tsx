import type { PeriodType } from '../../../../src/shared/data-file.js';
import type { ManualItem } from '../../lib/contributor-summary.js';
import { formatAdditional } from '../../lib/format.js';

const PERIOD_WORDS: Record<PeriodType, string> = { weekly: 'week', monthly: 'month', quarterly: 'quarter' };

/** 'Other contributions': the manual points, with their notes and the periods they applied to. */
export function ManualContributions({ items, type }: { items: readonly ManualItem[]; type: PeriodType }) {
  return (
    <section className="card contributor-section" data-testid="manual-contributions" aria-labelledby="manual-title">
      <h3 className="card-title" id="manual-title">Other contributions</h3>
      {items.length === 0 ? (
        <p className="contributor-empty">No manual contributions recorded.</p>
      ) : (
        <ul className="manual-list">
          {items.map((r) => (
            <li key={`${r.score}-${r.notes}`} className="manual-item" data-testid="manual-item">
              <span className="manual-score">{formatAdditional(r.score)} pts{r.periods > 1 ? ` per ${PERIOD_WORDS[type]}` : ''}</span>
              <span className="manual-notes" data-testid="manual-notes">{r.notes || 'No notes'}</span>
              <span className="manual-dates" data-testid="manual-dates">{r.where}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
