import { PERIOD_TYPES, type PeriodType } from '../../../src/shared/data-file.js';
import { periodBounds } from './periods.js';

const DAY_MS = 86_400_000;

/**
 * The days a label stands for when periods of two types are matched. A week is its Thursday
 * alone: ISO weeks belong to the year of their Thursday, and so to the month (and quarter) that
 * holds four or more of their days. A week across two months then belongs to one of them, not
 * both, and Weekly -> Monthly -> Weekly does not drift into the month before.
 */
function span(type: PeriodType, label: string): { start: number; end: number } | null {
  const bounds = periodBounds(type, label);
  if (!bounds || type !== 'weekly') return bounds;
  const thursday = bounds.start + 3 * DAY_MS;
  return { start: thursday, end: thursday };
}

/** The type whose labels are written like `label` (`2025-W10`, `2025-03`, `2025-Q1`); null for none. */
export function labelType(label: string): PeriodType | null {
  return PERIOD_TYPES.find((t) => periodBounds(t, label) !== null) ?? null;
}

/**
 * The period of type `to` to show for `label` of type `from`: the one holding it (a week's
 * month or quarter, a month's quarter); from a longer period to a shorter one (a month to its
 * weeks), the latest of those it holds. The latest rather than the first, so that switching away
 * from the newest period and back lands on the newest again, as it did before the chosen time was
 * kept. `prefer` (a contributor's page: the weeks they were active in) picks among them first,
 * then among the weeks only partly in it: someone whose month's commits were all on its last two
 * days (a week whose Thursday is in the next month) gets that week, not one saying "No entry".
 * When the board has none of those, the nearest one before it; when none is before it either (or
 * `label` is not a period), the latest. Null when `labels` is empty. `labels` are newest first.
 */
export function carryPeriod(
  from: PeriodType, label: string, to: PeriodType, labels: readonly string[], prefer?: (label: string) => boolean,
): string | null {
  const latest = labels[0] ?? null;
  const chosen = periodBounds(from, label);
  const held = span(from, label);
  if (!chosen || !held) return latest;
  const overlaps = (s: { start: number; end: number } | null, t: { start: number; end: number }) => s !== null && s.start <= t.end && s.end >= t.start;
  let inside: string | null = null;
  let partly: string | null = null;
  let before: string | null = null;
  for (const l of labels) {
    const s = span(to, l);
    if (overlaps(s, held)) {
      if (prefer?.(l)) return l;
      inside ??= l;
    } else if (prefer && partly === null && overlaps(periodBounds(to, l), chosen) && prefer(l)) {
      partly = l;
    } else if (s && s.end < held.start && before === null) {
      before = l;
      // Newest first: every label from here on is older; one more may still overlap the chosen period's first days.
      if (!prefer) break;
    }
  }
  return partly ?? inside ?? before ?? latest;
}

/**
 * The period a link's `label` of `type` stands for on a board whose labels of the type are
 * `labels` (newest first): the label itself when the board has it; a label written as another
 * type's (`?type=weekly&period=2025-03`) carried over as a tab change would; else the nearest
 * before it, else the latest (see {@link carryPeriod}).
 */
export function resolvePeriod(type: PeriodType, label: string, labels: readonly string[]): string | null {
  if (labels.includes(label)) return label;
  return carryPeriod(labelType(label) ?? type, label, type, labels);
}
