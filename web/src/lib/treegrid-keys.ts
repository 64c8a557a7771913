import type { KeyboardEvent } from 'react';

// The ranking is a treegrid (a table whose rows open): the only table whose rows may carry
// aria-expanded. A treegrid promises its keys too (the WAI-ARIA treegrid pattern), and is one Tab
// stop (the roving tabindex is LeaderboardTable's). On a row: Up and Down move between rows, Home
// and End (with or without Ctrl) to the first and last, Right opens a row and, on an open row,
// goes to its first cell, Left closes it. On a cell: Left and Right move along the row (Left from
// the first cell back to the row), Up and Down to the same column of the row above or below,
// Home and End to the row's first and last cell, Ctrl+Home and Ctrl+End to the first and last row.
// Enter and Space stay the row's own; on a cell holding the name, Enter follows its link. Escape
// anywhere in an open row, its cells or the commits under it closes it and puts focus on the row:
// Left only works on the row itself, and from a commit's link there was no key back out.
const ROW = 'tr[aria-expanded]';

/** The cells a key can reach: all but the toggle's, which only draws the arrow. */
function cellsOf(row: HTMLTableRowElement): HTMLTableCellElement[] {
  return [...row.cells].filter((c) => !c.classList.contains('col-toggle'));
}

/** Focuses a cell, or the link in it (the pattern focuses a cell's one widget instead of the cell). */
function focusCell(cell: HTMLTableCellElement | undefined): void {
  if (!cell) return;
  const widget = cell.querySelector<HTMLElement>('a[href], button');
  if (widget) return widget.focus();
  // Focusable while it has the focus only: a click on the row must still focus the row.
  cell.tabIndex = -1;
  cell.addEventListener('blur', () => cell.removeAttribute('tabindex'), { once: true });
  cell.focus();
}

/** Escape: closes the open row the focus is in (the row, a cell, or its details below it) and focuses the row. */
function closeOpenRow(e: KeyboardEvent<HTMLElement>): void {
  if (e.defaultPrevented || e.ctrlKey || !(e.target instanceof HTMLElement)) return;
  const details = e.target.closest<HTMLTableRowElement>('tr[data-testid="row-details"]');
  const row = details ? details.previousElementSibling : e.target.closest<HTMLTableRowElement>(ROW);
  if (!(row instanceof HTMLTableRowElement) || !row.matches(ROW) || !e.currentTarget.contains(row)) return;
  if (row.getAttribute('aria-expanded') !== 'true') return;
  e.preventDefault();
  // Focus first: the element focused now may be inside the details the click removes.
  row.focus();
  row.click();
}

/** The keyboard of the ranking's treegrid, on its body (events bubble up from the focused row or cell). */
export function onTreegridKeyDown(e: KeyboardEvent<HTMLElement>): void {
  if (!(e.target instanceof HTMLElement) || e.altKey || e.metaKey || e.shiftKey) return;
  if (e.key === 'Escape') {
    closeOpenRow(e);
    return;
  }
  const row = e.target.closest<HTMLTableRowElement>(ROW);
  if (!row || !e.currentTarget.contains(row)) return;
  const rows = [...e.currentTarget.querySelectorAll<HTMLTableRowElement>(ROW)];
  const at = rows.indexOf(row);
  const onRow = e.target === row;
  const cells = cellsOf(row);
  const cell = onRow ? -1 : cells.findIndex((c) => c.contains(e.target as Node));
  if (!onRow && cell < 0) return;
  const toRow = (next: HTMLTableRowElement | undefined) => {
    if (!next) return;
    if (onRow) next.focus();
    else focusCell(cellsOf(next)[cell]);
  };
  const expanded = row.getAttribute('aria-expanded') === 'true';
  if (e.ctrlKey) {
    if (e.key === 'Home') toRow(rows[0]);
    else if (e.key === 'End') toRow(rows[rows.length - 1]);
    else return;
    e.preventDefault();
    return;
  }
  switch (e.key) {
    case 'ArrowDown': toRow(rows[at + 1]); break;
    case 'ArrowUp': toRow(rows[at - 1]); break;
    case 'Home': if (onRow) toRow(rows[0]); else focusCell(cells[0]); break;
    case 'End': if (onRow) toRow(rows[rows.length - 1]); else focusCell(cells[cells.length - 1]); break;
    case 'ArrowRight':
      if (!onRow) focusCell(cells[cell + 1]);
      else if (!expanded) row.click();
      else focusCell(cells[0]);
      break;
    case 'ArrowLeft':
      if (!onRow) {
        if (cell === 0) row.focus();
        else focusCell(cells[cell - 1]);
      } else if (expanded) row.click();
      break;
    default: return;
  }
  e.preventDefault(); // the page would scroll instead
}
