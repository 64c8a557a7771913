import type { SiteAdminConfig } from '../../../../src/shared/site-admin.js';
import type { Request } from './rest.js';

/** What every part of the GitHub back end works with. */
export interface Context {
  config: SiteAdminConfig;
  request: Request;
  /** How often a workflow run is polled (ms). */
  pollMs: number;
  /** Per-token results kept for the session, keyed by a digest of the token (never the token itself). */
  cache: Map<string, unknown>;
}

/** A digest of the token to key per-token caches with, so the token itself is not kept. */
export async function tokenKey(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `fn()` once per token and `kind`, remembered for the session (a failure is not remembered). */
export async function perToken<T>(ctx: Context, token: string, kind: string, fn: () => Promise<T>): Promise<T> {
  const key = `${kind}:${await tokenKey(token)}`;
  const hit = ctx.cache.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const pending = fn();
  ctx.cache.set(key, pending);
  pending.catch(() => ctx.cache.delete(key));
  return pending;
}
