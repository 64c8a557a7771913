import { z } from 'zod';

/** `metadata.history` of a data file: author dates of the whole history's newest and oldest commits. */
export const historySpanSchema = z.object({
  /** ISO 8601 UTC author date of the newest non-merge commit reachable from HEAD. */
  newest: z.string(),
  /** ISO 8601 UTC author date of the oldest one. */
  oldest: z.string(),
});

/** Why a board is empty when the history ended before the analysed window began. */
export interface WindowBeyondHistory {
  /** Day (YYYY-MM-DD, UTC) of the newest commit. */
  newest: string;
  /** First day (YYYY-MM-DD, UTC) of the analysed window. */
  windowStart: string;
  /** A `--since` day that analyses the year up to the newest commit. */
  since: string;
}

/**
 * The facts behind an empty window: set when the window (`windowStart`, ISO; null means the whole
 * history) starts after the history's newest commit (`history`, see {@link historySpanSchema}).
 * Null when anything is unknown (files of other tools or older versions) or the window holds commits.
 */
export function windowBeyondHistory(facts: { windowStart?: unknown; history?: unknown }): WindowBeyondHistory | null {
  const span = historySpanSchema.safeParse(facts.history);
  if (!span.success || typeof facts.windowStart !== 'string') return null;
  const newest = new Date(span.data.newest);
  const start = new Date(facts.windowStart);
  if (Number.isNaN(newest.getTime()) || Number.isNaN(start.getTime()) || newest >= start) return null;
  const since = new Date(Date.UTC(newest.getUTCFullYear() - 1, newest.getUTCMonth(), newest.getUTCDate()));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { newest: day(newest), windowStart: day(start), since: day(since) };
}
