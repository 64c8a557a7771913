import { z } from 'zod';

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
});
export type StatusFile = z.infer<typeof statusFileSchema>;
