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
  // zod drops an own "__proto__" key without a word (a contributor would vanish): refuse it.
  const proto = protoKeyPath(body);
  if (proto) throw new LeaderboardError('INVALID_INPUT', `Invalid request body: ${proto}: the name "__proto__" is reserved; choose another name.`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new LeaderboardError('INVALID_INPUT', `Invalid request body: ${describeIssues(parsed.error)}.`);
  return parsed.data;
}

/** Path of the first own `__proto__` key in a parsed JSON value, or null. */
function protoKeyPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return [...path, key].join('.');
    const found = protoKeyPath((value as Record<string, unknown>)[key], [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The one error middleware: LeaderboardErrors with their status, body-parser errors (413, bad
 * JSON) in words, anything else a 500 with a safe message. Request contents are never echoed.
 */
export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  if (err instanceof LeaderboardError) return sendError(res, statusOf(err), err.code, err.message);
  const type = (err as { type?: unknown }).type;
  if (type === 'entity.too.large') {
    const limit = (err as { limit?: unknown }).limit;
    return sendError(res, 413, 'PAYLOAD_TOO_LARGE', `The request body is too large${typeof limit === 'number' ? ` (at most ${limit} bytes)` : ''}.`);
  }
  if (type === 'entity.parse.failed') return sendError(res, 400, 'INVALID_INPUT', 'The request body is not valid JSON.');
  const status = httpStatusIn(err);
  if (status !== undefined && status < 500) return sendError(res, status, 'BAD_REQUEST', (err as Error).message);
  sendError(res, 500, 'INTERNAL', 'Internal server error.');
};
