import { describeSystemError, isSystemError } from './system-error.js';

/** Stable codes of the errors the product reports. */
export type ErrorCode =
  | 'NOT_A_GIT_REPO'
  | 'GIT_FAILED'
  | 'GIT_NOT_FOUND'
  | 'NO_UPSTREAM'
  | 'INVALID_CONFIG'
  | 'INVALID_INPUT'
  | 'INVALID_DATA_FILE'
  | 'NO_DATA'
  | 'PORT_IN_USE'
  | 'CONFLICT'
  | 'NOT_FOUND'
  | 'BUSY'
  | 'INVALID_TOKEN'
  | 'FORBIDDEN'
  | 'GITHUB_ERROR'
  | 'NO_GITHUB_REPO'
  | 'STALE_VERSION'
  | 'IO'
  | 'INTERNAL';

/** Codes that mean the user asked for something malformed: the CLI exits 2 for these. */
const USAGE_CODES = new Set<ErrorCode>(['NOT_A_GIT_REPO', 'INVALID_CONFIG', 'INVALID_INPUT', 'NO_UPSTREAM', 'PORT_IN_USE', 'NO_GITHUB_REPO']);

/**
 * The one error type of the product: a stable `code`, a message a user can act on,
 * and a `hint` saying how to fix it.
 */
export class LeaderboardError extends Error {
  override readonly name = 'LeaderboardError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly hint?: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = options?.status;
  }

  /** The HTTP status behind the error, when it came from (or maps to) an HTTP response. */
  readonly status: number | undefined;

  /** Whether this is a usage or configuration error (CLI exit code 2) rather than a failure (1). */
  get isUsageError(): boolean {
    return USAGE_CODES.has(this.code);
  }
}

/** The message of anything thrown, for status files and logs. */
export function errorMessage(err: unknown): string {
  // A file-system failure in words and with the file it names, not Node's `EISDIR: illegal operation ..., rename '<temp file>'`.
  if (isSystemError(err)) return describeSystemError(err).message;
  return err instanceof Error ? err.message : String(err);
}

/** `text` with the user name and password of every URL in it removed (`https://user:token@host` -> `https://host`), and its query string (`?api-key=...` -> `?[redacted]`). */
export function withoutUrlCredentials(text: string): string {
  // A query string can hold a key too (`?api-key=...`, as some gateways take it): it is left out.
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi, '$1').replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s?#)]*)\?[^\s#)]+/gi, '$1?[redacted]');
}
