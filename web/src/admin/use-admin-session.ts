import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminApiError, clearStoredToken, readStoredToken, storeToken } from './api.js';
import { useBackend } from './backend-context.js';
import type { SessionRead } from './backend.js';
import { TOKEN_CHARACTER_MESSAGE, hasForeignCharacter } from './token.js';

/** The spec's message for a token GitHub refuses. */
export const INVALID_TOKEN_MESSAGE = 'Invalid GitHub token';
/** The spec's message for an empty token field. */
export const EMPTY_TOKEN_MESSAGE = 'Please enter a GitHub token';

/** Where the admin modal stands: not signed in, or signed in and authorized (panel) or not (denied). */
export type AdminSession =
  | { view: 'login'; verifying: boolean; error: string | null }
  | { view: 'denied' | 'panel'; token: string; session: SessionRead };

/** What {@link useAdminSession} gives the modal. */
export interface AdminSessionHandle {
  state: AdminSession;
  signIn: (token: string) => void;
  /** Clears the token and all admin state. */
  logout: () => void;
  /** The server refused the token mid-session: back to the login view with 'Invalid GitHub token'. */
  expire: () => void;
}

/**
 * Signs in with a GitHub token through the back end (GET /api/session, or GitHub itself). A stored token is verified as soon as
 * the modal opens (the hook mounts); a refused one is cleared. A token GitHub accepts is stored,
 * whether or not its account is an admin, until Logout.
 */
export function useAdminSession(): AdminSessionHandle {
  const [state, setState] = useState<AdminSession>(() => (
    { view: 'login', verifying: readStoredToken() !== null, error: null }
  ));
  // Each verification gets a number; only the latest may change the state.
  const attempt = useRef(0);
  const backend = useBackend();

  const verify = useCallback(async (token: string) => {
    const id = ++attempt.current;
    setState({ view: 'login', verifying: true, error: null });
    try {
      const session = await backend.session(token);
      if (id !== attempt.current) return;
      storeToken(token);
      setState({ view: session.authorized ? 'panel' : 'denied', token, session });
    } catch (err) {
      if (id !== attempt.current) return;
      const invalid = err instanceof AdminApiError && err.status === 401;
      if (invalid) clearStoredToken();
      setState({ view: 'login', verifying: false, error: invalid ? INVALID_TOKEN_MESSAGE : messageOf(err) });
    }
  }, [backend]);

  useEffect(() => {
    const stored = readStoredToken();
    if (stored !== null) void verify(stored);
    return () => {
      attempt.current += 1;
    };
  }, [verify]);

  const signIn = useCallback((token: string) => {
    const trimmed = token.trim();
    if (!trimmed || hasForeignCharacter(trimmed)) {
      attempt.current += 1;
      setState({ view: 'login', verifying: false, error: trimmed ? TOKEN_CHARACTER_MESSAGE : EMPTY_TOKEN_MESSAGE });
      return;
    }
    void verify(trimmed);
  }, [verify]);

  const logout = useCallback(() => {
    attempt.current += 1;
    clearStoredToken();
    setState({ view: 'login', verifying: false, error: null });
  }, []);

  const expire = useCallback(() => {
    attempt.current += 1;
    clearStoredToken();
    setState({ view: 'login', verifying: false, error: INVALID_TOKEN_MESSAGE });
  }, []);

  return { state, signIn, logout, expire };
}

/** An error's message for a banner, followed by its hint (how to fix it) when it has one. */
export function messageOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (!(err instanceof AdminApiError) || !err.hint) return err.message;
  // The hint is a sentence of its own: the message may end without a full stop (GitHub's words).
  return `${err.message}${/[.!?]$/.test(err.message) ? '' : '.'} ${err.hint}`;
}
