import {
  CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip,
  type ChartData, type ChartOptions,
} from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import type { PeriodType } from '../../../../src/shared/data-file.js';
import type { StandingSeries } from '../../lib/contributor-summary.js';
import { cssVar, tooltipColors, useChartColors } from '../../theme/chart-colors.js';
import { DENSE_PERIODS } from '../TrendsCanvas.js';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend);

/** Total score (left axis) and rank (right axis, 1 at the top) per period; loaded on demand like the trends chart. */
export function StandingCanvas({ series, type }: { series: StandingSeries; type: PeriodType }) {
  const dense = series.labels.length > DENSE_PERIODS;
  const few = series.labels.length < 3;
  const colors = useChartColors(); // new on a theme change: the series colours below are read again too
  const data = useMemo<ChartData<'line'>>(() => {
    const score = cssVar('--accent', '#4f46e5');
    const rank = cssVar('--orange', '#ea6c0a');
    const points = { pointRadius: dense ? 0 : 3, pointHoverRadius: dense ? 3 : 5, borderWidth: dense ? 1.5 : 2 };
    return {
      labels: series.labels,
      datasets: [
        { label: 'Total score', data: series.scores, yAxisID: 'y', borderColor: score, backgroundColor: score, tension: 0.4, ...points },
        // A period without an entry has no rank: a gap, not a drop to the bottom.
        { label: 'Rank', data: series.ranks, yAxisID: 'y1', borderColor: rank, backgroundColor: rank, tension: 0, spanGaps: false, ...points },
      ],
    };
  }, [series, dense, colors]);
  const options = useMemo<ChartOptions<'line'>>(() => {
    const { text, grid, axis } = colors;
    return {
      responsive: true,
      maintainAspectRatio: false,
      ...(dense ? { animation: false as const } : {}),
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { position: 'bottom', labels: { color: text, usePointStyle: true, boxWidth: 7, boxHeight: 7, padding: 16 } },
        tooltip: { mode: 'index', intersect: false, ...tooltipColors(colors) },
      },
      scales: {
        x: { offset: few, ticks: { color: text, maxRotation: 0, autoSkipPadding: 12, ...(dense ? { maxTicksLimit: 12 } : {}) }, grid: { display: false }, border: { color: axis } },
        y: {
          type: 'linear', position: 'left', beginAtZero: true, grace: '5%',
          title: { display: true, text: 'Total score', color: text }, ticks: { color: text }, grid: { color: grid }, border: { color: axis },
        },
        // Inverted: rank 1 is best, so it is drawn at the top.
        y1: {
          type: 'linear', position: 'right', reverse: true, min: 1, suggestedMax: 5,
          title: { display: true, text: 'Rank', color: text }, ticks: { color: text, precision: 0 }, grid: { drawOnChartArea: false, color: axis }, border: { color: axis },
        },
      },
    };
  }, [few, dense, colors]);
  return (
    <Line data={data} options={options} role="img" data-testid="standing-canvas"
      aria-label={`Total score and rank per ${type} period; rank 1 is at the top of the right-hand axis`} />
  );
}
