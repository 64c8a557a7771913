import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `fn` once the next frame has been painted (a task after the animation frame); returns a
 * cancel. React's own deferred work (a transition, useDeferredValue) runs in a task that the
 * browser usually takes before painting, so the first frame after a click still carried it: on a
 * 200,000-commit board the extra rows and the chart's redraw added 60-230 ms of layout to it.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: number | undefined;
  const frame = requestAnimationFrame(() => { timer = window.setTimeout(fn, 0); });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

/**
 * `value`, where a change shows only after a frame without it has been painted (see
 * {@link afterPaint}): the first render gives null, and `value` follows after the first paint.
 */
export function useAfterPaint<T>(value: T): T | null {
  const [shown, setShown] = useState<T | null>(null);
  useEffect(() => {
    if (Object.is(shown, value)) return undefined;
    return afterPaint(() => startTransition(() => setShown(value)));
  }, [value, shown]);
  return shown;
}

/**
 * Whether `list` is still to be shown in part: a list longer than `atOnce` is first shown in part
 * (the caller picks which), then whole once that frame is painted (see {@link afterPaint}); a new
 * list (another tab, another search, new data) starts in part again.
 */
export function useShownInPart(list: readonly unknown[], atOnce: number): boolean {
  const [complete, setComplete] = useState<readonly unknown[] | null>(null);
  const partial = list.length > atOnce && complete !== list;
  useEffect(() => (partial ? afterPaint(() => startTransition(() => setComplete(list))) : undefined), [partial, list]);
  return partial;
}
