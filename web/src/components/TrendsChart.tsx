import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { useAfterPaint } from '../hooks/use-after-paint.js';
import type { PeriodType } from '../../../src/shared/data-file.js';
import type { Board } from '../lib/board.js';
import { canvasPng } from '../lib/chart-png.js';
import { describeTrends } from '../lib/chart-summary.js';
import { downloadBlob } from '../lib/csv.js';
import { PERIOD_TYPE_NAMES } from '../lib/periods.js';

// chart.js is the largest dependency: a chunk of its own, fetched while the table renders.
const TrendsCanvas = lazy(() => import('./TrendsCanvas.js').then((m) => ({ default: m.TrendsCanvas })));

interface TrendsChartProps {
  board: Board;
  type: PeriodType;
  hidden: ReadonlySet<string>;
}

const LOADING = <p className="chart-loading">Loading chart...</p>;

/** 'Contribution Trends (Weekly)': commits and contributors per period; nothing without data. */
export function TrendsChart({ board, type: nowType, hidden: nowHidden }: TrendsChartProps) {
  // Summed and drawn once the rest of a change is on screen: chart.js lays the page out again and
  // draws, which doubled the time from a click to the new ranking, and summing every period of a
  // type (1,044 weeks, or 52 weeks of 1,000 people) is work the table does not need. The first
  // draw waits for the first paint too: creating the chart of a 20-year history took 80 ms
  // before the first row could show. Until then the card keeps its size with the loading text.
  const wanted = useMemo(() => ({ type: nowType, hidden: nowHidden }), [nowType, nowHidden]);
  const shown = useAfterPaint(wanted);
  const { type } = shown ?? wanted;
  const series = useMemo(() => (shown ? board.series(shown.type, shown.hidden) : null), [board, shown]);
  const summary = useMemo(() => (series && series.labels.length > 0 ? describeTrends(series, type) : null), [series, type]);
  const summaryId = useId();
  const card = useRef<HTMLElement>(null);
  const [pngError, setPngError] = useState<string | null>(null);
  if (board.labels[type].length === 0 || (series && series.labels.length === 0)) return null;
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
      <div className="chart-box" data-periods={board.labels[type].length}>
        {series ? (
          <Suspense fallback={LOADING}>
            <TrendsCanvas series={series} type={type} describedBy={summaryId} />
          </Suspense>
        ) : LOADING}
      </div>
      {/* The canvas's text equivalent, for screen readers; hidden from sight, not from them. */}
      {summary && <p className="visually-hidden" id={summaryId} data-testid="trends-summary">{summary}</p>}
    </section>
  );
}
