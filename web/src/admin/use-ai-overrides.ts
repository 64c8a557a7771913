import { useCallback, useEffect, useRef, useState } from 'react';
import type { AiOverride } from '../../../src/shared/ai-overrides.js';
import { shortHash } from './ai-overrides.js';
import { AdminApiError } from './api.js';
import { useBackend } from './backend-context.js';
import type { AiOverridesRead } from './backend.js';
import { confirmAction, type Banner, type Notify } from './notify.js';
import { messageOf } from './use-admin-session.js';

/** What {@link useAiOverrides} gives the overrides section. */
export interface AiOverridesHandle {
  /** Null until loaded (or when loading failed). */
  overrides: AiOverride[] | null;
  /** A published site with changes waiting in a pull request: it, and the overrides as published. */
  pending: AiOverridesRead['pending'];
  loadError: string | null;
  /** True while a save or a removal runs. */
  busy: boolean;
  /** Sets the override of one commit; resolves to true when it was saved. */
  save: (input: { commit: string; score: number; note: string }) => Promise<boolean>;
  /** Removes the override of one commit after a confirmation. */
  remove: (override: AiOverride) => Promise<void>;
}

interface Options {
  token: string;
  notify: Notify;
  /** The token was refused mid-session. */
  onUnauthorized: () => void;
  /** An override was saved or removed: the page's data should be fetched again. */
  onChanged: () => void;
}

/**
 * The AI score overrides from GET /api/ai-overrides. A save (PUT) or a removal (DELETE) rebuilds
 * the leaderboards on the server; the list is then read again and the page told to fetch its data.
 */
export function useAiOverrides({ token, notify, onUnauthorized, onChanged }: Options): AiOverridesHandle {
  const [overrides, setOverrides] = useState<AiOverride[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<AiOverridesRead['pending']>(null);
  const alive = useRef(true);
  const backend = useBackend();

  const fail = useCallback((err: unknown, banner: (message: string) => Banner) => {
    if (err instanceof AdminApiError && err.status === 401) onUnauthorized();
    else notify(banner(messageOf(err)));
  }, [notify, onUnauthorized]);

  const reload = useCallback(async () => {
    try {
      const res = await backend.aiOverrides(token);
      if (!alive.current) return;
      setOverrides(res.overrides);
      setPending(res.pending ?? null);
      setLoadError(null);
    } catch (err) {
      if (!alive.current) return;
      if (err instanceof AdminApiError && err.status === 401) onUnauthorized();
      else setLoadError(`Failed to load the AI score overrides: ${messageOf(err)}`);
    }
  }, [token, onUnauthorized, backend]);

  useEffect(() => {
    alive.current = true;
    void reload();
    return () => {
      alive.current = false;
    };
  }, [reload]);

  const save = useCallback(async (input: { commit: string; score: number; note: string }) => {
    setBusy(true);
    notify({ type: 'info', message: 'Saving the AI score override...' });
    try {
      const res = await backend.setAiOverride(token, input.commit, { score: input.score, note: input.note });
      if (!alive.current) return false;
      // Shown at once; the read below brings the list in the server's order.
      setOverrides((list) => [res.override, ...(list ?? []).filter((o) => o.hash !== res.override.hash)]);
      notify({ type: 'success', message: res.message, hint: res.notice });
      onChanged();
      void reload();
      return true;
    } catch (err) {
      if (alive.current) fail(err, (m) => ({ type: 'error', message: `Failed to save: ${m}` }));
      return false;
    } finally {
      if (alive.current) setBusy(false);
    }
  }, [token, notify, onChanged, fail, reload, backend]);

  const remove = useCallback(async (override: AiOverride) => {
    const short = shortHash(override.hash);
    if (!confirmAction(`Remove the AI score override of commit ${short}? Its AI score goes back to the scorer's.`)) return;
    setBusy(true);
    notify({ type: 'info', message: 'Removing the AI score override...' });
    try {
      const res = await backend.removeAiOverride(token, override.hash);
      if (!alive.current) return;
      setOverrides((list) => (list ?? []).filter((o) => o.hash !== override.hash));
      notify({ type: 'success', message: res.message, hint: res.notice });
      onChanged();
      void reload();
    } catch (err) {
      if (!alive.current) return;
      fail(err, (m) => ({ type: 'error', message: `Failed to remove: ${m}` }));
      // A 404: someone else removed it already; show the list as it is.
      if (err instanceof AdminApiError && err.status === 404) void reload();
    } finally {
      if (alive.current) setBusy(false);
    }
  }, [token, notify, onChanged, fail, reload, backend]);

  return { overrides, pending, loadError, busy, save, remove };
}
