import type { StatusFile } from '../../../src/shared/status-file.js';
import { formatExactTime } from '../lib/relative-time.js';

/**
 * The auto-refresh outcome: green 'Live updates every 15min' after a successful refresh, red
 * 'Auto-refresh error' (the error as tooltip) after a failed one, nothing without a status file.
 */
export function RefreshStatus({ status }: { status: StatusFile | null }) {
  if (!status) return null;
  if (status.success) {
    return (
      <span className="refresh-status refresh-status-ok" data-testid="refresh-status" data-state="ok"
        title={`Last refresh: ${formatExactTime(status.timestamp)}`}>
        <span className="status-dot" aria-hidden="true" />
        Live updates every 15min
      </span>
    );
  }
  return (
    <span className="refresh-status refresh-status-error" data-testid="refresh-status" data-state="error"
      title={status.error ?? 'The last auto-refresh failed'}>
      <span className="status-dot" aria-hidden="true" />
      Auto-refresh error
    </span>
  );
}
