import { boardStorageKey } from '../lib/shared-origin.js';
import { isPublishedSite } from '../lib/site-mode.js';

/** Where `serve`'s page keeps the admin token (its own origin, 127.0.0.1 or localhost at its port). */
export const TOKEN_STORAGE_KEY = 'leaderboard:admin-token';

/**
 * This board's key for the token, in localStorage as the spec says (a reload or another tab
 * verifies it when the modal opens). A published site's has the page's path, so two boards of
 * one GitHub Pages origin do not share sign-in or Logout; any page of that origin can still read
 * it, which the README's "Where the token is kept" says, with what an admin can do about it.
 */
export function tokenStorageKey(): string {
  const published = typeof document !== 'undefined' && isPublishedSite();
  return boardStorageKey(TOKEN_STORAGE_KEY, published, published ? window.location.pathname : '/');
}

/** The stored token, or null (none, or storage disabled). */
export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(tokenStorageKey());
  } catch {
    return null;
  }
}

/** Keeps the token for the next visit (quietly does nothing when storage is disabled). */
export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(tokenStorageKey(), token);
  } catch {
    // storage disabled: the session lasts as long as the modal
  }
}

/** Forgets this board's stored token (Logout, or a token GitHub refused). */
export function clearStoredToken(): void {
  try {
    window.localStorage.removeItem(tokenStorageKey());
  } catch {
    // nothing stored
  }
}
