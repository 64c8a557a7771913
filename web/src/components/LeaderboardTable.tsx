import { startTransition, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { afterPaint } from '../hooks/use-after-paint.js';
import { useRovingRow } from '../hooks/use-roving-row.js';
import type { ContributorEntry } from '../../../src/shared/data-file.js';
import { downloadBlob, rankingCsvRows, toCsv, type CsvActivity } from '../lib/csv.js';
import { describeMovement, movementOf } from '../lib/movement.js';
import { searchEntries } from '../lib/search.js';
import { onTreegridKeyDown } from '../lib/treegrid-keys.js';
import { LeaderboardRow } from './LeaderboardRow.js';
import { RankingToolbar } from './RankingToolbar.js';
import { TierLegend } from './TierLegend.js';

const HEADERS: { label: string; title?: string; numeric?: boolean }[] = [
  { label: 'Tier' },
  { label: 'Contributor' },
  { label: 'Commits', numeric: true },
  { label: 'Sig', title: 'Significant commits (50 points or more)', numeric: true },
  { label: 'Sim', title: 'Simple commits (under 50 points)', numeric: true },
  { label: 'Impact', title: 'Share of significant commits' },
  { label: 'Commit', title: 'Commit score', numeric: true },
  { label: 'Other', title: 'Other contributions (manual score)', numeric: true },
  { label: 'Total', title: 'Total score', numeric: true },
  { label: 'Avg', title: 'Average score per commit', numeric: true },
];

interface LeaderboardTableProps {
  entries: readonly ContributorEntry[];
  /** Said under the empty state: why the whole board is empty, when it is. */
  emptyReason?: ReactNode;
  /** The search box's text (kept by the dashboard, so it survives a period change and a contributor page). */
  query?: string;
  onQueryChange?: (query: string) => void;
  /** The previous period of the type and its ranks (without the hidden), for the movement; null when there is none. */
  previous?: { label: string; ranks: ReadonlyMap<string, number> } | null;
  /** The CSV download's file name. */
  csvFileName?: string;
  /** A board with review data (and issue reports counted): the Reviews column and the CSV's columns. */
  activity?: CsvActivity;
}
const REVIEWS_HEADER = { label: 'Reviews', title: 'Pull requests reviewed (points on hover and in the open row)', numeric: true };
/**
 * Rows rendered at first, then this many more per click: a month of a big project has 2,000
 * contributors, and rendering them all made every tab or period change take 150-750 ms.
 */
export const ROWS_PER_PAGE = 100;
/**
 * Rows shown from which "Show more" adds its rows in two steps, the button busy first: what it
 * costs is laying out the whole table again, so it grows with the rows shown, whoever matches.
 * On the 200,000-commit bench board its first 100 rows (to 200) took 80-110 ms with no sign,
 * although 443 people of the month matched (two steps were kept for 1,000); going to 125 rows stays one step.
 */
export const SLOW_MORE_ROWS = 200;
/**
 * Rows in the first paint of a period; the rest of the page follows in a transition once that
 * frame is painted. The tabs and the period select sit above the chart, about 450 px over the table's first row,
 * so only the rows that fit under them can be on screen when either is used: laying out (and, at
 * the next change, removing) the rows below took most of a tab switch on a big board.
 */
function firstRows(): number {
  return Math.min(30, Math.max(8, Math.ceil((window.innerHeight - 450) / 40)));
}

/** 'Contributor Rankings': the tier legend and one row per contributor, one row open at a time. */
export function LeaderboardTable({ entries, emptyReason, query = '', onQueryChange, previous = null, csvFileName = 'leaderboard.csv', activity = { reviews: false, issues: false } }: LeaderboardTableProps) {
  // Reviews sit before Total, which they add to.
  const headers = activity.reviews ? [...HEADERS.slice(0, -2), REVIEWS_HEADER, ...HEADERS.slice(-2)] : HEADERS;
  const matching = useMemo(() => searchEntries(entries, query), [entries, query]);
  const movement = useCallback((e: ContributorEntry) => (previous ? describeMovement(movementOf(e.name, e.rank, previous.ranks), previous.label) : undefined), [previous]);
  const downloadCsv = () => {
    const rows = rankingCsvRows(matching, (e) => movement(e)?.csv ?? '', activity);
    // The byte order mark makes spreadsheets read the names as UTF-8.
    downloadBlob(new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' }), csvFileName);
  };
  const [openName, setOpenName] = useState<string | null>(null);
  const [limit, setLimit] = useState(ROWS_PER_PAGE);
  const [adding, setAdding] = useState(false);
  // A table wider than its box (a narrow window, 200% zoom) scrolls sideways: then the box takes
  // the focus, so the keyboard reaches the columns past the edge (no cell of theirs can).
  const scroller = useRef<HTMLDivElement>(null);
  const [sideways, setSideways] = useState(false);
  useEffect(() => {
    const box = scroller.current;
    if (!box || typeof ResizeObserver === 'undefined') return undefined;
    const check = () => setSideways(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(box);
    check();
    return () => observer.disconnect();
    // Observed while the box is there: it comes and goes with the rows.
  }, [entries.length === 0, matching.length === 0]);
  const body = useRef<HTMLTableSectionElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const at = focusRow.current;
    focusRow.current = null;
    if (at !== null) body.current?.querySelectorAll<HTMLElement>('[data-testid="leaderboard-row"]')[at]?.focus();
  }, [limit]);
  const [painted, setPainted] = useState(false);
  const [first] = useState(firstRows);
  useEffect(() => (painted ? undefined : afterPaint(() => startTransition(() => setPainted(true)))), [painted]);
  const cap = painted ? limit : Math.min(limit, first);
  const shown = matching.length > cap ? matching.slice(0, cap) : matching;
  const left = painted ? matching.length - shown.length : 0;
  // Keyed by name (unique in a period of this tool's files), so hiding someone moves rows instead
  // of rebuilding every row below them; a repeated name in a hand-made file gets its position too.
  const seen = new Set<string>();
  const keys = shown.map((e, i) => (seen.has(e.name) ? `${e.name}#${i}` : (seen.add(e.name), e.name)));
  const onGridFocus = useRovingRow(body);
  const baseId = useId();
  return (
    <section className="card table-card" data-testid="leaderboard" aria-labelledby={`${baseId}-title`}>
      <div className="table-head">
        <h2 className="card-title" id={`${baseId}-title`}>Contributor Rankings</h2>
        <TierLegend />
      </div>
      {entries.length === 0 ? (
        <div className="empty-state">
          <p data-testid="empty-state">No contributors found for this period.</p>
          {emptyReason}
        </div>
      ) : (
        <>
        <RankingToolbar query={query} onQueryChange={(q) => onQueryChange?.(q)} matches={matching.length} total={entries.length}
          onDownloadCsv={downloadCsv} />
        {matching.length === 0 ? (
          <p className="empty-state" data-testid="search-empty">No contributor of this period matches &ldquo;{query.trim()}&rdquo;.</p>
        ) : (
        <div className="table-scroll" ref={scroller} {...(sideways ? { tabIndex: 0, role: 'region', 'aria-label': 'Contributor rankings (scrolls sideways)' } : {})}>
          <table className="lb-table" role="treegrid" aria-labelledby={`${baseId}-title`} data-testid="leaderboard-table">
            <thead>
              <tr>
                {headers.map((h) => (
                  <th key={h.label} scope="col" className={h.numeric ? 'num' : undefined}>
                    {h.title ? <abbr title={h.title}>{h.label}</abbr> : h.label}
                  </th>
                ))}
                <th scope="col" className="col-toggle"><span className="visually-hidden">Details</span></th>
              </tr>
            </thead>
            <tbody onKeyDown={onTreegridKeyDown} onFocus={onGridFocus} ref={body}>
              {shown.map((e, i) => (
                <LeaderboardRow key={keys[i]} entry={e} expanded={openName === e.name}
                  onToggle={() => setOpenName((cur) => (cur === e.name ? null : e.name))}
                  detailsId={`${baseId}-details-${i}`} movement={movement(e)} reviews={activity.reviews} />
              ))}
            </tbody>
          </table>
          {left > 0 && (
            <div className="table-more">
              <button type="button" className="button" aria-busy={adding || undefined} onClick={() => {
                if (adding) return;
                // The last page removes the button: focus goes to the first row it shows, not to the page's start.
                if (left <= ROWS_PER_PAGE) focusRow.current = limit;
                const grow = () => setLimit((n) => n + ROWS_PER_PAGE);
                if (limit + Math.min(ROWS_PER_PAGE, left) < SLOW_MORE_ROWS) return grow();
                setAdding(true);
                afterPaint(() => flushSync(() => {
                  setAdding(false);
                  grow();
                }));
              }} data-testid="show-more-rows">
                Show {Math.min(ROWS_PER_PAGE, left)} more ({left.toLocaleString('en-US')} not shown)
                {/* Seen only when the rows take a while: its CSS waits before showing it. */}
                {adding && <span className="busy-indicator" aria-hidden="true" data-testid="more-busy" />}
              </button>
            </div>
          )}
        </div>
        )}
        </>
      )}
    </section>
  );
}
