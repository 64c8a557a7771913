import { z } from 'zod';

/** Every /api error response: `{ error: { code, message } }`. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    /** Stable machine-readable code, e.g. `INVALID_INPUT`. */
    code: z.string(),
    /** A sentence a user can act on. */
    message: z.string(),
    hint: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** GET /api/health */
export const healthSchema = z.object({
  ok: z.boolean(),
  version: z.string(),
  dataFile: z.boolean(),
});
export type Health = z.infer<typeof healthSchema>;
