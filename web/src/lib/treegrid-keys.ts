import type { KeyboardEvent } from 'react';

// The ranking is a treegrid (a table whose rows open): the only table whose rows may carry
// aria-expanded. A treegrid promises its keys too: Up and Down move between rows, Home and End
// to the first and last, Right opens a row and Left closes it. Enter and Space stay the row's own.
const ROW = 'tr[aria-expanded]';

/** The keyboard of the ranking's treegrid, on its body (events bubble up from the focused row). */
export function onTreegridKeyDown(e: KeyboardEvent<HTMLElement>): void {
  const row = e.target instanceof HTMLTableRowElement && e.target.matches(ROW) ? e.target : null;
  if (!row || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const rows = [...e.currentTarget.querySelectorAll<HTMLTableRowElement>(ROW)];
  const at = rows.indexOf(row);
  const expanded = row.getAttribute('aria-expanded') === 'true';
  let next: HTMLTableRowElement | undefined;
  switch (e.key) {
    case 'ArrowDown': next = rows[at + 1]; break;
    case 'ArrowUp': next = rows[at - 1]; break;
    case 'Home': next = rows[0]; break;
    case 'End': next = rows[rows.length - 1]; break;
    case 'ArrowRight': if (!expanded) row.click(); break;
    case 'ArrowLeft': if (expanded) row.click(); break;
    default: return;
  }
  e.preventDefault(); // the page would scroll instead
  next?.focus();
}
