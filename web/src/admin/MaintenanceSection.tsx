import { useEffect, useId, useRef, useState } from 'react';
import { fetchBoard } from '../api.js';
import { AdminApiError } from './api.js';
import { useBackend } from './backend-context.js';
import type { PendingPullRequest, RefreshProgress } from './backend.js';
import { confirmAction, type Notify } from './notify.js';
import { messageOf } from './use-admin-session.js';

interface MaintenanceSectionProps {
  token: string;
  notify: Notify;
  onUnauthorized: () => void;
  /** The data was pulled and refreshed. */
  onPulled: () => void;
  /** Whether the back end pulls and refreshes (false on `serve --no-refresh`; see sessionRefreshes). */
  refreshes: boolean;
  /** A published site's changes waiting in a pull request: a run publishes the default branch, without them. */
  pending?: PendingPullRequest | null;
}

const PULL_HINT = 'Make sure the local API server is running.';
/** The hint only fits when the server was not reached; an answer carries its own reason. */
const pullHint = (err: unknown) => (err instanceof AdminApiError && err.status === 0 ? PULL_HINT : undefined);

/** The workflow run's status in words, e.g. 'in_progress' -> 'in progress'. */
const runStatus = (status: string) => status.replace(/_/g, ' ');
const runLink = (url: string | null | undefined) => (url ? { href: url, label: 'View the workflow run' } : undefined);

/**
 * When the board the page reads was made (its last_updated), as a visitor gets it now; null when
 * it cannot be read. A run that succeeded has not always published yet: GitHub Pages deploys
 * after it, and its CDN may serve the old file for minutes.
 */
