import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LeaderboardError } from '../core/errors.js';
import { deniedMessage, isAuthorized } from '../core/github/admin-access.js';
import type { AdminGateway, GitHubTarget } from '../core/github/types.js';
import type { GitHubUser, PrimaryAdmins } from '../shared/admin-api.js';
import { redactSecrets, sendError } from './http-errors.js';
import { createSignInLimiter, type SignInLimitOptions } from './sign-in-limiter.js';

/** What the admin routes need: GitHub behind its seam, the repository, the primary admins. */
export interface AdminDeps {
  gateway: AdminGateway;
  target: GitHubTarget;
  primary: PrimaryAdmins;
  /**
   * Why no token may be sent to `target.apiUrl` (an API URL only the repository's config names,
   * see tokenMayGo): every sign-in is refused with it before the token leaves. Default: none.
   */
  heldBack?: LeaderboardError;
}

/** A verified caller: who the token belongs to and whether they are an admin. */
export interface Session {
  user: GitHubUser;
  authorized: boolean;
  /** The spec's 'Access Denied: ...' sentence when not authorized. */
  message?: string;
  /** The caller's token, for calls to GitHub on their behalf. Never logged or sent back. */
  token: string;
}

export interface AuthOptions {
  /** How long a verification is reused. Default 60 s. */
  ttlMs?: number;
  /** Most verifications remembered at once. Default 500. */
  maxEntries?: number;
  /** Clock, for tests. */
  now?: () => number;
  /** Limit of failed sign-ins per client address. Default: 10 per 10 minutes. */
  signInLimit?: SignInLimitOptions;
}

export interface Auth {
  /** Needs a token GitHub accepts (401 otherwise); puts the session on the response. */
  authenticate: RequestHandler;
  /** Needs an admin's token: 401 without a valid token, 403 with the denial for anyone else. */
  requireAdmin: RequestHandler;
}

/** The token of `Authorization: Bearer <t>` (or `token <t>`), or null. */
export function tokenFrom(header: string | undefined): string | null {
  const m = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1] ?? null;
}

/**
 * Token checks for the admin routes. A verification (the user, and whether they are an admin) is
 * reused for `ttlMs`, keyed by a SHA-256 of the token (the token itself is never kept as a key,
 * logged or echoed); concurrent requests with one token share one verification.
 */
export function createAuth(admin: AdminDeps, options: AuthOptions = {}): Auth {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { expires: number; verification: Promise<Omit<Session, 'token'>> }>();
  const limiter = createSignInLimiter({ now, ...options.signInLimit });
  const keyOf = (token: string) => createHash('sha256').update(token).digest('hex');

  const verify = async (token: string): Promise<Omit<Session, 'token'>> => {
    if (admin.heldBack) throw admin.heldBack;
    const user = await admin.gateway.verifyToken(token);
    // A primary admin needs no look-up of the list (and keeps access if the list is unreadable).
    if (isAuthorized(user, admin.primary, [])) return { user, authorized: true };
    const list = await admin.gateway.readAdminList(token);
    return isAuthorized(user, admin.primary, list)
      ? { user, authorized: true }
      : { user, authorized: false, message: deniedMessage(user, admin.primary) };
  };

  const verified = (token: string): Promise<Omit<Session, 'token'>> => {
    const key = keyOf(token);
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.verification;
    cache.delete(key);
    const verification = verify(token);
    // Only successes are kept; a failure is dropped as soon as it is known.
    verification.catch(() => { if (cache.get(key)?.verification === verification) cache.delete(key); });
    cache.set(key, { expires: now() + ttlMs, verification });
    for (const oldest of cache.keys()) {
      if (cache.size <= maxEntries) break;
      cache.delete(oldest);
    }
    return verification;
  };

  const authenticate = (req: Request, res: Response, next: NextFunction): void => {
    const token = tokenFrom(req.get('authorization'));
    if (!token) return sendError(res, 401, 'INVALID_TOKEN', 'Sign in with a GitHub token');
    // A client that had too many tokens refused waits, unless this token is already verified.
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const wait = limiter.retryAfter(client);
    const known = cache.get(keyOf(token));
    if (wait > 0 && !(known && known.expires > now())) {
      res.set('Retry-After', String(wait));
      const minutes = Math.round(limiter.windowMs / 60_000);
      return sendError(res, 429, 'TOO_MANY_SIGN_IN_ATTEMPTS',
        `Too many sign-in attempts with invalid tokens from this address (${limiter.maxFailures} in ${minutes} minute${minutes === 1 ? '' : 's'}); try again in ${wait} seconds.`);
    }
    verified(token).then((session) => {
      res.locals.session = { ...session, token } satisfies Session;
      next();
    }, (err: unknown) => {
      if (err instanceof LeaderboardError && err.code === 'INVALID_TOKEN') {
        limiter.fail(client);
        sendError(res, 401, 'INVALID_TOKEN', 'Invalid GitHub token');
      } else next(redactSecrets(err, [token]));
    });
  };

  const requireAdmin = (req: Request, res: Response, next: NextFunction): void => {
    authenticate(req, res, (err?: unknown) => {
      if (err) return next(err);
      const session = sessionOf(res);
      if (!session.authorized) return sendError(res, 403, 'FORBIDDEN', session.message ?? deniedMessage(session.user, admin.primary));
      next();
    });
  };

  return { authenticate, requireAdmin };
}

/** The session `authenticate` put on the response. */
export function sessionOf(res: Response): Session {
  const session = (res.locals as { session?: Session }).session;
  if (!session) throw new LeaderboardError('INTERNAL', 'No session: the route is missing its authentication.');
  return session;
}
