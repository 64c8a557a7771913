import { useCallback, useEffect, useState } from 'react';
import type { StatusFile } from '../../../src/shared/status-file.js';
import { fetchRefreshStatus } from '../api.js';

/** How often `last-update.json` is read again. */
export const STATUS_POLL_MS = 30_000;

/**
 * The last auto-refresh outcome, read on mount and every 30 seconds; null while unknown or when
 * the file is missing. `reload` reads it at once (after a manual refresh).
 */
export function useRefreshStatus(): { status: StatusFile | null; reload: () => void } {
  const [status, setStatus] = useState<StatusFile | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void fetchRefreshStatus(controller.signal).then((s) => {
      if (!controller.signal.aborted) setStatus(s);
    });
    const timer = window.setTimeout(() => setTick((t) => t + 1), STATUS_POLL_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { status, reload };
}
