import { createContext, useCallback, useContext, useRef, useState } from 'react';

/**
 * What the admin typed in the panel's forms, by form, for as long as the modal is open. A token
 * refused mid-session takes the panel away (back to the login view); signing in again as the same
 * account gives every form back as it was. Signing in as another account, or Logout, forgets it
 * (the spec: Logout clears all admin state): what one admin typed is not another's to see or save.
 * In memory only.
 */
export class KeptDrafts {
  private readonly values = new Map<string, unknown>();
  private login: string | null = null;

  /**
   * The account whose panel is shown: its own drafts stay, another account's are dropped. Called
   * before the panel reads any (logins compared without case, as GitHub does).
   */
  signedIn(login: string): void {
    if (this.login !== null && this.login.toLowerCase() !== login.toLowerCase()) this.values.clear();
    this.login = login;
  }

  /** The account the drafts were typed by; null before any panel was shown. */
  get owner(): string | null {
    return this.login;
  }

  /** The value kept under `key`, or `initial`. */
  get<T>(key: string, initial: T): T {
    return this.values.has(key) ? (this.values.get(key) as T) : initial;
  }

  set(key: string, value: unknown, initial: unknown): void {
    // Only what differs from an empty form counts as typed (see `hasAny`).
    if (JSON.stringify(value) === JSON.stringify(initial)) this.values.delete(key);
    else this.values.set(key, value);
  }

  /** Whether any form holds something typed. */
  hasAny(): boolean {
    return this.values.size > 0;
  }

  clear(): void {
    this.values.clear();
    this.login = null;
  }
}

/** The modal's drafts; none (nothing kept) outside a provider. */
export const KeptDraftsContext = createContext<KeptDrafts | null>(null);

/**
 * `useState` for what a form holds, kept under `key` (unique in the panel) so that it outlives the
 * panel: written as it is set, so a form that closes in the same render keeps its last value.
 */
export function useKeptState<T>(key: string, initial: T): [T, (next: T) => void] {
  const drafts = useContext(KeptDraftsContext);
  const empty = useRef(initial);
  const [value, setValue] = useState<T>(() => (drafts ? drafts.get(key, initial) : initial));
  const set = useCallback((next: T) => {
    drafts?.set(key, next, empty.current);
    setValue(next);
  }, [drafts, key]);
  return [value, set];
}
