import { z } from 'zod';
import type { PartActivity } from '../../activity.js';
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
 * What a repository's cache gives the board: its counting reviews and issues in the window
 * (a longer earlier window may have left older ones in the cache), oldest first, and the
 * email and profile answers.
 */
export function activityOf(cache: ActivityCache, repository: string, windowStart: Date | null): PartActivity {
  const from = windowStart?.toISOString() ?? '';
  const reviews = [...cache.pulls.values()].flatMap((p) => p.reviews).filter((r) => r.submittedAt >= from);
  reviews.sort((a, b) => (a.submittedAt < b.submittedAt ? -1 : a.submittedAt > b.submittedAt ? 1 : a.pr - b.pr));
  const issues = [...cache.issues.values()].flatMap((i) => (i && i.createdAt >= from ? [i] : []));
  issues.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.number - b.number));
  return { repository, reviews, issues, emailLogins: Object.fromEntries(cache.emailLogins), profiles: Object.fromEntries(cache.profiles) };
}

/** A part's activity file's text. */
export const partActivityText = (activity: PartActivity): string => `${JSON.stringify(activity)}\n`;

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
