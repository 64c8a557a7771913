import { isPublishedSite } from '../lib/site-mode.js';

/** Where `serve`'s page keeps the admin token (its own origin, 127.0.0.1 or localhost at its port). */
export const TOKEN_STORAGE_KEY = 'leaderboard:admin-token';

/**
 * A published site keeps the token in this page's memory only, never in the browser's storage:
 * GitHub Pages serves every project site of an owner from one origin (owner.github.io), and any
 * of them, built from any repository of the owner where others may push, can read that origin's
 * localStorage and sessionStorage. Held here, it lasts while the page is open (the modal's
 * closing and opening included, where the spec verifies the stored token again) and is gone on
 * reload, in another tab and on another board. Module state, as it must outlive the modal.
 */
let pageToken: string | null = null;

const published = (): boolean => typeof document !== 'undefined' && isPublishedSite();

/** The stored token, or null (none, or storage disabled). */
export function readStoredToken(): string | null {
  if (published()) return pageToken;
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps the token: for the next visit on `serve`'s page, for this page's life on a published site. */
export function storeToken(token: string): void {
  if (published()) {
    pageToken = token;
    return;
  }
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // storage disabled: the session lasts as long as the modal
  }
}

/** Forgets the stored token (Logout, or a token GitHub refused). */
export function clearStoredToken(): void {
  pageToken = null;
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
