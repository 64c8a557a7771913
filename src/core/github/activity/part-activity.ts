import { z } from 'zod';
import type { IssueRecord, PartActivity, ReviewRecord } from '../../activity.js';
import { readTextIfExists, writeFileAtomic } from '../../store/files.js';
import type { ActivityCache } from './cache.js';

/** File of a part's activity as its last refresh gave it to the board, beside its score cache. */
export const PART_ACTIVITY_FILE = 'github-activity.json';
/** File of the sync's cache (append log), beside it. */
export const ACTIVITY_CACHE_FILE = 'github-activity-cache.jsonl';

const partActivitySchema = z.object({
  repository: z.string(),
  reviews: z.array(z.object({ pr: z.number(), title: z.string(), url: z.string(), state: z.enum(['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED']), submittedAt: z.string(), login: z.string() })),
  issues: z.array(z.object({ number: z.number(), title: z.string(), url: z.string(), createdAt: z.string(), login: z.string() })),
  emailLogins: z.record(z.string(), z.string().nullable()),
  profiles: z.record(z.string(), z.string().nullable()),
});

/**
 * The bulk of a part's activity: its counting reviews and issues in the window (a longer earlier
 * window may have left older ones in the cache), oldest first. Only the pull request and issue
 * streams change it, so the refresh makes it (and its text) while git is still read, before the
 * email look-ups, which wait for the commits, add the rest.
 */
export interface ActivityHead {
  repository: string;
  reviews: ReviewRecord[];
  issues: IssueRecord[];
}

export function activityHead(cache: ActivityCache, repository: string, windowStart: Date | null): ActivityHead {
  const from = windowStart?.toISOString() ?? '';
  const reviews = [...cache.pulls.values()].flatMap((p) => p.reviews).filter((r) => r.submittedAt >= from);
  reviews.sort((a, b) => (a.submittedAt < b.submittedAt ? -1 : a.submittedAt > b.submittedAt ? 1 : a.pr - b.pr));
  const issues = [...cache.issues.values()].flatMap((i) => (i && i.createdAt >= from ? [i] : []));
  issues.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.number - b.number));
  return { repository, reviews, issues };
}

/** What a repository's cache gives the board: its head (made now, or earlier) and the email and profile answers. */
export function activityOf(cache: ActivityCache, repository: string, windowStart: Date | null, head = activityHead(cache, repository, windowStart)): PartActivity {
  return { repository, reviews: head.reviews, issues: head.issues, emailLogins: Object.fromEntries(cache.emailLogins), profiles: Object.fromEntries(cache.profiles) };
}

/** A part's activity file's text. */
export const partActivityText = (activity: PartActivity): string => `${JSON.stringify(activity)}\n`;

/** {@link partActivityText} in two pieces: up to the issues (keys in PartActivity's order), and the rest. */
export const activityHeadText = (h: ActivityHead): string => `{"repository":${JSON.stringify(h.repository)},"reviews":${JSON.stringify(h.reviews)},"issues":${JSON.stringify(h.issues)}`;
export const activityTailText = (activity: PartActivity): string => `,"emailLogins":${JSON.stringify(activity.emailLogins)},"profiles":${JSON.stringify(activity.profiles)}}\n`;

/** Writes a part's activity (atomically). */
export function writePartActivity(file: string, activity: PartActivity): Promise<void> {
  return writeFileAtomic(file, partActivityText(activity));
}

/** A part's stored activity, or null when it has none (never read, or an unreadable file: the next refresh writes it again). */
export async function readPartActivity(file: string): Promise<PartActivity | null> {
  const text = await readTextIfExists(file);
  if (text === null) return null;
  try {
    return partActivitySchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}
