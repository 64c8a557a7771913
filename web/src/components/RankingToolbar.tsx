import { useId, useRef } from 'react';
import { useMediaQuery } from '../hooks/use-media-query.js';
import { useSlashFocus } from '../hooks/use-slash-focus.js';
import { formatCount } from '../lib/format.js';
import { CopyLinkButton } from './CopyLinkButton.js';

interface RankingToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** Rows matching the search, and rows of the period (without the hidden). */
  matches: number;
  total: number;
  onDownloadCsv: () => void;
}

/** A touch screen, or a box narrower than its 20rem: the placeholder leaves out the "/" hint. */
const NO_KEY_HINT = '(pointer: coarse), (max-width: 26rem)';

/** Above the ranking: the search box (`/` focuses it), the CSV download and 'Copy link'. */
export function RankingToolbar({ query, onQueryChange, matches, total, onDownloadCsv }: RankingToolbarProps) {
  const input = useRef<HTMLInputElement>(null);
  useSlashFocus(input);
  const id = useId();
  const searching = query.trim() !== '';
  // A phone has no "/" key to press, and a narrow box cut the hint in half: "(press".
  const hint = !useMediaQuery(NO_KEY_HINT);
  return (
    <div className="ranking-toolbar" data-testid="ranking-toolbar">
      <div className="ranking-search">
        <label htmlFor={id} className="visually-hidden">Search the ranking by name or email</label>
        <input ref={input} id={id} type="search" className="input" placeholder={hint ? 'Search name or email (press /)' : 'Search name or email'}
          value={query} onChange={(e) => onQueryChange(e.target.value)} aria-keyshortcuts="/"
          aria-describedby={`${id}-count`} data-testid="ranking-search" />
        <span id={`${id}-count`} className="ranking-search-count" aria-live="polite" data-testid="ranking-search-count">
          {searching ? `${formatCount(matches)} of ${formatCount(total)} match` : ''}
        </span>
      </div>
      <div className="ranking-actions">
        <button type="button" className="button" onClick={onDownloadCsv} disabled={matches === 0} data-testid="download-csv">
          Download CSV
        </button>
        <CopyLinkButton />
      </div>
    </div>
  );
}
