import type { SiteAdminConfig } from '../../../../src/shared/site-admin.js';
import type { Request } from './rest.js';

/** What every part of the GitHub back end works with. */
export interface Context {
  config: SiteAdminConfig;
  request: Request;
  /** How often a workflow run is polled (ms). */
  pollMs: number;
  /**
   * Per-token results kept for the session, keyed by kind and token. The token is in this page's
   * memory and local storage anyway; a digest would need crypto.subtle, which a site served over
   * plain http (an intranet server) does not have.
   */
  cache: Map<string, unknown>;
}

/** `fn()` once per token and `kind`, remembered for the session (a failure is not remembered). */
export async function perToken<T>(ctx: Context, token: string, kind: string, fn: () => Promise<T>): Promise<T> {
  const key = `${kind}\u0000${token}`;
  const hit = ctx.cache.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const pending = fn();
  ctx.cache.set(key, pending);
  pending.catch(() => ctx.cache.delete(key));
  return pending;
}
