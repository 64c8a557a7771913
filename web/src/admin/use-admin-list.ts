import { useCallback, useEffect, useRef, useState } from 'react';
import type { PrimaryAdmins, UpdateAdminsResponse } from '../../../src/shared/admin-api.js';
import { addAdmin, checkNewAdmin, removeAdmin } from './admins.js';
import { AdminApiError } from './api.js';
import { useBackend } from './backend-context.js';
import { createLatestSaver, type LatestSaver, type SaveOutcome } from './latest-saver.js';
import { confirmAction, type Notify } from './notify.js';
import { messageOf } from './use-admin-session.js';

/** The spec's delay between a change of the admin list and its save. */
export const ADMIN_SAVE_DELAY_MS = 100;

/** What {@link useAdminList} gives the admins section. */
export interface AdminListHandle {
  /** The list as edited (null until loaded). */
  admins: string[] | null;
  primary: PrimaryAdmins;
  loadError: string | null;
  /** True while a change waits for its save or is being saved. */
  saving: boolean;
  /** The pull request proposing the last saved list. */
  pullRequestUrl: string | null;
  /** Adds an entry; resolves to the validation message, or null when added. */
  add: (value: string) => string | null;
  /** Removes an entry after a confirmation. */
  /** False when the confirmation was declined. */
  remove: (value: string) => boolean;
}

interface Options {
  token: string;
  notify: Notify;
  onUnauthorized: () => void;
}

/**
 * The admin list from GET /api/admins. Each change shows at once and is saved (PUT /api/admins,
 * which opens a pull request) 100 ms after the last change, always with the latest list. A failed
 * save puts back the last list the server accepted.
 */
export function useAdminList({ token, notify, onUnauthorized }: Options): AdminListHandle {
  const [admins, setAdmins] = useState<string[] | null>(null);
  const [primary, setPrimary] = useState<PrimaryAdmins>({ email: null, login: null });
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [pullRequestUrl, setPullRequestUrl] = useState<string | null>(null);
  const confirmed = useRef<string[]>([]);
  const saver = useRef<LatestSaver<string[]> | null>(null);
  const backend = useBackend();

  useEffect(() => {
    let alive = true;
    backend.admins(token).then((res) => {
      if (!alive) return;
      confirmed.current = res.admins;
      setAdmins(res.admins);
      setPrimary(res.primary);
    }, (err: unknown) => {
      if (!alive) return;
      if (err instanceof AdminApiError && err.status === 401) onUnauthorized();
      else setLoadError(`Failed to load the admin list: ${messageOf(err)}`);
    });

    const onOutcome = (outcome: SaveOutcome<string[], UpdateAdminsResponse>) => {
      if (!alive) return;
      if (outcome.ok) {
        confirmed.current = outcome.result.admins;
        setPullRequestUrl(outcome.result.pullRequestUrl);
        if (outcome.settled) setAdmins(outcome.result.admins);
        notify({ type: 'success', message: outcome.result.message });
      } else if (outcome.error instanceof AdminApiError && outcome.error.status === 401) {
        onUnauthorized();
      } else {
        if (outcome.settled) setAdmins(confirmed.current);
        notify({ type: 'error', message: `Failed to save: ${messageOf(outcome.error)}` });
      }
      if (outcome.settled) setSaving(false);
    };
    const s = createLatestSaver((list: string[]) => backend.saveAdmins(token, list), onOutcome, ADMIN_SAVE_DELAY_MS);
    saver.current = s;
    // Leaving the page before a save has run: the browser asks first (it would be lost).
    const onLeave = (e: BeforeUnloadEvent) => {
      if (!s.busy()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onLeave);
    return () => {
      alive = false;
      window.removeEventListener('beforeunload', onLeave);
      // The panel closed within the save's delay: the change is saved now, not dropped (its outcome
      // has no panel to show in; the list shows it when opened again).
      s.flush();
    };
  }, [token, notify, onUnauthorized, backend]);

  const change = useCallback((next: string[]) => {
    setAdmins(next);
    setSaving(true);
    notify({ type: 'info', message: 'Saving the admin list...' });
    saver.current?.schedule(next);
  }, [notify]);

  const add = useCallback((value: string) => {
    if (!admins) return null;
    const error = checkNewAdmin(value, admins, primary);
    if (error) return error;
    change(addAdmin(admins, value));
    return null;
  }, [admins, primary, change]);

  const remove = useCallback((value: string) => {
    if (!admins) return false;
    if (!confirmAction(`Remove ${value} from the admins? The change is proposed as a pull request.`)) return false;
    change(removeAdmin(admins, value, primary));
    return true;
  }, [admins, primary, change]);

  return { admins, primary, loadError, saving, pullRequestUrl, add, remove };
}
