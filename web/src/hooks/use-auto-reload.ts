import { useEffect, useRef } from 'react';
import type { StatusFile } from '../../../src/shared/status-file.js';

/**
 * Calls `reload` when the status file reports a new successful refresh (its timestamp changed
 * since the last poll) or a board rebuilt after a manual change (`rebuiltAt`, newer than the
 * board shown), so an open page follows the server's auto-refresh without a click. The
 * first status read is taken as the data shown, unless it names another commit than the data's
 * `head`: a refresh that landed between the page's data read and its first status read, which
 * the page otherwise showed stale until the next refresh.
 */
export function useAutoReload(status: StatusFile | null, reload: () => void, head: string | null = null, lastUpdated: string | null = null): void {
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!status) return;
    const previous = seen.current;
    seen.current = status.timestamp;
    // A board rebuilt after a manual change (in another tab, or from the shell) does not touch the
    // refresh's time: read again when it is newer than the board shown (this tab's own save
    // showed its board already).
    if (status.rebuiltAt !== undefined && lastUpdated !== null && Date.parse(status.rebuiltAt) > Date.parse(lastUpdated)) return reload();
    if (!status.success) return;
    if (previous !== null ? previous !== status.timestamp : head !== null && status.latestCommit != null && status.latestCommit !== head) reload();
  }, [status, reload, head, lastUpdated]);
}
