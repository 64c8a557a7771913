import { z } from 'zod';
import { MAX_AI_SCORE } from './ai-part.js';

/** Longest note an override may carry. */
export const MAX_AI_OVERRIDE_NOTE = 500;

/** What an admin sends to override one commit's AI score. */
export const aiOverrideInputSchema = z.strictObject({
  /** The AI part to use instead, a whole number 0-25. */
  score: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(MAX_AI_SCORE, `must be ${MAX_AI_SCORE} or less`),
  /** Why: shown on the page next to the score. */
  note: z.string({ error: 'must be text' }).trim().min(1, 'is required: say why the score is overridden').max(MAX_AI_OVERRIDE_NOTE, `must be ${MAX_AI_OVERRIDE_NOTE} characters or fewer`),
});
export type AiOverrideInput = z.infer<typeof aiOverrideInputSchema>;

/** One override, as ai-overrides.json keeps it and the admin API returns it. */
export const aiOverrideSchema = z.strictObject({
  /** Full commit hash. */
  hash: z.string().regex(/^[0-9a-f]{40,64}$/, 'must be a full commit hash'),
  /** The AI part used instead of the scorer's, a whole number 0-25. */
  score: z.number().int().min(0).max(MAX_AI_SCORE),
  /** Why; shown on the page next to the score. */
  note: z.string(),
  /** Login (else email) of the admin who set it, or `cli:<user>` / git's user.email from the shell. */
  by: z.string(),
  /** When it was set (ISO). */
  at: z.string(),
});
export type AiOverride = z.infer<typeof aiOverrideSchema>;

/** How the data file marks an overridden commit's AI part. */
export const aiOverrideMarkSchema = z.object({
  by: z.string(),
  at: z.string(),
  /** The AI part the override replaced. */
  original: z.number(),
  /** Where that part came from (`heuristic` or `provider:model`). */
  original_source: z.string(),
});
export type AiOverrideMark = z.infer<typeof aiOverrideMarkSchema>;

/**
 * One override per commit: the newest (`at`; the later in the file on a tie). A merge of two
 * branches of the committed file can list a commit twice: the last one listed counted, and after
 * the next save (written newest first) the other one, and neither could be removed.
 */
export function newestPerCommit(overrides: AiOverride[]): AiOverride[] {
  const kept = new Map<string, AiOverride>();
  for (const o of overrides) {
    const key = o.hash.toLowerCase();
    const other = kept.get(key);
    if (!other || o.at >= other.at) kept.set(key, o);
  }
  return kept.size === overrides.length ? overrides : overrides.filter((o) => kept.get(o.hash.toLowerCase()) === o);
}
