import { useCallback, useEffect, useRef, useState } from 'react';
import type { PeriodType } from '../../../src/shared/data-file.js';
import type { Board } from '../lib/board.js';
import { afterPaint } from './use-after-paint.js';
import { carryPeriod, resolvePeriod } from '../lib/period-carry.js';
import { buildUrlSearch, linkMismatchText, parseUrlState, unknownType, type LinkMismatch } from '../lib/url-state.js';

/** A period type and period, with the labels to choose from. */
export interface PeriodView {
  type: PeriodType;
  /** Shows another type, at `period` when given, else at {@link PeriodView.periodFor} of it. */
  setType: (type: PeriodType, period?: string | null) => void;
  /** The period of `type` a switch to it shows: the one holding the period shown now (see carryPeriod). */
  periodFor: (type: PeriodType) => string | null;
  /** Labels of the selected type, newest first. */
  labels: string[];
  /** The selected label; null when the type has no periods. */
  period: string | null;
  setPeriod: (label: string) => void;
}

/** The board's view, and the open contributor page with a view of its own. */
export interface ViewState extends PeriodView {
  /** The contributor whose page is open (as the URL names them), with the page's own type and period; null on the board. */
  profile: (PeriodView & { name: string }) | null;
  /** Opens a contributor's page as a new history entry (at the board's type and period), so Back returns to the board. */
  openContributor: (name: string) => void;
  /** Back to the board: the history entry before the page when it is ours, else a new one. */
  closeContributor: () => void;
  /** Where the window was scrolled on the board before the page opened; null once used. */
  takeBoardScroll: () => number | null;
  /** Says the link's type or period is not on the board and what is shown instead; null once the view changed or it was dismissed. */
  linkNote: string | null;
  dismissLinkNote: () => void;
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

interface Chosen { type: PeriodType; period: string | null }

const NO_ONE: ReadonlySet<string> = new Set();

/** `prefer`: the periods of a type to favour when a switch to it has several to choose from (a contributor's active ones). */
function periodView(data: Board, chosen: Chosen, set: (next: Chosen) => void, prefer?: (type: PeriodType) => (label: string) => boolean): PeriodView {
  const labels = data.labels[chosen.type];
  // A label gone with new data goes back to the latest (SPEC); a link's was resolved on load (initialView).
  const period = chosen.period !== null && labels.includes(chosen.period) ? chosen.period : (labels[0] ?? null);
  // The board's new type starts at its latest period (SPEC: the dropdown resets to the latest
  // whenever the type changes). A contributor's page keeps the time looked at: its latest week
  // was often one they had no entry in ('No entry in 2025-W43' after September).
  const periodFor = (type: PeriodType): string | null => {
    if (type === chosen.type) return period;
    const next = data.labels[type];
    return period === null || !prefer ? (next[0] ?? null) : carryPeriod(chosen.type, period, type, next, prefer(type));
  };
  return {
    type: chosen.type,
    labels,
    period,
    periodFor,
    setType: (type, to) => { if (type !== chosen.type) set({ type, period: to === undefined ? periodFor(type) : to }); },
    setPeriod: (next) => set({ type: chosen.type, period: next }),
  };
}

/** The view a link opens, and what it asked for that the board does not have. */
function initialView(data: Board, search: string) {
  const state = parseUrlState(search);
  const askedType = unknownType(search);
  const labels = data.labels[state.type];
  const period = state.period === null ? null : resolvePeriod(state.type, state.period, labels);
  const mismatch: LinkMismatch | null = askedType !== null || period !== state.period
    ? { askedType, askedPeriod: period !== state.period ? state.period : null, type: state.type, period: period ?? labels[0] ?? null }
    : null;
  return { ...state, period, mismatch };
}

/**
 * The view, kept in the URL query (`?type=monthly&period=2025-10[&contributor=name]`). Type and
 * period changes replace the history entry; opening a contributor pushes one, and Back (popstate)
 * reads the URL again. The contributor page has its own type and period, so changing them there
 * leaves the board behind it as it was. The board's period goes back to the latest one when its
 * type or the data changes; the contributor page's keeps the time shown (see carryPeriod). A
 * link's period the board lacks gives the nearest before it (else the latest), and a note.
 */
export function useViewState(data: Board, schedule?: { readonly current: (apply: () => void) => void }): ViewState {
  const [initial] = useState(() => initialView(data, window.location.search));
  const [mismatch, setMismatch] = useState(initial.mismatch);
  const [board, setBoard] = useState<Chosen>({ type: initial.type, period: initial.period });
  const [profile, setProfile] = useState<(Chosen & { name: string }) | null>(
    initial.contributor ? { name: initial.contributor, type: initial.type, period: initial.period } : null,
  );
  const [seenData, setSeenData] = useState(data);
  if (seenData !== data) {
    // New data: back to the latest period (adjusting state while rendering, as React recommends).
    setSeenData(data);
    setBoard((b) => ({ ...b, period: null }));
    setProfile((p) => (p ? { ...p, period: null } : p));
  }

  const boardView = periodView(data, board, setBoard);
  const profileView = profile ? {
    name: profile.name,
    ...periodView(data, profile, (next) => setProfile({ ...next, name: profile.name }), (type) => {
      const active = new Set(data.standings(type, profile.name, NO_ONE).map((s) => s.label));
      return (label) => active.has(label);
    }),
  } : null;
  const shown = profileView ?? boardView;
  // The note speaks of the view the link opened: once another is shown it no longer holds.
  if (mismatch && (mismatch.type !== shown.type || mismatch.period !== shown.period)) setMismatch(null);
  const dismissLinkNote = useCallback(() => setMismatch(null), []);
  const contributor = profile?.name ?? null;

  // After the new view is painted: Chromium's replaceState took 10-30 ms of the click's frame.
  useEffect(() => afterPaint(() => {
    const url = new URL(window.location.href);
    const search = buildUrlSearch(url.search, { type: shown.type, period: shown.period, contributor });
    if (search !== url.search) {
      window.history.replaceState(window.history.state, '', `${url.pathname}${search}${url.hash}`);
    }
  }), [shown.type, shown.period, contributor]);

  const boardScroll = useRef<number | null>(null);
  useEffect(() => {
    const onPopState = () => {
      const next = parseUrlState(window.location.search);
      const scrollY = historyState().scrollY ?? null;
      (schedule?.current ?? ((apply) => apply()))(() => {
        if (next.contributor) {
          setProfile({ name: next.contributor, type: next.type, period: next.period });
          boardScroll.current = null;
          return;
        }
        setProfile(null);
        // Usually the view the board already shows: then nothing under it is rebuilt.
        setBoard((b) => (b.type === next.type && b.period === next.period ? b : { type: next.type, period: next.period }));
        boardScroll.current = scrollY;
      });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [schedule]);

  const { type: boardType, period: boardPeriod } = boardView;
  const openContributor = useCallback((name: string) => {
    // The board's entry remembers its scroll position, for Back, and its view (whose own update
    // waits for a paint that may not have come yet).
    const url = new URL(window.location.href);
    const boardSearch = buildUrlSearch(url.search, { type: boardType, period: boardPeriod, contributor: null });
    window.history.replaceState({ ...historyState(), scrollY: window.scrollY }, '', `${url.pathname}${boardSearch}${url.hash}`);
    const search = buildUrlSearch(url.search, { type: boardType, period: boardPeriod, contributor: name });
    window.history.pushState({ leaderboardPage: 'contributor' } satisfies PageHistoryState, '', `${url.pathname}${search}${url.hash}`);
    setProfile({ name, type: boardType, period: boardPeriod });
    window.scrollTo(0, 0);
  }, [boardType, boardPeriod]);

  const closeContributor = useCallback(() => {
    // Opened from the board: going back restores that entry (and Forward reopens the page).
    if (historyState().leaderboardPage === 'contributor') {
      window.history.back();
      return;
    }
    // Opened from a link: there is no board entry behind it, so the board (at the link's view) is a new entry.
    const url = new URL(window.location.href);
    const search = buildUrlSearch(url.search, { type: boardType, period: boardPeriod, contributor: null });
    window.history.pushState({}, '', `${url.pathname}${search}${url.hash}`);
    (schedule?.current ?? ((apply) => apply()))(() => setProfile(null));
  }, [boardType, boardPeriod, schedule]);

  const takeBoardScroll = useCallback(() => {
    const y = boardScroll.current;
    boardScroll.current = null;
    return y;
  }, []);

  return {
    ...boardView, profile: profileView, openContributor, closeContributor, takeBoardScroll,
    linkNote: mismatch ? linkMismatchText(mismatch) : null, dismissLinkNote,
  };
}
