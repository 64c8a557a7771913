import { useCallback, useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react';

const ROW = '[data-testid="leaderboard-row"]';
const NAME_LINK = '[data-testid="contributor-name"][href]';

/** Puts a row, and the name link in it, in the Tab order or takes them out of it. */
function setTabStop(row: HTMLElement, on: boolean): void {
  row.tabIndex = on ? 0 : -1;
  const link = row.querySelector<HTMLElement>(NAME_LINK);
  if (link) link.tabIndex = on ? 0 : -1;
}

/**
 * The roving tabindex of the ranking's treegrid (the WAI-ARIA treegrid pattern): the grid is one
 * Tab stop, the row last focused (the first row until then, or when that row has gone), and Tab
 * from it goes to its name link, then out of the grid; the arrows move between rows
 * (treegrid-keys.ts). The rows render out of the Tab order (tabIndex -1) and this moves the stop
 * in the DOM: as React state it re-rendered every row at each arrow press, which doubled the
 * press's time with 100 rows and grows with every "Show more". Returns the body's focus handler.
 */
export function useRovingRow(body: RefObject<HTMLElement | null>): (e: FocusEvent<HTMLElement>) => void {
  const current = useRef<string | null>(null);
  const stop = useRef<HTMLElement | null>(null);
  const sync = useCallback(() => {
    const rows = body.current;
    if (!rows) return;
    const name = current.current;
    const row = (name === null ? null : rows.querySelector<HTMLElement>(`${ROW}[data-name="${CSS.escape(name)}"]`))
      ?? rows.querySelector<HTMLElement>(ROW);
    if (row === stop.current && row?.tabIndex === 0) return;
    if (stop.current) setTabStop(stop.current, false);
    if (row) setTabStop(row, true);
    stop.current = row;
  }, [body]);
  // After every render of the table: rows come, go and move with the period, search and filter.
  useLayoutEffect(sync);
  return useCallback((e: FocusEvent<HTMLElement>) => {
    const row = e.target instanceof Element ? e.target.closest<HTMLElement>(ROW) : null;
    if (row?.dataset.name === undefined) return;
    current.current = row.dataset.name;
    sync();
  }, [sync]);
}
