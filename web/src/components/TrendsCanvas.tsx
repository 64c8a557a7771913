import {
  CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip,
  type ChartData, type ChartOptions,
} from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import type { PeriodType } from '../../../src/shared/data-file.js';
import type { TrendSeries } from '../lib/chart-series.js';
import { cssVar, useChartColors } from '../theme/chart-colors.js';
import { DENSE_PERIODS, lineChartOptions, lineStyle } from '../theme/line-chart.js';

// Only what a line chart with a legend and tooltips needs, so the rest of chart.js is tree-shaken.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend);

function line(label: string, data: number[], color: string, yAxisID: string, dense: boolean) {
  return { label, data, yAxisID, tension: 0.4, ...lineStyle(color, dense) };
}

/** The line chart itself; loaded on demand so the table does not wait for chart.js. `describedBy`: the id of its summary in words. */
export function TrendsCanvas({ series, type, describedBy }: { series: TrendSeries; type: PeriodType; describedBy?: string }) {
  const dense = series.labels.length > DENSE_PERIODS;
  const colors = useChartColors();
  const data = useMemo<ChartData<'line'>>(() => ({
    labels: series.labels,
    datasets: [
      line('Significant Commits', series.significantCommits, colors.significant, 'y', dense),
      line('Simple Commits', series.simpleCommits, colors.simple, 'y', dense),
      line('Contributors', series.contributors, colors.contributors, 'y1', dense),
      // Boards with review data: pull requests reviewed, on the left axis with the commits.
      ...(series.reviews ? [line('Reviews', series.reviews, cssVar('--purple', '#7c3aed'), 'y', dense)] : []),
    ],
  }), [series, dense, colors]);

  // With one or two periods the points would sit on the chart's edges: centre them instead.
  const fewPeriods = series.labels.length < 3;
  const options = useMemo<ChartOptions<'line'>>(() => {
    const { text, grid, axis } = colors;
    return lineChartOptions(colors, { dense, few: fewPeriods }, {
      y: {
        type: 'linear', position: 'left', beginAtZero: true, grace: '5%', // headroom so the top point is not cut in half
        title: { display: true, text: 'Commits', color: text },
        ticks: { color: text, precision: 0 }, grid: { color: grid }, border: { color: axis },
      },
      y1: {
        type: 'linear', position: 'right', beginAtZero: true, grace: '5%',
        title: { display: true, text: 'Contributors', color: text },
        ticks: { color: text, precision: 0 }, grid: { drawOnChartArea: false, color: axis }, border: { color: axis },
      },
    });
  }, [fewPeriods, dense, colors]);

  return (
    <Line data={data} options={options}
      aria-label={`Significant commits, simple commits${series.reviews ? ', reviews' : ''} and contributors per ${type} period`} role="img"
      aria-describedby={describedBy} data-dense={dense ? 'true' : undefined} />
  );
}
