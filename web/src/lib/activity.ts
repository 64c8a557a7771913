import { z } from 'zod';

/**
 * What a board says about GitHub activity (its `metadata.activity`): the points in force and
 * whether the data is current. Null for a board without review data (commits only), whose page
 * is exactly as before reviews existed.
 */
export interface BoardActivityInfo {
  status: { state: 'off'; reason: string } | { state: 'ok'; syncedAt: string } | { state: 'failed'; error: string; syncedAt: string | null };
  points: { approved: number; changesRequested: number; commented: number; issueCompleted: number };
  /** The reviews and issue reports the board counts (absent in a shape that did not say). */
  reviews?: number;
  issues?: number;
}

const activitySchema = z.object({
  status: z.discriminatedUnion('state', [
    z.object({ state: z.literal('off'), reason: z.string() }),
    z.object({ state: z.literal('ok'), syncedAt: z.string() }),
    z.object({ state: z.literal('failed'), error: z.string(), syncedAt: z.string().nullable() }),
  ]),
  points: z.object({ approved: z.number(), changesRequested: z.number(), commented: z.number(), issueCompleted: z.number().catch(0) }),
  reviews: z.number().optional().catch(undefined),
  issues: z.number().optional().catch(undefined),
});

/** The board's activity facts, or null when it has none (or records them in a shape this page does not know). */
export function readBoardActivity(metadata: Record<string, unknown>): BoardActivityInfo | null {
  const parsed = activitySchema.safeParse(metadata.activity);
  return parsed.success ? parsed.data : null;
}

/**
 * Whether the board shows reviews (column, card, lists, series): it has activity facts, unless
 * none was read (off: a token but no repository on GitHub; "How scores work" says why) or every
 * sync failed with nothing read (the page says what failed, with no empty column). A failed sync
 * that never finished may still have read some (a first sync cut off, a merged part that read
 * its own): those count in the totals, so they are shown.
 */
export function showsReviews(info: BoardActivityInfo | null): boolean {
  if (info === null || info.status.state === 'off') return false;
  return info.status.state !== 'failed' || info.status.syncedAt !== null || (info.reviews ?? 0) + (info.issues ?? 0) > 0;
}

/** Whether the board's metadata says it shows reviews (see {@link showsReviews}). */
export function boardShowsReviews(metadata: Record<string, unknown>): boolean {
  return showsReviews(readBoardActivity(metadata));
}

/** How reviews are turned on, for a board that does not count them. */
export const TURN_ON_REVIEWS = 'To count them, set GITHUB_TOKEN or GH_TOKEN, or sign in with the GitHub CLI (gh auth login), with github.activity true (the default) in leaderboard.config.json, and refresh.';

/** A review state in words. */
export function reviewStateText(state: string): string {
  return state === 'APPROVED' ? 'Approved' : state === 'CHANGES_REQUESTED' ? 'Changes requested' : 'Commented';
}

/** `text` ending as a sentence does, so the hint after it does not run into it. */
export const asSentence = (text: string): string => (/[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`);

/**
 * What a failed sync leaves on the board: the date of the reviews shown, the ones read so far
 * when no sync finished (`shown`: see {@link showsReviews}), or that none were read.
 */
export function failedSyncHint(syncedAt: string | null, shown: boolean): string {
  if (syncedAt) return `The reviews shown were read on ${syncedAt.slice(0, 10)}.`;
  return shown ? 'The reviews shown are those read so far.' : 'No reviews have been read yet.';
}
