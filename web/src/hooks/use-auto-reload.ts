import { useEffect, useRef } from 'react';
import type { StatusFile } from '../../../src/shared/status-file.js';

/**
 * Calls `reload` when the status file reports a new successful refresh (its timestamp changed
 * since the last poll), so an open page follows the server's auto-refresh without a click.
 */
export function useAutoReload(status: StatusFile | null, reload: () => void): void {
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!status) return;
    const previous = seen.current;
    seen.current = status.timestamp;
    if (previous !== null && previous !== status.timestamp && status.success) reload();
  }, [status, reload]);
}
