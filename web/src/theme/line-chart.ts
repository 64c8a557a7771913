import type { ChartOptions } from 'chart.js';
import { tooltipColors, type ChartColors } from './chart-colors.js';

/**
 * Past this many periods (20 years of weeks is over 1,000) points would merge into a thick band:
 * the lines are drawn without points or animation, and the axis shows at most a dozen labels.
 */
export const DENSE_PERIODS = 120;

/** A line's colour and weight; thinner and without points when the periods are dense. */
export function lineStyle(color: string, dense: boolean) {
  // A dense line is straight between points a pixel apart: a curve there looks the same and
  // costs chart.js a pair of control points per period on every draw.
  return { borderColor: color, backgroundColor: color, borderWidth: dense ? 1.5 : 2, pointRadius: dense ? 0 : 3, pointHoverRadius: dense ? 3 : 5, ...(dense ? { tension: 0 } : {}) };
}

/**
 * Labels a dense axis measures to choose which fit: all 1,044 of 20 years of weeks took 25 ms of
 * each draw; the labels of one type are all about as wide.
 */
const DENSE_TICK_SAMPLE = 24;

type Scales = NonNullable<ChartOptions<'line'>['scales']>;

/**
 * What the page's line charts share: their size, index-mode tooltip, legend and period axis in
 * the theme's colours. `few` centres one or two periods instead of leaving them on the edges;
 * `yScales` are the chart's own value axes.
 */
export function lineChartOptions(colors: ChartColors, { dense, few }: { dense: boolean; few: boolean }, yScales: Scales): ChartOptions<'line'> {
  const { text, axis } = colors;
  // Chart.js animates a change for a second by default, redrawing every frame: a short animation
  // leaves the page's two cores to the next click sooner; none for readers who ask for less motion.
  const still = dense || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return {
    responsive: true,
    maintainAspectRatio: false,
    // The page writes numbers as en-US (format.ts); chart.js took the browser's language, so a
    // German axis read 2.000 beside a card's 2,000, and an Arabic one mixed two sets of digits.
    locale: 'en-US',
    // Dense series: the points come sorted and without gaps, so chart.js may skip checking them.
    ...(dense ? { normalized: true, spanGaps: true } : {}),
    animation: still ? false : { duration: 400 },
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'bottom', labels: { color: text, usePointStyle: true, boxWidth: 7, boxHeight: 7, padding: 16 } },
      tooltip: { mode: 'index', intersect: false, ...tooltipColors(colors) },
    },
    scales: {
      x: { offset: few, ticks: { color: text, maxRotation: 0, autoSkipPadding: 12, ...(dense ? { maxTicksLimit: 12, sampleSize: DENSE_TICK_SAMPLE } : {}) }, grid: { display: false }, border: { color: axis } },
      ...yScales,
    },
  };
}
