import { z } from 'zod';
import type { IssueRecord, PartActivity, ReviewRecord } from '../../activity.js';
import { boardOrder } from '../../board/activity-buckets.js';
import { readTextIfExists, writeFileAtomic } from '../../store/files.js';
import { isReviewAsParsed, issueSchema, keysAre, type ActivityCache } from './cache.js';

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
 * window may have left older ones in the cache): reviews in the board's order (newest first, see
 * boardOrder), issues oldest first. Only the pull request and issue streams change it, so the
 * refresh makes it (and its text) while git is still read, before the email look-ups, which wait
 * for the commits, add the rest.
 */
export interface ActivityHead {
  repository: string;
  reviews: ReviewRecord[];
  issues: IssueRecord[];
}

export function activityHead(cache: ActivityCache, repository: string, windowStart: Date | null): ActivityHead {
  const from = windowStart?.toISOString() ?? '';
  // In the board's order, so that the refresh that reads them back from the file need not sort them.
  const reviews = boardOrder([...cache.pulls.values()].flatMap((p) => p.reviews).filter((r) => r.submittedAt >= from));
  const issues = [...cache.issues.values()].flatMap((i) => (i && i.createdAt >= from ? [i] : []));
  issues.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.number - b.number));
  return { repository, reviews, issues };
}

/** The email and profile answers of a repository's cache. */
export const answersOf = (cache: ActivityCache): Pick<PartActivity, 'emailLogins' | 'profiles'> => ({ emailLogins: Object.fromEntries(cache.emailLogins), profiles: Object.fromEntries(cache.profiles) });

/** What a repository's cache gives the board: its head (made now, or earlier) and the email and profile answers. */
export function activityOf(cache: ActivityCache, repository: string, windowStart: Date | null, head = activityHead(cache, repository, windowStart)): PartActivity {
  return { repository, reviews: head.reviews, issues: head.issues, ...answersOf(cache) };
}

/** A part's activity file's text. */
export const partActivityText = (activity: PartActivity): string => `${JSON.stringify(activity)}\n`;

/**
 * {@link partActivityText} in two pieces, the head led by its source (see ActivityCache's
 * `headSource`): up to the issues (keys in PartActivity's order), and the rest.
 */
export const activityHeadText = (h: ActivityHead, source: string): string =>
  `{"source":${JSON.stringify(source)},"repository":${JSON.stringify(h.repository)},"reviews":${JSON.stringify(h.reviews)},"issues":${JSON.stringify(h.issues)}`;
const TAIL_START = ',"emailLogins":';
export const activityTailText = (activity: Pick<PartActivity, 'emailLogins' | 'profiles'>): string => `${TAIL_START}${JSON.stringify(activity.emailLogins)},"profiles":${JSON.stringify(activity.profiles)}}\n`;

const HEAD_KEYS = ['source', 'repository', 'reviews', 'issues'];
const headIssuesSchema = z.array(issueSchema);

/** The length of a stored activity file's head when it was made from `source`, else -1 (its text is not checked). */
export function storedHeadLength(stored: Buffer, source: string): number {
  const lead = Buffer.from(`{"source":${JSON.stringify(source)},`);
  if (!stored.subarray(0, lead.length).equals(lead)) return -1;
  // The tail's key cannot occur inside a JSON string (its quotes would be escaped): its last occurrence is the key.
  return stored.lastIndexOf(TAIL_START);
}

/**
 * The head of a stored activity file made from `source`, and its length in bytes; null when the
 * file was made from something else or is not as {@link activityHeadText} writes it. Only the
 * head is parsed, and its reviews checked by hand: 60,000 reviews through the schema cost more
 * than making them again.
 */
export function storedHead(stored: Buffer, source: string): { head: ActivityHead; length: number } | null {
  const length = storedHeadLength(stored, source);
  if (length < 0) return null;
  let json: unknown;
  try {
    json = JSON.parse(`${stored.toString('utf8', 0, length)}}`);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || !keysAre(json, HEAD_KEYS)) return null;
  const { repository, reviews, issues } = json as Record<string, unknown>;
  if (typeof repository !== 'string' || !Array.isArray(reviews) || !reviews.every(isReviewAsParsed)) return null;
  const parsedIssues = headIssuesSchema.safeParse(issues);
  return parsedIssues.success ? { head: { repository, reviews, issues: parsedIssues.data }, length } : null;
}

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
