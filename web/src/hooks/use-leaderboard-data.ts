import { useCallback, useEffect, useRef, useState } from 'react';
import { DataLoadError, fetchBoard } from '../api.js';
import type { Board } from '../lib/board.js';
import { repoBoardBase, takeEarlyDataResponse } from '../early-fetch.js';

/** Where loading the data file stands. */
export type DataState =
  | { status: 'loading' }
  | { status: 'error'; message: string; /** No answer came: the server (not the data) is the likely fault. */ unreachable: boolean }
  | { status: 'ready'; board: Board };

/** What {@link useLeaderboardData} gives the page. */
export interface LeaderboardDataHandle {
  state: DataState;
  /** True while a fetch after the first one runs. */
  refreshing: boolean;
  /** Why the last re-fetch failed while data was already shown (that data stays); null otherwise. */
  refreshError: string | null;
  dismissRefreshError: () => void;
  /** Fetches the data file again without reloading the page; asked during a fetch, fetches once more after it. */
  refresh: () => Promise<void>;
  /** The repository asked for had no board (a stale link): the whole board is shown instead. */
  repoMissing: string | null;
}

/**
 * Loads the board (the index, else the whole data file; see fetchBoard) on mount, again on
 * `refresh`, and whenever `repo` changes (one repository's own board; null: all of them). A
 * refetch that returns the same text keeps the same board object, so the view (selected period)
 * only resets when the data really changed.
 */
export function useLeaderboardData(repo: string | null = null): LeaderboardDataHandle {
  const [state, setState] = useState<DataState>({ status: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const [repoMissing, setRepoMissing] = useState<string | null>(null);
  const lastText = useRef<string | null>(null);
  const inFlight = useRef(false);
  const mounted = useRef(true);

  const load = useCallback(async (signal?: AbortSignal, pending?: Promise<Response> | null) => {
    try {
      let loaded;
      try {
        loaded = await fetchBoard(signal, pending, repoBoardBase(repo));
        setRepoMissing(null);
      } catch (err) {
        if (!repo || signal?.aborted) throw err;
        // A link to a repository no longer on the board: show them all, and say so.
        loaded = await fetchBoard(signal, null, repoBoardBase(null));
        setRepoMissing(repo);
      }
      const { board, text } = loaded;
      if (signal?.aborted || !mounted.current) return;
      setRefreshError(null);
      if (text !== lastText.current) {
        lastText.current = text;
        setState({ status: 'ready', board });
      } else {
        setState((prev) => (prev.status === 'ready' ? prev : { status: 'ready', board }));
      }
    } catch (err) {
      if (signal?.aborted || !mounted.current) return;
      const message = err instanceof Error ? err.message : String(err);
      // A failed re-fetch (a blip, a file being rewritten) must not take away the data on screen.
      if (lastText.current !== null) {
        setRefreshError(message);
        return;
      }
      setState({ status: 'error', message, unreachable: err instanceof DataLoadError && err.unreachable });
    }
  }, [repo]);

  useEffect(() => {
    mounted.current = true;
    const controller = new AbortController();
    void load(controller.signal, takeEarlyDataResponse());
    return () => {
      mounted.current = false;
      controller.abort();
    };
  }, [load]);

  // A refresh asked for while one runs (say, right after an admin save) runs once more when it
  // ends: the running fetch may have read the file before the save.
  const again = useRef(false);
  const refresh = useCallback(async () => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    setRefreshing(true);
    try {
      do {
        again.current = false;
        await load();
      } while (again.current && mounted.current);
    } finally {
      inFlight.current = false;
      if (mounted.current) setRefreshing(false);
    }
  }, [load]);

  const dismissRefreshError = useCallback(() => setRefreshError(null), []);
  return { state, refreshing, refresh, refreshError, dismissRefreshError, repoMissing };
}
