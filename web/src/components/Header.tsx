import { useEffect } from 'react';
import type { StatusFile } from '../../../src/shared/status-file.js';
import { AdminButton } from './AdminButton.js';
import { DataGenerated } from './DataGenerated.js';
import { RefreshIcon, TrophyIcon } from './Icons.js';
import { RefreshStatus } from './RefreshStatus.js';
import { ThemeToggle } from './ThemeToggle.js';
import { hasAdmin, isPublishedSite } from '../lib/site-mode.js';

// Read once: the marker is in the served index.html and never changes while the page runs.
const PUBLISHED = isPublishedSite();
const ADMIN = hasAdmin();

interface HeaderProps {
  repository: string | null;
  lastUpdated: string;
  status: StatusFile | null;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Title, data age, auto-refresh status, the theme toggle, the refresh control and the Admin button. */
export function Header({ repository, lastUpdated, status, refreshing, onRefresh }: HeaderProps) {
  useEffect(() => {
    document.title = repository ? `Contributor Leaderboard · ${repository}` : 'Contributor Leaderboard';
  }, [repository]);

  return (
    <header className="site-header" data-testid="header">
      <div className="container header-inner">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true"><TrophyIcon width={24} height={24} /></span>
          <div className="brand-text">
            <h1 className="title" data-testid="page-title">
              Contributor Leaderboard
              {repository && <span className="title-repo" data-testid="repository-name">{repository}</span>}
            </h1>
            <p className="header-meta">
              <DataGenerated lastUpdated={lastUpdated} />
              <RefreshStatus status={status} published={PUBLISHED} />
            </p>
          </div>
        </div>
        <div className="header-actions">
          <ThemeToggle />
          {/* Not disabled while refreshing: a disabled button lets go of the focus (to the page's start). */}
          <button type="button" className="button" onClick={() => { if (!refreshing) onRefresh(); }} aria-disabled={refreshing || undefined}
            data-testid="refresh-button" aria-busy={refreshing}>
            <RefreshIcon width={16} height={16} className={refreshing ? 'spin' : undefined} />
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </button>
          {ADMIN && <AdminButton onDataChanged={onRefresh} />}
        </div>
      </div>
    </header>
  );
}
