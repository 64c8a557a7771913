import { useEffect, useState } from 'react';
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
  /** The last fetch of the data failed (the page says why in a banner). */
  refreshFailed?: boolean;
  onRefresh: () => void;
}

/** How long 'Up to date' stays after a refresh asked for with the button. */
const CONFIRM_MS = 4000;

/**
 * Where a refresh asked for with the button stands: asked (the fetch not yet seen running),
 * running, done. A fetch of the local data file ends in milliseconds: 'Refreshing...' then only
 * flickers, and the data is often the same, so nothing else changes; 'Up to date' says it ran.
 */
type Check = 'idle' | 'asked' | 'running' | 'done';

/** Title, data age, auto-refresh status, the theme toggle, the refresh control and the Admin button. */
export function Header({ repository, lastUpdated, status, refreshing, refreshFailed = false, onRefresh }: HeaderProps) {
  useEffect(() => {
    document.title = repository ? `Contributor Leaderboard · ${repository}` : 'Contributor Leaderboard';
  }, [repository]);
  const [check, setCheck] = useState<Check>('idle');
  useEffect(() => {
    if (check === 'asked' && refreshing) setCheck('running');
    // A failed fetch is said by the page's error banner: no 'Up to date' beside it.
    else if (check === 'running' && !refreshing) setCheck(refreshFailed ? 'idle' : 'done');
  }, [check, refreshing, refreshFailed]);
  useEffect(() => {
    if (check !== 'done') return undefined;
    const t = setTimeout(() => setCheck('idle'), CONFIRM_MS);
    return () => clearTimeout(t);
  }, [check]);
  const refresh = () => {
    if (refreshing) return;
    setCheck('asked');
    onRefresh();
  };

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
          <button type="button" className="button" onClick={refresh} aria-disabled={refreshing || undefined}
            data-testid="refresh-button" aria-busy={refreshing}>
            <RefreshIcon width={16} height={16} className={refreshing ? 'spin' : undefined} />
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </button>
          {/* Always in the page, so a screen reader announces the text when it appears. */}
          <span className="refresh-done" role="status" data-testid="refresh-done">{check === 'done' ? 'Up to date' : ''}</span>
          {ADMIN && <AdminButton onDataChanged={onRefresh} />}
        </div>
      </div>
    </header>
  );
}
