import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { PeriodType } from '../../../src/shared/data-file.js';
import type { Board } from '../lib/board.js';
import { afterPaint } from './use-after-paint.js';
import type { PeriodView } from './use-view-state.js';

/** The tab and period the controls show, their setters, and whether a change is still being made. */
export interface ViewSwitch {
  /** The tab shown selected: the one clicked, at once, while its view is made. */
  type: PeriodType;
  /** The period the dropdown shows: the one chosen, at once. */
  period: string | null;
  setType: (type: PeriodType) => void;
  setPeriod: (label: string) => void;
  /**
   * Makes another change the same way: in two steps, busy first, when changes of its `kind` on
   * this board have been taking a while. 'view' (the default) is the board's own (contributors
   * hidden or shown), timed with the tab and period changes; 'page' is going to or from a
   * contributor's page, and 'profile' a change on that page: each is judged by its own timings, as
   * their costs differ (on the 200,000-commit bench board a tab change took 30-40 ms, going back
   * to the board 80-130 ms).
   */
  run: (apply: () => void, kind?: ChangeKind) => void;
  /** True while a change that will take a while is being made. */
  busy: boolean;
}

/** A change expected to take longer than this is made in two steps (see {@link useViewSwitch}). */
export const SLOW_CHANGE_MS = 50;
/**
 * Entries still to be built above which a change is taken for slow before it is ever timed: the
 * entries of a period and of the one before it (for the movement) are built on first view, about
 * 15-20 µs each on the bench's shared cores, so 1,700 people of a quarter and their previous
 * quarter took 40 ms on top of the rest.
 */
export const SLOW_UNBUILT_ENTRIES = 1_000;

/**
 * People on a board from which its changes are taken for slow until one is timed: on the 20-year
 * bench board (2,200 people, a CPU three times slower) the first tab change took 100-130 ms in one
 * step, with no sign. Timed quick, they are made in one step again.
 */
export const SLOW_BOARD_PEOPLE = 1_000;
/**
 * Once slow, changes stay two steps until one takes under this: timed without the busy frame, a
 * change just over SLOW_CHANGE_MS measured just under it, and the next froze again in one step.
 */
export const FAST_AGAIN_MS = 30;

/** What a change is judged by (see {@link ViewSwitch.run}). */
export type ChangeKind = 'view' | 'page' | 'profile';

interface Pending { type: PeriodType; period: string | null }

/**
 * Tab and period changes. A quick one is made at once, in the click's frame, as before. One
 * expected to be slow (many entries to build, a board of {@link SLOW_BOARD_PEOPLE} people or more,
 * or changes took over {@link SLOW_CHANGE_MS} on this machine, until one takes under
 * {@link FAST_AGAIN_MS}) is made in two steps: first the control takes the choice and the panel says
 * it is busy (aria-busy, and an indicator whose CSS waits a moment before it fades in, so it is
 * only seen when the work really takes a while), that frame is painted, then the view is made.
 */
export function useViewSwitch(view: PeriodView, board: Board): ViewSwitch {
  const [pending, setPending] = useState<Pending | null>(null);
  const cancel = useRef<(() => void) | null>(null);
  const slowBoard = board.people >= SLOW_BOARD_PEOPLE;
  // Each kind of change that was not timed yet is slow on a big board.
  const slowMode = useRef(new Map<ChangeKind, boolean>());
  // Another board (a refresh, another repository): judged afresh.
  useEffect(() => { slowMode.current = new Map(); }, [board]);
  useEffect(() => () => cancel.current?.(), []);
  const { setType: applyType, setPeriod: applyPeriod, type: nowType, periodFor } = view;

  const change = useCallback((next: Pending, apply: () => void, kind: ChangeKind = 'view') => {
    cancel.current?.();
    cancel.current = null;
    const nextLabels = board.labels[next.type];
    const label = next.period ?? nextLabels[0] ?? null;
    const previous = label === null ? null : (nextLabels[nextLabels.indexOf(label) + 1] ?? null);
    const slow = (slowMode.current.get(kind) ?? slowBoard) || (kind === 'view' && board.unbuilt(next.type, [label, previous]) > SLOW_UNBUILT_ENTRIES);
    // The change itself is timed, from here to the frame after it (layout and paint included);
    // not the busy frame before it, or one slow change would make every later one two steps.
    const timed = () => {
      const start = performance.now();
      apply();
      afterPaint(() => {
        const ms = performance.now() - start;
        if (ms > SLOW_CHANGE_MS) slowMode.current.set(kind, true);
        // On a quick machine a big board's changes take 20-40 ms: in one step, a frame sooner.
        else if (ms < FAST_AGAIN_MS) slowMode.current.set(kind, false);
      });
    };
    if (!slow) {
      setPending(null);
      timed();
      return;
    }
    setPending(next);
    cancel.current = afterPaint(() => {
      cancel.current = null;
      // Rendered in this task, right after the busy frame, not in one React would schedule later.
      flushSync(() => {
        setPending(null);
        timed();
      });
    });
  }, [board, slowBoard]);

  const setType = useCallback((type: PeriodType) => {
    if (type === (pending?.type ?? nowType)) return;
    // Worked out once, for the busy frame's dropdown and the view both.
    const period = periodFor(type);
    change({ type, period }, () => applyType(type, period));
  }, [change, applyType, nowType, pending, periodFor]);
  const setPeriod = useCallback((period: string) => change({ type: pending?.type ?? nowType, period }, () => applyPeriod(period)), [change, applyPeriod, nowType, pending]);
  const nowPeriod = view.period;
  const run = useCallback((apply: () => void, kind?: ChangeKind) => change({ type: pending?.type ?? nowType, period: pending ? pending.period : nowPeriod }, apply, kind), [change, nowType, nowPeriod, pending]);
  return {
    type: pending?.type ?? view.type,
    period: pending ? (pending.period ?? board.labels[pending.type][0] ?? null) : view.period,
    setType,
    setPeriod,
    run,
    busy: pending !== null,
  };
}
