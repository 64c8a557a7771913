import { z } from 'zod';

/** What the AI step of a refresh did. */
export const aiStepSchema = z.object({
  /** `provider:model`. */
  source: z.string(),
  /** Commits whose score came from the provider in this refresh. */
  sent: z.number().int().nonnegative(),
  /** Commits answered from the AI cache. */
  cached: z.number().int().nonnegative(),
  /** Commits that fell back to the local estimate (the next refresh asks again). */
  failed: z.number().int().nonnegative(),
  /** True when some commits fell back: the AI step did not finish. */
  partial: z.boolean(),
  /** The first reason the provider failed, when it did. */
  error: z.string().optional(),
});
export type AiStep = z.infer<typeof aiStepSchema>;

/** Whether GitHub activity (reviews, issue reports) was read; the same shapes as core's ActivityStatus. */
export const activityStatusSchema = z.discriminatedUnion('state', [
  /** Not read: no token, `github.activity: false`, or no repository on GitHub; `reason` says how to turn it on. */
  z.object({ state: z.literal('off'), reason: z.string() }),
  z.object({ state: z.literal('ok'), syncedAt: z.string() }),
  /** The sync failed (e.g. "Reviews not updated: GitHub answered 401 Bad credentials"); the last good data is kept. */
  z.object({ state: z.literal('failed'), error: z.string(), syncedAt: z.string().nullable() }),
]);

/** `last-update.json`: the outcome of the last refresh. */
export const statusFileSchema = z.object({
  /** Whether the last refresh succeeded. */
  success: z.boolean(),
  /** When it finished (ISO). */
  timestamp: z.string(),
  /** Full hash of HEAD that was analysed, when known. */
  latestCommit: z.string().nullable().optional(),
  /** What went wrong, when it failed. */
  error: z.string().optional(),
  /** How the AI part was scored in that refresh (absent with no AI provider). */
  ai: aiStepSchema.optional(),
  /** Whether GitHub activity was read in that refresh (absent in older files, and when off for want of a token or with `github.activity: false`). */
  activity: activityStatusSchema.optional(),
  /**
   * The `last_updated` of a board rebuilt since, without a refresh, after a manual contribution
   * or an AI override was saved: an open page showing an older board reads it again.
   */
  rebuiltAt: z.string().optional(),
});
export type StatusFile = z.infer<typeof statusFileSchema>;
