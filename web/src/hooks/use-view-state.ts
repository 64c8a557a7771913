import { useCallback, useEffect, useRef, useState } from 'react';
import type { PeriodType } from '../../../src/shared/data-file.js';
import type { Board } from '../lib/board.js';
import { buildUrlSearch, parseUrlState } from '../lib/url-state.js';

/** The selected period type and period, the labels to choose from, and the open contributor page. */
export interface ViewState {
  type: PeriodType;
  setType: (type: PeriodType) => void;
  /** Labels of the selected type, newest first. */
  labels: string[];
  /** The selected label; null when the type has no periods. */
  period: string | null;
  setPeriod: (label: string) => void;
  /** The contributor whose page is open (as the URL names them); null on the board. */
  contributor: string | null;
  /** Opens a contributor's page as a new history entry, so Back returns to the board. */
  openContributor: (name: string) => void;
  /** Back to the board: the history entry before the page when it is ours, else a new one. */
  closeContributor: () => void;
  /** Where the window was scrolled on the board before the page opened; null once used. */
  takeBoardScroll: () => number | null;
}

/** Marks the history entries this page pushed (a contributor page opened from the board). */
interface PageHistoryState {
  leaderboardPage?: 'contributor';
  /** On a board entry: its scroll position when a contributor page was opened from it. */
  scrollY?: number;
}

function historyState(): PageHistoryState {
  const s: unknown = window.history.state;
  return typeof s === 'object' && s !== null ? (s as PageHistoryState) : {};
}

/**
 * The view, kept in the URL query (`?type=monthly&period=2025-10[&contributor=name]`). Type and
 * period changes replace the history entry; opening a contributor pushes one, and Back (popstate)
 * reads the URL again. The period falls back to the latest one whenever the type or the data
 * changes, or when the chosen label does not exist; on first load the period named by the URL wins.
 */
export function useViewState(data: Board): ViewState {
  const [initial] = useState(() => parseUrlState(window.location.search));
  const [type, setTypeState] = useState<PeriodType>(initial.type);
  const [chosen, setChosen] = useState<string | null>(initial.period);
  const [contributor, setContributor] = useState<string | null>(initial.contributor ?? null);
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
    const search = buildUrlSearch(url.search, { type, period, contributor });
    if (search !== url.search) {
      window.history.replaceState(window.history.state, '', `${url.pathname}${search}${url.hash}`);
    }
  }, [type, period, contributor]);

  const boardScroll = useRef<number | null>(null);
  useEffect(() => {
    const onPopState = () => {
      const next = parseUrlState(window.location.search);
      setTypeState(next.type);
      setChosen(next.period);
      setContributor(next.contributor ?? null);
      const { scrollY } = historyState();
      boardScroll.current = next.contributor ? null : (scrollY ?? null);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback((name: string | null, state: PageHistoryState) => {
    const url = new URL(window.location.href);
    const search = buildUrlSearch(url.search, { type, period, contributor: name });
    window.history.pushState(state, '', `${url.pathname}${search}${url.hash}`);
    setContributor(name);
  }, [type, period]);

  const openContributor = useCallback((name: string) => {
    // The board's entry remembers its scroll position, for Back.
    if (!historyState().leaderboardPage) window.history.replaceState({ ...historyState(), scrollY: window.scrollY }, '');
    navigate(name, { leaderboardPage: 'contributor' });
    window.scrollTo(0, 0);
  }, [navigate]);

  const closeContributor = useCallback(() => {
    // Opened from the board: going back restores that entry (and Forward reopens the page).
    // Opened from a link: there is no board entry behind it, so the board is a new entry.
    if (historyState().leaderboardPage === 'contributor') window.history.back();
    else navigate(null, {});
  }, [navigate]);

  const takeBoardScroll = useCallback(() => {
    const y = boardScroll.current;
    boardScroll.current = null;
    return y;
  }, []);

  return { type, setType, labels, period, setPeriod: setChosen, contributor, openContributor, closeContributor, takeBoardScroll };
}
