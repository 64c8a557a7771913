import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useAfterPaint } from '../hooks/use-after-paint.js';
import type { PeriodType } from '../../../src/shared/data-file.js';
import type { TrendSeries } from '../lib/chart-series.js';
import { canvasPng } from '../lib/chart-png.js';
import { downloadBlob } from '../lib/csv.js';
import { PERIOD_TYPE_NAMES } from '../lib/periods.js';

// chart.js is the largest dependency: a chunk of its own, fetched while the table renders.
const TrendsCanvas = lazy(() => import('./TrendsCanvas.js').then((m) => ({ default: m.TrendsCanvas })));

/** 'Contribution Trends (Weekly)': commits and contributors per period; nothing without data. */
export function TrendsChart({ series: nowSeries, type: nowType }: { series: TrendSeries; type: PeriodType }) {
  // Redrawn once the rest of a change is on screen: chart.js lays the page out again and draws,
  // which doubled the time from a click to the new ranking.
  const { series, type } = useAfterPaint(useMemo(() => ({ series: nowSeries, type: nowType }), [nowSeries, nowType]));
  const card = useRef<HTMLElement>(null);
  const [pngError, setPngError] = useState<string | null>(null);
  if (series.labels.length === 0) return null;
  const downloadPng = () => {
    const canvas = card.current?.querySelector('canvas');
    if (!canvas || !card.current) return;
    setPngError(null);
    canvasPng(canvas, getComputedStyle(card.current).backgroundColor).then(
      (blob) => downloadBlob(blob, `contribution-trends-${type}.png`),
      (err: unknown) => setPngError(err instanceof Error ? err.message : String(err)),
    );
  };
  return (
    <section ref={card} className="card chart-card" data-testid="trends-chart" aria-labelledby="trends-title">
      <div className="chart-head">
        <h2 className="card-title" id="trends-title">Contribution Trends ({PERIOD_TYPE_NAMES[type]})</h2>
        <button type="button" className="button" onClick={downloadPng} data-testid="download-png">Download PNG</button>
      </div>
      {pngError && <p className="commit-panel-empty" role="alert">{pngError}</p>}
      <div className="chart-box" data-periods={series.labels.length}>
        <Suspense fallback={<p className="chart-loading">Loading chart...</p>}>
          <TrendsCanvas series={series} type={type} />
        </Suspense>
      </div>
    </section>
  );
}
