import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminApiError } from './api.js';
import { useBackend } from './backend-context.js';
import type { ContributionsRead, PendingPullRequest } from './backend.js';
import type { ContributorsMap } from './contributions.js';
import { holdsChange } from './merge.js';
import type { Banner, Notify } from './notify.js';
import { messageOf } from './use-admin-session.js';

/** What {@link useManualContributions} gives the panel. */
export interface ManualContributionsHandle {
  /** Null until loaded (or when loading failed). */
  contributors: ContributorsMap | null;
  /** A published site with changes waiting in a pull request: it, and the contributors as published. */
  pending: { pullRequest: PendingPullRequest; published: ContributorsMap } | null;
  loading: boolean;
  saving: boolean;
  /** True after a save was refused because someone else saved first: the list must be reloaded. */
  conflict: boolean;
  reload: () => Promise<void>;
  /** Reload after a refused save: the banner that asked for it then says the list is current. */
  reloadLatest: () => Promise<void>;
  /**
   * Saves the whole map; resolves to true when it was saved. `from`: a form (which keeps what was
   * typed when the save fails) or a deletion (a button: nothing kept), for what a refusal says.
   */
  save: (next: ContributorsMap, done: string, from?: SaveFrom) => Promise<boolean>;
}

/** Where a save comes from: a form keeps what was typed after a refusal; a deletion must be made again. */
export type SaveFrom = 'form' | 'deletion';

/** What the page says after a refused save, and after the reload it asks for, by {@link SaveFrom}. */
const AFTER_REFUSAL: Record<SaveFrom, { hint: string; reloaded: string }> = {
  form: {
    hint: 'Reload the contributions to see the latest version: the form keeps what you typed, to save again.',
    reloaded: 'The form keeps what you typed where it still applies: check it and save again.',
  },
  deletion: {
    hint: 'Reload the contributions to see the latest version, then delete again where it still applies.',
    reloaded: 'Delete again where it still applies.',
  },
};

interface Options {
  token: string;
  notify: Notify;
  /** The token was refused mid-session. */
  onUnauthorized: () => void;
  /** A save went through: the page's data should be fetched again. */
  onSaved: () => void;
}

/**
 * The manual contributions with the version they were read at. Every save sends the whole map
 * with that version, so a save over someone else's newer one is refused (the local server: 409)
 * or re-applied on top of it (GitHub) instead of losing it.
 */
export function useManualContributions({ token, notify, onUnauthorized, onSaved }: Options): ManualContributionsHandle {
  // What was read (or saved) last: the contributors, their version, and any pending pull request.
  const [read, setRead] = useState<ContributionsRead | null>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  // What the refused save came from: the reload's message says what to do next.
  const refused = useRef<SaveFrom>('form');
  const alive = useRef(true);
  const backend = useBackend();

  const fail = useCallback((err: unknown, banner: (message: string) => Banner) => {
    if (err instanceof AdminApiError && err.status === 401) onUnauthorized();
    else notify(banner(messageOf(err)));
  }, [notify, onUnauthorized]);

  /** Reads the contributions; true when they were read. */
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const fresh = await backend.manualContributions(token);
      if (!alive.current) return false;
      setRead(fresh);
      setConflict(false);
      return true;
    } catch (err) {
      if (alive.current) fail(err, (m) => ({ type: 'error', message: 'Failed to load contributors', hint: m }));
      return false;
    } finally {
      if (alive.current) setLoading(false);
    }
  }, [token, fail, backend]);
  const reload = useCallback(async () => {
    await load();
  }, [load]);
  // The 'Failed to save' banner stayed after the reload it asked for, as if the list were still stale.
  // What to do next: a form kept what was typed (and follows the reload), a deletion is to be made again.
  const reloadLatest = useCallback(async () => {
    if (await load()) notify({ type: 'info', message: `Reloaded the contributions: they are the latest version. ${AFTER_REFUSAL[refused.current].reloaded}` });
  }, [load, notify]);

  useEffect(() => {
    alive.current = true;
    void reload();
    return () => {
      alive.current = false;
    };
  }, [reload]);

  // Saves started; a quiet re-read is dropped when another save started meanwhile.
  const saves = useRef(0);
  // Null when it failed (what was read stays, and the save's error is shown) or another save started.
  const rereadQuietly = useCallback(async (): Promise<ContributionsRead | null> => {
    const at = saves.current;
    try {
      const fresh = await backend.manualContributions(token);
      return alive.current && at === saves.current ? fresh : null;
    } catch {
      return null;
    }
  }, [token, backend]);
  const where = backend.kind === 'github' ? 'GitHub' : 'the leaderboard server';

  const save = useCallback(async (next: ContributorsMap, done: string, from: SaveFrom = 'form') => {
    saves.current += 1;
    setSaving(true);
    notify({ type: 'info', message: 'Saving...' });
    const base = read ?? { contributors: {}, version: null };
    try {
      const saved = await backend.saveManualContributions(token, next, base, done);
      if (!alive.current) return false;
      setRead(saved);
      // A save that went through was made on the current file: no reload is called for any more.
      setConflict(false);
      notify({ type: 'success', message: done, hint: [saved.notice, saved.message].filter(Boolean).join(' ') });
      onSaved();
      // No version in the answer: read it, so the next save is still guarded.
      if (saved.version === null) void reload();
      return true;
    } catch (err) {
      if (!alive.current) return false;
      const status = err instanceof AdminApiError ? err.status : null;
      const stale = status === 409;
      if (!stale && status !== 401) {
        // The failure may have come after the change was taken (an answer lost on the way back):
        // read again, so the list shows it and a retry starts from the current file. When the
        // change is there, it was saved: the form closes (left open, it invited a retry that made
        // the change twice) and the banner says so.
        const fresh = await rereadQuietly();
        if (!alive.current) return false;
        if (fresh) setRead(fresh);
        if (fresh && holdsChange(base.contributors, next, fresh.contributors)) {
          setConflict(false);
          const how = status === 0 ? 'before the connection dropped' : `although the answer was an error (${messageOf(err)})`;
          notify({ type: 'success', message: `Saved: the change reached ${where} ${how}.`, hint: `${done}.` });
          onSaved();
          return true;
        }
      }
      if (stale) {
        refused.current = from;
        setConflict(true);
      }
      fail(err, (m) => ({ type: 'error', message: `Failed to save: ${m}`, hint: stale ? AFTER_REFUSAL[from].hint : undefined }));
      return false;
    } finally {
      if (alive.current) setSaving(false);
    }
  }, [token, notify, onSaved, fail, reload, rereadQuietly, backend, read, where]);

  return { contributors: read?.contributors ?? null, pending: read?.pending ?? null, loading, saving, conflict, reload, reloadLatest, save };
}
