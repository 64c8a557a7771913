import { z } from 'zod';
import { aiOverrideInputSchema, aiOverrideSchema } from './ai-overrides.js';
import { contributorsMapSchema } from './manual-contributions.js';

/**
 * The admin part of the own API (base /api). Every route below except the session check needs
 * `Authorization: Bearer <GitHub token>` of an admin: no token 401, a token GitHub refuses 401
 * 'Invalid GitHub token', a valid token of a non-admin 403 'Access Denied: ...'. Errors use the
 * envelope of `api.ts`.
 */

/** A signed-in GitHub account: its login and primary email (else its first; null when none). */
export const githubUserSchema = z.object({
  login: z.string(),
  email: z.string().nullable(),
});
export type GitHubUser = z.infer<typeof githubUserSchema>;

/** The primary admins from the configuration: they are always admins and cannot be removed. */
export const primaryAdminsSchema = z.object({
  email: z.string().nullable(),
  login: z.string().nullable(),
});
export type PrimaryAdmins = z.infer<typeof primaryAdminsSchema>;

/**
 * GET /api/session: who the token belongs to and whether they are an admin (200 for any token
 * GitHub accepts, so the page can show who was denied). `message` is the spec's
 * 'Access Denied: {email or login} is not authorized. Contact {email} for access.' when not.
 */
export const sessionResponseSchema = z.object({
  user: githubUserSchema,
  authorized: z.boolean(),
  message: z.string().optional(),
  /** `owner/name` of the repository holding admin-list.json. */
  repository: z.string(),
  /**
   * Whether POST /api/pull-and-refresh can run here: false on `serve --no-refresh` (the route then
   * answers 503 NO_REFRESH). Optional because a server older than the field and the published
   * site's GitHub back end do not send it; missing means true (see {@link sessionRefreshes}).
   */
  refreshes: z.boolean().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Whether the session's server pulls and refreshes (a server that does not say does). */
export const sessionRefreshes = (session: Pick<SessionResponse, 'refreshes'>): boolean => session.refreshes !== false;

/** GET /api/manual-contributions (with an `ETag` header naming the version). */
export const manualContributionsResponseSchema = z.object({
  contributors: contributorsMapSchema,
});
export type ManualContributionsResponse = z.infer<typeof manualContributionsResponseSchema>;

/**
 * POST /api/update-manual-contributions: replaces the contributors map. With `If-Match` of a
 * stale ETag: 409 'The manual contributions were changed by someone else; reload and try again.'
 * Without `If-Match` the save is accepted (a plain client following the spec).
 */
export const updateManualContributionsRequestSchema = z.object({
  contributors: contributorsMapSchema,
});
export type UpdateManualContributionsRequest = z.infer<typeof updateManualContributionsRequestSchema>;

/** Response of the update: a sentence for the status banner. The new ETag is in the header. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** POST /api/pull-and-refresh: a call while one runs joins it. */
export const pullAndRefreshResponseSchema = z.object({
  success: z.boolean(),
  timestamp: z.string(),
  latestCommit: z.string().nullable(),
  error: z.string().optional(),
  /** With an error: how to fix it, in the page's words (see pageHint in src/server/refresher.ts). */
  hint: z.string().optional(),
});
export type PullAndRefreshResponse = z.infer<typeof pullAndRefreshResponseSchema>;

/** One entry of the admin list: an email or a GitHub username. */
export const adminEntrySchema = z.string().trim()
  .min(1, 'Please enter an email address or GitHub username')
  .max(320, 'An admin entry must be at most 320 characters');

/** admin-list.json on the repository's default branch (missing file: empty list). */
export const adminListFileSchema = z.object({
  admins: z.array(adminEntrySchema).default([]),
  instructions: z.string().optional(),
});
export type AdminListFile = z.infer<typeof adminListFileSchema>;

/** GET /api/admins */
export const adminsResponseSchema = z.object({
  admins: z.array(z.string()),
  primary: primaryAdminsSchema,
});
export type AdminsResponse = z.infer<typeof adminsResponseSchema>;

/** Said of an entry with a space or a control character inside: no email or login has one. */
export const ONE_ENTRY_MESSAGE = 'An admin entry is one email address or GitHub username, without spaces or line breaks';
/** Whether a (trimmed) entry has a space or a control character inside. */
export const hasInnerSpace = (entry: string): boolean => /[\s\p{Cc}]/u.test(entry);

/**
 * PUT /api/admins: one admin's change, re-applied to the list on the default branch as it stands
 * when saved (see applyAdminChange): `add` entries not listed yet are added, `remove` entries are
 * removed, everything else (an admin someone else added meanwhile) is kept. Primary admins are
 * kept whatever is sent.
 */
export const updateAdminsRequestSchema = z.object({
  add: z.array(adminEntrySchema).max(1000).default([]),
  /** Entries to remove; any text, since one already in admin-list.json (edited by hand) must be removable. */
  remove: z.array(z.string().trim().max(320, 'An admin entry must be at most 320 characters')).max(1000).default([]),
});
export type UpdateAdminsRequest = z.input<typeof updateAdminsRequestSchema>;

/**
 * Response of PUT /api/admins: the list proposed and the pull request that proposes it; when the
 * change leaves the list as it is on the default branch, nothing is proposed: `admins` is that
 * list and `pullRequestUrl` is ''.
 */
export const updateAdminsResponseSchema = z.object({
  admins: z.array(z.string()),
  /** The list on the default branch the change was applied to. */
  published: z.array(z.string()),
  pullRequestUrl: z.string(),
  message: z.string(),
});
export type UpdateAdminsResponse = z.infer<typeof updateAdminsResponseSchema>;

/** GET /api/ai-overrides: every override, newest first. */
export const aiOverridesResponseSchema = z.object({
  overrides: z.array(aiOverrideSchema),
});
export type AiOverridesResponse = z.infer<typeof aiOverridesResponseSchema>;

/**
 * PUT /api/ai-overrides/:commit (a full or short hash of at least 4 hex digits) {score, note}:
 * sets or replaces the override of that commit and rebuilds the leaderboards from the cache.
 * 400 naming the field for a bad body, 404 when the repository has no such commit.
 */
export const setAiOverrideRequestSchema = aiOverrideInputSchema;
export type SetAiOverrideRequest = z.infer<typeof setAiOverrideRequestSchema>;

/** Response of the PUT: a sentence for the status banner and the saved override. */
export const setAiOverrideResponseSchema = z.object({
  message: z.string(),
  override: aiOverrideSchema,
});
export type SetAiOverrideResponse = z.infer<typeof setAiOverrideResponseSchema>;

/*
 * DELETE /api/ai-overrides/:commit: removes the override (the scorer's AI part applies again) and
 * answers {message} (see messageResponseSchema); 404 NOT_FOUND when the commit has none.
 */
