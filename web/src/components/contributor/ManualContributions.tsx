import type { PeriodType } from '../../../../src/shared/data-file.js';
import type { ManualRun } from '../../lib/contributor-summary.js';
import { formatAdditional } from '../../lib/format.js';

const PERIOD_WORDS: Record<PeriodType, string> = { weekly: 'week', monthly: 'month', quarterly: 'quarter' };

/** 'Other contributions': the manual points, with their notes and the dates they applied to. */
export function ManualContributions({ runs, type }: { runs: readonly ManualRun[]; type: PeriodType }) {
  return (
    <section className="card contributor-section" data-testid="manual-contributions" aria-labelledby="manual-title">
      <h3 className="card-title" id="manual-title">Other contributions</h3>
      {runs.length === 0 ? (
        <p className="contributor-empty">No manual contributions recorded.</p>
      ) : (
        <ul className="manual-list">
          {runs.map((r) => (
            <li key={`${r.from}-${r.notes}`} className="manual-item" data-testid="manual-item">
              <span className="manual-score">{formatAdditional(r.score)} pts{r.periods > 1 ? ` per ${PERIOD_WORDS[type]}` : ''}</span>
              <span className="manual-notes" data-testid="manual-notes">{r.notes || 'No notes'}</span>
              <span className="manual-dates" data-testid="manual-dates">
                {r.from === r.to ? r.from : `${r.from} to ${r.to}`}{r.dates ? ` (${r.dates})` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
