import {
  CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip,
  type ChartData, type ChartOptions,
} from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import type { PeriodType } from '../../../../src/shared/data-file.js';
import { rankAxis, type StandingSeries } from '../../lib/contributor-summary.js';
import { formatCount } from '../../lib/format.js';
import { cssVar, useChartColors } from '../../theme/chart-colors.js';
import { DENSE_PERIODS, lineChartOptions, lineStyle } from '../../theme/line-chart.js';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend);

/**
 * Total score (left axis) and rank (right axis, 1 at the top) per period; loaded on demand like the
 * trends chart. `describedBy`: the id of its summary in words.
 */
export function StandingCanvas({ series, type, reviews = false, describedBy }: { series: StandingSeries; type: PeriodType; reviews?: boolean; describedBy?: string }) {
  const dense = series.labels.length > DENSE_PERIODS;
  const few = series.labels.length < 3;
  const colors = useChartColors(); // new on a theme change: the series colours below are read again too
  const data = useMemo<ChartData<'line'>>(() => {
    const score = cssVar('--accent', '#4f46e5');
    const rank = cssVar('--orange', '#ea6c0a');
    return {
      labels: series.labels,
      datasets: [
        { label: 'Total score', data: series.scores, yAxisID: 'y', tension: 0.4, ...lineStyle(score, dense) },
        // A period without an entry has no rank: a gap, not a drop to the bottom. Not clipped: rank 1
        // and the last rank lie on the plot's edges, where half of each point was cut off.
        { label: 'Rank', data: series.ranks, yAxisID: 'y1', tension: 0, spanGaps: false, clip: false, ...lineStyle(rank, dense) },
        // On a board with review data, the two parts of the total beside it.
        ...(reviews && series.parts ? [
          { label: 'Commit score', data: series.parts.commit, yAxisID: 'y', tension: 0.4, ...lineStyle(cssVar('--green', '#16a34a'), dense) },
          // Dashed, with square points: its violet is close to the total's indigo, in dark mode most of all.
          { label: 'Review points', data: series.parts.review, yAxisID: 'y', tension: 0.4, ...lineStyle(cssVar('--purple', '#7c3aed'), dense), borderDash: [6, 4], pointStyle: 'rectRot' as const },
        ] : []),
      ],
    };
  }, [series, dense, colors, reviews]);
  const options = useMemo<ChartOptions<'line'>>(() => {
    const { text, grid, axis } = colors;
    const ranks = rankAxis(series.ranked);
    const base = lineChartOptions(colors, { dense, few }, {
      y: {
        type: 'linear', position: 'left', beginAtZero: true, grace: '5%',
        title: { display: true, text: 'Total score', color: text }, ticks: { color: text }, grid: { color: grid }, border: { color: axis },
      },
      // Inverted: rank 1 is best, so it is drawn at the top.
      // It ends at the most contributors a period ranks: an axis past them showed ranks nobody had.
      // One contributor alone: a range around 1, since a scale from 1 to 1 has no height.
      y1: {
        type: 'linear', position: 'right', reverse: true, min: ranks.max === 1 ? 0.5 : 1, max: ranks.max === 1 ? 1.5 : ranks.max,
        afterBuildTicks: (scale) => { scale.ticks = ranks.ticks.map((value) => ({ value })); },
        title: { display: true, text: 'Rank', color: text }, ticks: { color: text }, grid: { drawOnChartArea: false, color: axis }, border: { color: axis },
      },
    });
    return {
      ...base,
      // Room above the plot for the half of a rank-1 point that lies outside it.
      layout: { padding: { top: 6 } },
      plugins: {
        ...base.plugins,
        tooltip: {
          ...base.plugins?.tooltip,
          callbacks: {
            label: (item) => {
              const of = item.dataset.yAxisID === 'y1' ? series.ranked[item.dataIndex] : null;
              return of ? `${item.dataset.label ?? ''}: ${item.formattedValue} of ${formatCount(of)}` : `${item.dataset.label ?? ''}: ${item.formattedValue}`;
            },
          },
        },
      },
    };
  }, [few, dense, colors, series.ranked]);
  return (
    <Line data={data} options={options} role="img" data-testid="standing-canvas" aria-describedby={describedBy}
      aria-label={`Total score${reviews ? ', commit score, review points' : ''} and rank per ${type} period; rank 1 is at the top of the right-hand axis`} />
  );
}
