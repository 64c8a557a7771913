import type { ErrorRequestHandler, Response } from 'express';
import type { z } from 'zod';
import { LeaderboardError, type ErrorCode } from '../core/errors.js';
import { describeIssues } from '../core/store/files.js';

/** Sends the error envelope `{ error: { code, message } }`. */
export function sendError(res: Response, status: number, code: string, message: string): void {
  if (res.headersSent) return;
  res.status(status).json({ error: { code, message } });
}

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  INVALID_INPUT: 400,
  INVALID_TOKEN: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  STALE_VERSION: 409,
  BUSY: 409,
  NO_GITHUB_REPO: 503,
  INVALID_DATA_FILE: 500,
  IO: 500,
  INTERNAL: 500,
};

/**
 * The HTTP status of a LeaderboardError: the one it carries (a GITHUB_ERROR carries GitHub's, on
 * the error or its cause), else the one of its code. A GITHUB_ERROR without one (a network
 * failure) is 500.
 */
export function statusOf(err: LeaderboardError): number {
  const carried = httpStatusIn(err) ?? (err.code === 'GITHUB_ERROR' ? httpStatusIn(err.cause) : undefined);
  if (carried !== undefined) return carried;
  return err.code === 'GITHUB_ERROR' ? 500 : STATUS_BY_CODE[err.code] ?? 400;
}

function httpStatusIn(value: unknown): number | undefined {
  const status = typeof value === 'object' && value !== null ? (value as { status?: unknown }).status : undefined;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : undefined;
}

/** Parses a request body with a shared schema: a 400 INVALID_INPUT naming the field when it does not fit. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined) {
    throw new LeaderboardError('INVALID_INPUT', 'The request body must be JSON sent with Content-Type: application/json.');
  }
  const problem = shapeProblem(body);
  if (problem) throw new LeaderboardError('INVALID_INPUT', `Invalid request body: ${problem}`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new LeaderboardError('INVALID_INPUT', `Invalid request body: ${describeIssues(parsed.error)}.`);
  return parsed.data;
}

/**
 * Arrays and objects a request body may hold inside each other. Bodies kept as files (manual
 * contributions keep fields they do not know) were written indented, so a 6 kB body 3,000 levels
 * deep became an 8 MB file, and 5,000 levels overflowed the stack (a 500 that said nothing).
 */
export const MAX_BODY_DEPTH = 32;

/**
 * What is wrong with a parsed JSON body's shape, or null: an own `__proto__` key, which zod
 * drops without a word (a contributor would vanish), or nesting deeper than MAX_BODY_DEPTH.
 */
function shapeProblem(value: unknown, path: string[] = []): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const where = () => (path.length > 0 ? path.slice(0, 3).join('.') : 'the body');
  if (path.length >= MAX_BODY_DEPTH) return `${where()}${path.length > 3 ? '...' : ''} is nested more than ${MAX_BODY_DEPTH} levels deep; send a flatter value.`;
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return `${[...path, key].join('.')}: the name "__proto__" is reserved; choose another name.`;
    const found = shapeProblem((value as Record<string, unknown>)[key], [...path, key]);
    if (found) return found;
  }
  return null;
}

// GitHub token shapes (classic, fine-grained, OAuth, app): redacted even when not the caller's.
const TOKEN_PATTERN = /\b(?:gh[pousr]_[A-Za-z0-9_]{16,}|github_pat_[A-Za-z0-9_]{16,})\b/g;

/** `text` with the given secrets and anything shaped like a GitHub token replaced by [redacted]. */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out.replace(TOKEN_PATTERN, '[redacted]');
}

/**
 * The error with the secrets removed from its message and hint: a LeaderboardError is rebuilt
 * (same code and status), anything else becomes a plain Error carrying only the status.
 */
export function redactSecrets(err: unknown, secrets: readonly string[]): unknown {
  if (err instanceof LeaderboardError) {
    const message = redactText(err.message, secrets);
    const hint = err.hint === undefined ? undefined : redactText(err.hint, secrets);
    if (message === err.message && hint === err.hint) return err;
    const status = httpStatusIn(err) ?? httpStatusIn(err.cause);
    return new LeaderboardError(err.code, message, hint, status === undefined ? undefined : { status });
  }
  if (err instanceof Error) {
    const status = httpStatusIn(err);
    return Object.assign(new Error(redactText(err.message, secrets)), status === undefined ? {} : { status }, { type: (err as { type?: unknown }).type });
  }
  return err;
}

/** The 413 message: the limit in words and bytes. */
function tooLargeMessage(limit: unknown): string {
  if (typeof limit !== 'number') return 'The request body is too large.';
  const words = limit >= 1024 * 1024 ? `${+(limit / (1024 * 1024)).toFixed(1)} MB` : limit >= 1024 ? `${+(limit / 1024).toFixed(1)} kB` : `${limit} bytes`;
  return `The request body is too large: the server accepts at most ${words} (${limit} bytes).`;
}

/**
 * The one error middleware: LeaderboardErrors with their status, body-parser errors (413, bad
 * JSON) in words, anything else a 500 with a safe message. Request contents are never echoed,
 * and the caller's token (and anything shaped like a GitHub token) never leaves in a message.
 */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  const bearer = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
  const safe = (text: string) => redactText(text, bearer ? [bearer] : []);
  if (err instanceof LeaderboardError) return sendError(res, statusOf(err), err.code, safe(err.message));
  const type = (err as { type?: unknown }).type;
  if (type === 'entity.too.large') return sendError(res, 413, 'PAYLOAD_TOO_LARGE', tooLargeMessage((err as { limit?: unknown }).limit));
  if (type === 'entity.parse.failed') return sendError(res, 400, 'INVALID_INPUT', 'The request body is not valid JSON.');
  const status = httpStatusIn(err);
  if (status !== undefined && status < 500) return sendError(res, status, 'BAD_REQUEST', safe((err as Error).message));
  // Unexpected: the caller learns nothing of it, so whoever runs the server must.
  const detail = err instanceof Error ? (process.env.LEADERBOARD_DEBUG ? err.stack ?? err.message : err.message) : String(err);
  console.error(`Internal error answering ${req.method} ${req.path}: ${safe(detail)}`);
  sendError(res, 500, 'INTERNAL', 'Internal server error.');
};
