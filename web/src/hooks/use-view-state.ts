import { useCallback, useEffect, useState } from 'react';
import type { PeriodType } from '../../../src/shared/data-file.js';
import type { Board } from '../lib/board.js';
import { buildUrlSearch, parseUrlState } from '../lib/url-state.js';

/** The selected period type and period, and the labels to choose from. */
export interface ViewState {
  type: PeriodType;
  setType: (type: PeriodType) => void;
  /** Labels of the selected type, newest first. */
  labels: string[];
  /** The selected label; null when the type has no periods. */
  period: string | null;
  setPeriod: (label: string) => void;
}

/**
 * The view, kept in the URL query (`?type=monthly&period=2025-10`, written with replaceState).
 * The period falls back to the latest one whenever the type or the data changes, or when the
 * chosen label does not exist; on first load the period named by the URL wins.
 */
export function useViewState(data: Board): ViewState {
  const [initial] = useState(() => parseUrlState(window.location.search));
  const [type, setTypeState] = useState<PeriodType>(initial.type);
  const [chosen, setChosen] = useState<string | null>(initial.period);
  const [seenData, setSeenData] = useState(data);
  if (seenData !== data) {
    // New data: back to the latest period (adjusting state while rendering, as React recommends).
    setSeenData(data);
    setChosen(null);
  }

  const labels = data.labels[type];
  const period = chosen !== null && labels.includes(chosen) ? chosen : (labels[0] ?? null);

  const setType = useCallback((next: PeriodType) => {
    if (next === type) return;
    setTypeState(next);
    setChosen(null);
  }, [type]);

  useEffect(() => {
    const url = new URL(window.location.href);
    const search = buildUrlSearch(url.search, { type, period });
    if (search !== url.search) {
      window.history.replaceState(window.history.state, '', `${url.pathname}${search}${url.hash}`);
    }
  }, [type, period]);

  return { type, setType, labels, period, setPeriod: setChosen };
}
