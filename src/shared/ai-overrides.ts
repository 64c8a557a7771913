import { z } from 'zod';

/** Highest AI part of a commit's score (kept here so the page can check input without core). */
export const MAX_AI_OVERRIDE_SCORE = 25;

/** What an admin sends to override one commit's AI score. */
export const aiOverrideInputSchema = z.strictObject({
  /** The AI part to use instead, a whole number 0-25. */
  score: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(MAX_AI_OVERRIDE_SCORE, `must be ${MAX_AI_OVERRIDE_SCORE} or less`),
  /** Why: shown on the page next to the score. */
  note: z.string({ error: 'must be text' }).trim().min(1, 'is required: say why the score is overridden').max(500, 'must be 500 characters or fewer'),
});
export type AiOverrideInput = z.infer<typeof aiOverrideInputSchema>;

/** One override, as ai-overrides.json keeps it. */
export interface AiOverride {
  /** Full commit hash. */
  hash: string;
  score: number;
  note: string;
  /** Login or email of the admin (or `cli:<user>` from the shell). */
  by: string;
  /** When it was set (ISO). */
  at: string;
}

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
