import { useId, useRef } from 'react';
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

/** Above the ranking: the search box (`/` focuses it), the CSV download and 'Copy link'. */
export function RankingToolbar({ query, onQueryChange, matches, total, onDownloadCsv }: RankingToolbarProps) {
  const input = useRef<HTMLInputElement>(null);
  useSlashFocus(input);
  const id = useId();
  const searching = query.trim() !== '';
  return (
    <div className="ranking-toolbar" data-testid="ranking-toolbar">
      <div className="ranking-search">
        <label htmlFor={id} className="visually-hidden">Search the ranking by name or email</label>
        <input ref={input} id={id} type="search" className="input" placeholder="Search name or email (press /)"
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
