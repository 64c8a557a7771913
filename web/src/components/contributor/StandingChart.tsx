import { lazy, Suspense, useId, useMemo } from 'react';
import type { PeriodType } from '../../../../src/shared/data-file.js';
import { describeStanding } from '../../lib/chart-summary.js';
import type { StandingSeries } from '../../lib/contributor-summary.js';
import { PERIOD_TYPE_NAMES } from '../../lib/periods.js';

const StandingCanvas = lazy(() => import('./StandingCanvas.js').then((m) => ({ default: m.StandingCanvas })));

/** 'Score and rank over time (Weekly)': the chart card, or a sentence when they have no entry of the type. */
export function StandingChart({ series, type, reviews = false }: { series: StandingSeries; type: PeriodType; reviews?: boolean }) {
  const summary = useMemo(() => (series.labels.length > 0 ? describeStanding(series, type, reviews) : null), [series, type, reviews]);
  const summaryId = useId();
  return (
    <section className="card chart-card" data-testid="contributor-chart" aria-labelledby="standing-title">
      <h3 className="card-title" id="standing-title">Score and rank over time ({PERIOD_TYPE_NAMES[type]})</h3>
      {series.labels.length === 0 ? (
        <p className="contributor-empty">No {type} entries to chart.</p>
      ) : (
        <div className="chart-box" data-periods={series.labels.length}>
          <Suspense fallback={<p className="chart-loading">Loading chart...</p>}>
            <StandingCanvas series={series} type={type} reviews={reviews} describedBy={summaryId} />
          </Suspense>
        </div>
      )}
      {/* The canvas's text equivalent, for screen readers; hidden from sight, not from them. */}
      {summary && <p className="visually-hidden" id={summaryId} data-testid="contributor-chart-summary">{summary}</p>}
    </section>
  );
}
