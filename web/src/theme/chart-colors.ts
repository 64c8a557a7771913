import { useMemo } from 'react';
import { useTheme } from './use-theme.js';

/** The colours of the page's charts, from theme.css (the fallbacks are the light theme's). */
export interface ChartColors {
  significant: string; simple: string; contributors: string;
  text: string; grid: string; axis: string;
  tooltipBg: string; tooltipText: string; tooltipBorder: string; tooltipKey: string;
}

/** A custom property of <html> as the theme in force sets it. */
export function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

function readChartColors(): ChartColors {
  return {
    significant: cssVar('--chart-significant', '#16a34a'),
    simple: cssVar('--chart-simple', '#2563eb'),
    contributors: cssVar('--chart-contributors', '#f97316'),
    text: cssVar('--text-muted', '#5b6478'),
    grid: cssVar('--chart-grid', 'rgba(148, 163, 184, 0.28)'),
    axis: cssVar('--chart-axis', 'rgba(0, 0, 0, 0.1)'),
    tooltipBg: cssVar('--chart-tooltip-bg', 'rgba(0, 0, 0, 0.8)'),
    tooltipText: cssVar('--chart-tooltip-text', '#ffffff'),
    tooltipBorder: cssVar('--chart-tooltip-border', 'rgba(0, 0, 0, 0)'),
    tooltipKey: cssVar('--chart-tooltip-key', '#ffffff'),
  };
}

/**
 * The chart colours of the theme in force, read again when it changes: Chart.js draws on a
 * canvas, which the stylesheet cannot recolour, so a chart must be given new options instead.
 */
export function useChartColors(): ChartColors {
  const theme = useTheme();
  return useMemo(readChartColors, [theme]);
}

/** Chart.js tooltip colours for `colors` (index mode, as every chart of the page uses). */
export function tooltipColors(colors: ChartColors) {
  return {
    backgroundColor: colors.tooltipBg, titleColor: colors.tooltipText, bodyColor: colors.tooltipText,
    footerColor: colors.tooltipText, borderColor: colors.tooltipBorder, borderWidth: 1, multiKeyBackground: colors.tooltipKey,
  };
}