async function publishedAt(signal: AbortSignal): Promise<number | null> {
  try {
    const at = Date.parse((await fetchBoard(signal)).board.last_updated);
    return Number.isNaN(at) ? null : at;
  } catch {
    return null;
  }
}

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
export function MaintenanceSection({ token, notify, onUnauthorized, onPulled, refreshes: serverRefreshes, pending = null }: MaintenanceSectionProps) {
  const [busy, setBusy] = useState<'export' | 'pull' | null>(null);
  const id = useId();
  const backend = useBackend();
  const github = backend.kind === 'github';
  // A server that answered a pull with NO_REFRESH (its session may be older than the restart) is off too.
  const [answeredOff, setAnsweredOff] = useState(false);
  const refreshes = serverRefreshes && !answeredOff;
  // Following a workflow run ends with the panel (closed, or logged out).
  const following = useRef<AbortController | null>(null);
  useEffect(() => () => following.current?.abort(), []);

  const failed = (err: unknown, banner: () => void) => {
    if (err instanceof AdminApiError && err.status === 401) onUnauthorized();
    else banner();
  };

  const exportBackup = async () => {
    setBusy('export');
    try {
      const { blob, fileName, source } = await backend.exportManualContributions(token);
      download(blob, fileName);
      notify({ type: 'success', message: `Exported ${fileName}`, hint: source ? `Read from ${source}.` : undefined });
    } catch (err) {
      failed(err, () => notify({ type: 'error', message: `Failed to export: ${messageOf(err)}` }));
    } finally {
      setBusy(null);
    }
  };

  const pull = () => (github ? runWorkflow() : pullLocal());

  const pullLocal = async () => {
    if (!confirmAction('Pull the latest commits from the upstream repository and refresh the leaderboard?\n\nThis takes 30-60 seconds.')) return;
    setBusy('pull');
    notify({ type: 'info', message: 'Pulling and refreshing...', hint: 'This takes 30-60 seconds.' });
    try {
      const res = await backend.pullAndRefresh(token, () => undefined);
      if (res.success) {
        const commit = res.latestCommit ? ` Latest commit ${res.latestCommit.slice(0, 7)}.` : '';
        notify({ type: 'success', message: 'Pulled and refreshed the leaderboard.', hint: commit.trim() || undefined });
      } else {
        notify({ type: 'error', message: `Failed to pull and refresh: ${res.error ?? 'unknown error'}`, hint: res.hint });
      }
      onPulled();
    } catch (err) {
      if (err instanceof AdminApiError && err.code === 'NO_REFRESH') setAnsweredOff(true);
      failed(err, () => notify({ type: 'error', message: `Failed to pull and refresh: ${messageOf(err)}`, hint: pullHint(err) }));
    } finally {
      setBusy(null);
    }
  };

  // A published site: the leaderboard workflow pulls, rebuilds and deploys; the page follows its run.
  const runWorkflow = async () => {
    if (!confirmAction('Run the leaderboard workflow on GitHub to pull the latest commits and publish the board again?\n\nThis takes a few minutes.')) return;
    setBusy('pull');
    notify({ type: 'info', message: 'Refreshing...', hint: 'Starting the leaderboard workflow.' });
    const onProgress = ({ status, url }: RefreshProgress) =>
      notify({ type: 'info', message: 'Refreshing...', hint: `Workflow run ${runStatus(status)}.`, link: runLink(url) });
    try {
      following.current = new AbortController();
      const { signal } = following.current;
      // What the board was made from before the run: the new data is there once this moves.
      const before = await publishedAt(signal);
      const res = await backend.pullAndRefresh(token, onProgress, signal);
      if (signal.aborted) return;
      if (res.success) {
        const after = await publishedAt(signal);
        if (signal.aborted) return;
        const waiting = pending ? ` Changes waiting in pull request #${pending.number} are not on it until it is merged.` : '';
        // The run's success said the board shows the new data while the old file was still served.
        if (before !== null && after !== null && after > before) {
          notify({ type: 'success', message: 'Refreshed: the board shows the new data.', hint: `The workflow run succeeded.${waiting}`, link: runLink(res.url) });
        } else {
          notify({
            type: 'info',
            message: 'The workflow run succeeded: the board shows the new data once GitHub Pages has published it.',
            hint: `That can take a few minutes: this page loads it by itself then (or reload the page later).${waiting}`,
            link: runLink(res.url),
          });
        }
        onPulled();
      } else {
        notify({ type: 'error', message: `Failed to refresh: ${res.error ?? 'unknown error'}`, link: runLink(res.url) });
      }
    } catch (err) {
      failed(err, () => notify({ type: 'error', message: `Failed to refresh: ${messageOf(err)}` }));
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
        {github
          ? <>Export Backup downloads the manual contributions as JSON. Pull &amp; Refresh runs the leaderboard workflow on GitHub,
            which pulls the latest commits and publishes the board again (a few minutes).</>
          : refreshes
            ? <>Export Backup downloads the manual contributions as JSON. Pull &amp; Refresh updates the repository from its upstream
              and rebuilds the leaderboard (30-60 seconds).</>
            : <>Export Backup downloads the manual contributions as JSON.</>}
      </p>
      {!refreshes && (
        <p className="admin-help" id={`${id}-pull-off`} data-testid="pull-refresh-off">
          Pull &amp; Refresh is off: this server was started with <code>--no-refresh</code>. To update the board,
          restart <code>leaderboard serve</code> without <code>--no-refresh</code>,
          or run <code>leaderboard refresh --pull</code> with the same <code>--data-dir</code> in a shell.
        </p>
      )}
      <div className="form-actions">
        {/* Busy, not disabled: a disabled button lets go of the focus (out of the panel). */}
        <button type="button" className="button" onClick={() => { if (busy === null) void exportBackup(); }} aria-disabled={busy !== null || undefined}
          aria-busy={busy === 'export'} data-testid="export-button">
          {busy === 'export' ? 'Exporting...' : 'Export Backup'}
        </button>
        <button type="button" className="button" onClick={() => { if (busy === null) void pull(); }} disabled={!refreshes} aria-disabled={busy !== null || undefined}
          aria-busy={busy === 'pull'} aria-describedby={refreshes ? undefined : `${id}-pull-off`} data-testid="pull-refresh-button">
          {busy === 'pull' ? 'Refreshing...' : 'Pull & Refresh'}
        </button>
      </div>
    </section>
  );
}
