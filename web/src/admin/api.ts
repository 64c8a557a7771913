import type { z } from 'zod';
import {
  adminsResponseSchema, aiOverridesResponseSchema, manualContributionsResponseSchema, messageResponseSchema, pullAndRefreshResponseSchema,
  sessionResponseSchema, setAiOverrideResponseSchema, updateAdminsResponseSchema,
  type AdminsResponse, type AiOverridesResponse, type MessageResponse, type PullAndRefreshResponse, type SessionResponse,
  type SetAiOverrideRequest, type SetAiOverrideResponse, type UpdateAdminsRequest, type UpdateAdminsResponse,
} from '../../../src/shared/admin-api.js';
import { errorEnvelopeSchema } from '../../../src/shared/api.js';
import { manualContributionsFileSchema } from '../../../src/shared/manual-contributions.js';
import type { ContributorsMap } from './contributions.js';

export { TOKEN_STORAGE_KEY, clearStoredToken, readStoredToken, storeToken } from './token-store.js';

/** Relative, like the data file, so the page works under any base path. */
const API_BASE = './api/';

/**
 * A failed admin API call; `message` is meant for the user. `status` is 0 when the server was not
 * reached. `hint`, when known, says how to fix it (shown after the message: see messageOf).
 */
export class AdminApiError extends Error {
  override name = 'AdminApiError';
  constructor(message: string, readonly status: number, readonly code: string | null = null, readonly hint?: string) {
    super(message);
  }
}

/** The envelope's message, else 'API request failed: {status text}'. */
async function errorOf(res: Response): Promise<AdminApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: fall back to the status text
  }
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) return new AdminApiError(envelope.data.error.message, res.status, envelope.data.error.code);
  return new AdminApiError(`API request failed: ${res.statusText || `HTTP ${res.status}`}`, res.status);
}

async function call(token: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(API_BASE + path, { ...init, headers, cache: 'no-store' });
  } catch {
    throw new AdminApiError('Could not reach the leaderboard server (network error).', 0, 'NETWORK');
  }
  if (!res.ok) throw await errorOf(res);
  return res;
}

async function parsed<S extends z.ZodType>(res: Response, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new AdminApiError('The server sent a response that is not JSON.', res.status, 'BAD_RESPONSE');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new AdminApiError('The server sent a response the page does not understand.', res.status, 'BAD_RESPONSE');
  return result.data;
}

const json = (body: unknown): RequestInit => ({
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
});

/** GET /api/session: who the token belongs to and whether they are an admin. */
export async function getSession(token: string): Promise<SessionResponse> {
  return parsed(await call(token, 'session'), sessionResponseSchema);
}

/**
 * Why this server has no admin features (no GitHub repository configured), in the server's words
 * for whoever runs it; null when it has them. GET /api/session without a token says so at once
 * (503 NO_GITHUB_REPO) where a server with admin features answers 401; anything else, a network
 * error too, is left to signing in to report.
 */
export async function adminOffReason(): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}session`, { cache: 'no-store' });
  } catch {
    return null;
  }
  if (res.status !== 503) return null;
  const err = await errorOf(res);
  return err.code === 'NO_GITHUB_REPO' ? err.message : null;
}

/** The manual contributions and the version (ETag) they were read at. */
export interface VersionedContributors {
  contributors: ContributorsMap;
  etag: string | null;
}

/** GET /api/manual-contributions */
export async function getManualContributions(token: string): Promise<VersionedContributors> {
  const res = await call(token, 'manual-contributions');
  const body = await parsed(res, manualContributionsResponseSchema);
  return { contributors: body.contributors, etag: res.headers.get('ETag') };
}

/**
 * POST /api/update-manual-contributions with the whole map; `If-Match` of the version it was
 * edited from (a 409 then means someone else saved in between). Resolves to the banner message
 * and the new version.
 */
export async function saveManualContributions(token: string, contributors: ContributorsMap, etag: string | null): Promise<{ message: string; etag: string | null }> {
  const init = json({ contributors });
  const headers = new Headers(init.headers);
  if (etag) headers.set('If-Match', etag);
  const res = await call(token, 'update-manual-contributions', { ...init, method: 'POST', headers });
  const body = await parsed(res, messageResponseSchema);
  return { message: body.message, etag: res.headers.get('ETag') };
}

/** The backup's file name: from Content-Disposition, else manual-contributions-backup-YYYY-MM-DD.json. */
export function backupFileName(disposition: string | null, now = new Date()): string {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (match?.[1]) return decodeURIComponent(match[1]);
  return `manual-contributions-backup-${now.toISOString().slice(0, 10)}.json`;
}

/** GET /api/export-manual-contributions: the backup file, checked, ready to download. */
export async function exportManualContributions(token: string): Promise<{ blob: Blob; fileName: string }> {
  const res = await call(token, 'export-manual-contributions');
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AdminApiError('Failed to export manual contributions', res.status, 'BAD_RESPONSE');
  }
  if (!manualContributionsFileSchema.safeParse(body).success) {
    throw new AdminApiError('Failed to export manual contributions', res.status, 'BAD_RESPONSE');
  }
  return { blob: new Blob([text], { type: 'application/json' }), fileName: backupFileName(res.headers.get('Content-Disposition')) };
}

/** POST /api/pull-and-refresh (no body; the JSON content type like every state-changing call). */
export async function pullAndRefresh(token: string): Promise<PullAndRefreshResponse> {
  return parsed(await call(token, 'pull-and-refresh', { method: 'POST', headers: { 'Content-Type': 'application/json' } }), pullAndRefreshResponseSchema);
}

/** GET /api/admins */
export async function getAdmins(token: string): Promise<AdminsResponse> {
  return parsed(await call(token, 'admins'), adminsResponseSchema);
}

/** PUT /api/admins with one admin's change; resolves to the proposed list and the pull request proposing it. */
export async function saveAdmins(token: string, change: UpdateAdminsRequest): Promise<UpdateAdminsResponse> {
  return parsed(await call(token, 'admins', { ...json(change), method: 'PUT' }), updateAdminsResponseSchema);
}

/** GET /api/ai-overrides: the overrides of commits' AI scores, newest first. */
export async function getAiOverrides(token: string): Promise<AiOverridesResponse> {
  return parsed(await call(token, 'ai-overrides'), aiOverridesResponseSchema);
}

/** PUT /api/ai-overrides/:commit {score, note}: sets (or replaces) the override of one commit. */
export async function setAiOverride(token: string, commit: string, body: SetAiOverrideRequest): Promise<SetAiOverrideResponse> {
  return parsed(await call(token, `ai-overrides/${encodeURIComponent(commit)}`, { ...json(body), method: 'PUT' }), setAiOverrideResponseSchema);
}

/** DELETE /api/ai-overrides/:commit (the JSON content type like every state-changing call). */
export async function removeAiOverride(token: string, commit: string): Promise<MessageResponse> {
  return parsed(await call(token, `ai-overrides/${encodeURIComponent(commit)}`, { method: 'DELETE', headers: { 'Content-Type': 'application/json' } }), messageResponseSchema);
}
