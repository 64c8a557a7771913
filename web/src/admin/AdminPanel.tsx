import { useCallback, useState } from 'react';
import { sessionRefreshes, type SessionResponse } from '../../../src/shared/admin-api.js';
import { StatusBanner } from '../components/StatusBanner.js';
import { AdminsSection } from './AdminsSection.js';
import { AiOverridesSection } from './AiOverridesSection.js';
import { useBackend } from './backend-context.js';
import { ContributionsSection } from './ContributionsSection.js';
import { MaintenanceSection } from './MaintenanceSection.js';
import { NewContributorForm } from './NewContributorForm.js';
import { PendingNotice } from './PendingNotice.js';
import type { Banner } from './notify.js';
import { useAdminList } from './use-admin-list.js';
import { useAiOverrides } from './use-ai-overrides.js';
import { useManualContributions } from './use-manual-contributions.js';

interface AdminPanelProps {
  token: string;
  session: SessionResponse;
  onLogout: () => void;
  /** The server refused the token mid-session. */
  onUnauthorized: () => void;
  onDataChanged: () => void;
}

/**
 * The signed-in admin's panel: one status banner for every action, then the manual
 * contributions, the new-contributor form, the AI score overrides, the admin list, and backup /
 * pull-and-refresh.
 */
export function AdminPanel({ token, session, onLogout, onUnauthorized, onDataChanged }: AdminPanelProps) {
  const [banner, setBanner] = useState<Banner | null>(null);
  const notify = useCallback((b: Banner) => setBanner(b), []);
  // A local server rebuilds the board on each save; a published board changes only once the
  // workflow has run (Pull & Refresh), so reading its data again after a save would be wasted.
  const onSaved = useBackend().kind === 'local' ? onDataChanged : ignore;
  const contributions = useManualContributions({ token, notify, onUnauthorized, onSaved });
  const adminList = useAdminList({ token, notify, onUnauthorized });
  const aiOverrides = useAiOverrides({ token, notify, onUnauthorized, onChanged: onSaved });
  const { reload } = contributions;
  const onPulled = useCallback(() => {
    onDataChanged();
    void reload();
  }, [onDataChanged, reload]);

  const { login, email } = session.user;
  const pullRequest = contributions.pending?.pullRequest ?? aiOverrides.pending?.pullRequest ?? null;
  return (
    <div className="admin-panel" data-testid="admin-panel">
      <div className="admin-panel-top">
        <p className="admin-who" data-testid="signed-in-as">
          Signed in as <strong>{login}</strong>{email && <> ({email})</>} · <span className="admin-repo">{session.repository}</span>
        </p>
        <button type="button" className="button" onClick={onLogout} data-testid="logout-button">Logout</button>
      </div>
      <div className="admin-banner-slot" aria-live="polite">
        {banner && <StatusBanner type={banner.type} message={banner.message} hint={banner.hint} link={banner.link} onDismiss={() => setBanner(null)} />}
      </div>
      {pullRequest && <PendingNotice pullRequest={pullRequest} />}
      <ContributionsSection handle={contributions} />
      {contributions.contributors && (
        <NewContributorForm contributors={contributions.contributors} saving={contributions.saving} onSave={contributions.save} />
      )}
      <AiOverridesSection handle={aiOverrides} />
      <AdminsSection handle={adminList} />
      <MaintenanceSection token={token} notify={notify} onUnauthorized={onUnauthorized} onPulled={onPulled} refreshes={sessionRefreshes(session)}
        pending={pullRequest} />
    </div>
  );
}

const ignore = () => undefined;
