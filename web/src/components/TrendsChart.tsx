import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import type { PeriodType } from '../../../src/shared/data-file.js';
import type { TrendSeries } from '../lib/chart-series.js';
import { PERIOD_TYPE_NAMES } from '../lib/periods.js';

// chart.js is the largest dependency: a chunk of its own, fetched while the table renders.
const TrendsCanvas = lazy(() => import('./TrendsCanvas.js').then((m) => ({ default: m.TrendsCanvas })));

/** 'Contribution Trends (Weekly)': commits and contributors per period; nothing without data. */
export function TrendsChart({ series: nowSeries, type: nowType }: { series: TrendSeries; type: PeriodType }) {
  // Redrawn just after the rest of a change is on screen: chart.js lays the page out again and
  // draws, which doubled the time from a click to the new ranking.
  const { series, type } = useDeferredValue(useMemo(() => ({ series: nowSeries, type: nowType }), [nowSeries, nowType]));
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
