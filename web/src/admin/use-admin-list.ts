import { useCallback, useEffect, useRef, useState } from 'react';
import type { PrimaryAdmins, UpdateAdminsRequest, UpdateAdminsResponse } from '../../../src/shared/admin-api.js';
import { applyAdminChange } from '../../../src/shared/admin-rules.js';
import { checkNewAdmin, isPrimary } from './admins.js';
import { AdminApiError } from './api.js';
import { useBackend } from './backend-context.js';
import { createLatestSaver, type LatestSaver, type SaveOutcome } from './latest-saver.js';
import { guardLeaving } from './leave-guard.js';
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

/** What this admin asked for, entry by entry (latest wins), keyed case-insensitively. */
type Intents = ReadonlyMap<string, { entry: string; op: 'add' | 'remove' }>;

const keyOf = (entry: string) => entry.trim().toLowerCase();

/** A change as sent: both lists present. */
type Change = Required<UpdateAdminsRequest>;

/** The change to send: every entry asked for, as an addition or a removal. */
export function changeOf(intents: Intents): Change {
  const all = [...intents.values()];
  return { add: all.filter((i) => i.op === 'add').map((i) => i.entry), remove: all.filter((i) => i.op === 'remove').map((i) => i.entry) };
}

/** `intents` less those `published` (the default branch's list) already satisfies: done, they must not outlive it. */
export function pendingIntents(intents: Intents, published: readonly string[]): Intents {
  const listed = new Set(published.map(keyOf));
  return new Map([...intents].filter(([k, i]) => (i.op === 'add') !== listed.has(k)));
}

/**
 * The admin list from GET /api/admins. Each change shows at once and is saved (PUT /api/admins,
 * which opens a pull request) 100 ms after the last change. What is sent is this admin's change
 * (entries added and removed), never the whole list: it is re-applied to the list as it stands on
 * the default branch, so an admin someone else added meanwhile is kept. The list shown is the
 * default branch's with the change applied. A failed save puts back the last change accepted.
 */
export function useAdminList({ token, notify, onUnauthorized }: Options): AdminListHandle {
  const [admins, setAdmins] = useState<string[] | null>(null);
  const [primary, setPrimary] = useState<PrimaryAdmins>({ email: null, login: null });
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [pullRequestUrl, setPullRequestUrl] = useState<string | null>(null);
  const published = useRef<string[]>([]);
  const intents = useRef<Intents>(new Map());
  const confirmed = useRef<Intents>(new Map());
  const primaryRef = useRef(primary);
  const saver = useRef<LatestSaver<Change> | null>(null);
  const backend = useBackend();

  useEffect(() => {
    let alive = true;
    const show = () => setAdmins(applyAdminChange(published.current, changeOf(intents.current), primaryRef.current));
    backend.admins(token).then((res) => {
      if (!alive) return;
      published.current = res.admins;
      primaryRef.current = res.primary;
      setPrimary(res.primary);
      show();
    }, (err: unknown) => {
      if (!alive) return;
      if (err instanceof AdminApiError && err.status === 401) onUnauthorized();
      else setLoadError(`Failed to load the admin list: ${messageOf(err)}`);
    });

    const onOutcome = (outcome: SaveOutcome<Change, UpdateAdminsResponse>) => {
      if (!alive) return;
      if (outcome.ok) {
        const { result } = outcome;
        published.current = result.published;
        intents.current = pendingIntents(intents.current, result.published);
        confirmed.current = pendingIntents(intentsOf(outcome.value), result.published);
        setPullRequestUrl(result.pullRequestUrl || null);
        if (outcome.settled) show();
        notify({ type: result.pullRequestUrl ? 'success' : 'info', message: result.message });
      } else if (outcome.error instanceof AdminApiError && outcome.error.status === 401) {
        onUnauthorized();
      } else {
        if (outcome.settled) {
          intents.current = confirmed.current;
          show();
        }
        notify({ type: 'error', message: `Failed to save: ${messageOf(outcome.error)}` });
      }
      if (outcome.settled) setSaving(false);
    };
    const s = createLatestSaver((change: Change) => backend.saveAdmins(token, change), onOutcome, ADMIN_SAVE_DELAY_MS);
    saver.current = s;
    // Leaving the page before a save has run: the browser asks first (it would be lost).
    const unguard = guardLeaving(() => s.busy());
    return () => {
      alive = false;
      unguard();
      // The panel closed within the save's delay: the change is saved now, not dropped (its outcome
      // has no panel to show in; the list shows it when opened again).
      s.flush();
    };
  }, [token, notify, onUnauthorized, backend]);

  const change = useCallback((entry: string, op: 'add' | 'remove') => {
    const next = new Map(intents.current);
    next.set(keyOf(entry), { entry: entry.trim(), op });
    intents.current = next;
    setAdmins(applyAdminChange(published.current, changeOf(next), primaryRef.current));
    setSaving(true);
    notify({ type: 'info', message: 'Saving the admin list...' });
    saver.current?.schedule(changeOf(next));
  }, [notify]);

  const add = useCallback((value: string) => {
    if (!admins) return null;
    const error = checkNewAdmin(value, admins, primary);
    if (error) return error;
    change(value, 'add');
    return null;
  }, [admins, primary, change]);

  const remove = useCallback((value: string) => {
    if (!admins || isPrimary(primary, value)) return false;
    if (!confirmAction(`Remove ${value} from the admins? The change is proposed as a pull request.`)) return false;
    change(value, 'remove');
    return true;
  }, [admins, primary, change]);

  return { admins, primary, loadError, saving, pullRequestUrl, add, remove };
}

/** The intents a sent change stands for. */
function intentsOf(change: Change): Intents {
  const out = new Map<string, { entry: string; op: 'add' | 'remove' }>();
  for (const entry of change.add) out.set(keyOf(entry), { entry, op: 'add' });
  for (const entry of change.remove) out.set(keyOf(entry), { entry, op: 'remove' });
  return out;
}
