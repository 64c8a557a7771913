import { useId, useState } from 'react';
import { AdminApiError, exportManualContributions, pullAndRefresh } from './api.js';
import { confirmAction, type Notify } from './notify.js';
import { messageOf } from './use-admin-session.js';

interface MaintenanceSectionProps {
  token: string;
  notify: Notify;
  onUnauthorized: () => void;
  /** The data was pulled and refreshed. */
  onPulled: () => void;
}

const PULL_HINT = 'Make sure the local API server is running.';

/** Hands a file to the browser's download. */
function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Export Backup (download of the manual contributions) and Pull & Refresh. */
export function MaintenanceSection({ token, notify, onUnauthorized, onPulled }: MaintenanceSectionProps) {
  const [busy, setBusy] = useState<'export' | 'pull' | null>(null);
  const id = useId();

  const failed = (err: unknown, banner: () => void) => {
    if (err instanceof AdminApiError && err.status === 401) onUnauthorized();
    else banner();
  };

  const exportBackup = async () => {
    setBusy('export');
    try {
      const { blob, fileName } = await exportManualContributions(token);
      download(blob, fileName);
      notify({ type: 'success', message: `Exported ${fileName}` });
    } catch (err) {
      failed(err, () => notify({ type: 'error', message: `Failed to export: ${messageOf(err)}` }));
    } finally {
      setBusy(null);
    }
  };

  const pull = async () => {
    if (!confirmAction('Pull the latest commits from the upstream repository and refresh the leaderboard?\n\nThis takes 30-60 seconds.')) return;
    setBusy('pull');
    notify({ type: 'info', message: 'Pulling and refreshing...', hint: 'This takes 30-60 seconds.' });
    try {
      const res = await pullAndRefresh(token);
      if (res.success) {
        const commit = res.latestCommit ? ` Latest commit ${res.latestCommit.slice(0, 7)}.` : '';
        notify({ type: 'success', message: 'Pulled and refreshed the leaderboard.', hint: commit.trim() || undefined });
      } else {
        notify({ type: 'error', message: `Failed to pull and refresh: ${res.error ?? 'unknown error'}`, hint: PULL_HINT });
      }
      onPulled();
    } catch (err) {
      failed(err, () => notify({ type: 'error', message: `Failed to pull and refresh: ${messageOf(err)}`, hint: PULL_HINT }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="admin-section" aria-labelledby={`${id}-title`} data-testid="maintenance-section">
      <div className="admin-section-head">
        <h3 className="admin-section-title" id={`${id}-title`}>Backup and Data</h3>
      </div>
      <p className="admin-help">
        Export Backup downloads the manual contributions as JSON. Pull &amp; Refresh updates the repository from its upstream
        and rebuilds the leaderboard (30-60 seconds).
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => void exportBackup()} disabled={busy !== null}
          aria-busy={busy === 'export'} data-testid="export-button">
          {busy === 'export' ? 'Exporting...' : 'Export Backup'}
        </button>
        <button type="button" className="button" onClick={() => void pull()} disabled={busy !== null}
          aria-busy={busy === 'pull'} data-testid="pull-refresh-button">
          {busy === 'pull' ? 'Pulling...' : 'Pull & Refresh'}
        </button>
      </div>
    </section>
  );
}
