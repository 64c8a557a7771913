import { useCallback, useOptimistic, useTransition } from 'react';
import type { PeriodType } from '../../../src/shared/data-file.js';
import type { PeriodView } from './use-view-state.js';

/** The tab and period the controls show, their setters, and whether a change is still being made. */
export interface ViewSwitch {
  /** The tab shown selected: the one clicked, at once, while its view is made. */
  type: PeriodType;
  /** The period the dropdown shows: the one chosen, at once. */
  period: string | null;
  setType: (type: PeriodType) => void;
  setPeriod: (label: string) => void;
  /** True from the click until the new view is on screen (a frame on a small board). */
  busy: boolean;
}

/**
 * Tab and period changes as transitions: the control takes the choice at once (an optimistic
 * value), the new view is rendered without blocking the page, and `busy` says the view is not
 * there yet. The page shows that as aria-busy, and with an indicator whose CSS waits before it
 * appears, so it is only ever seen when the change is slow (a big board, a slow machine).
 */
export function useViewSwitch(view: PeriodView): ViewSwitch {
  const [busy, startTransition] = useTransition();
  const [type, showType] = useOptimistic(view.type);
  const [period, showPeriod] = useOptimistic(view.period);
  const { setType: applyType, setPeriod: applyPeriod } = view;
  const setType = useCallback((next: PeriodType) => startTransition(() => {
    showType(next);
    applyType(next);
  }), [applyType, showType]);
  const setPeriod = useCallback((next: string) => startTransition(() => {
    showPeriod(next);
    applyPeriod(next);
  }), [applyPeriod, showPeriod]);
  return { type, period, setType, setPeriod, busy };
}
