import { lazy, Suspense } from 'react';
import type { PeriodType } from '../../../src/shared/data-file.js';
import type { TrendSeries } from '../lib/chart-series.js';
import { PERIOD_TYPE_NAMES } from '../lib/periods.js';

// chart.js is the largest dependency: a chunk of its own, fetched while the table renders.
const TrendsCanvas = lazy(() => import('./TrendsCanvas.js').then((m) => ({ default: m.TrendsCanvas })));

/** 'Contribution Trends (Weekly)': commits and contributors per period; nothing without data. */
export function TrendsChart({ series, type }: { series: TrendSeries; type: PeriodType }) {
  if (series.labels.length === 0) return null;
  return (
    <section className="card chart-card" data-testid="trends-chart" aria-labelledby="trends-title">
      <h2 className="card-title" id="trends-title">Contribution Trends ({PERIOD_TYPE_NAMES[type]})</h2>
      <div className="chart-box" data-periods={series.labels.length}>
        <Suspense fallback={<p className="chart-loading">Loading chart...</p>}>
          <TrendsCanvas series={series} type={type} />
        </Suspense>
      </div>
    </section>
  );
}
