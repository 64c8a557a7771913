import { z } from 'zod';
import type { IssueRecord, PartActivity, ReviewRecord } from '../../activity.js';
import { boardOrder } from '../../board/activity-buckets.js';
import { PullRows } from '../../board/pull-rows.js';
import { readTextIfExists, writeFileAtomic } from '../../store/files.js';
import { pullRow, pullUrl, REVIEW_STATE_LETTERS, REVIEW_STATE_OF_LETTER, REVIEW_STATES } from '../../../shared/review-rows.js';
import { issueSchema, keysAre, type ActivityCache } from './cache.js';

/** File of a part's activity as its last refresh gave it to the board, beside its score cache. */
export const PART_ACTIVITY_FILE = 'github-activity.json';
/** File of the sync's cache (append log), beside it. */
export const ACTIVITY_CACHE_FILE = 'github-activity-cache.jsonl';

const partActivitySchema = z.object({
  repository: z.string(),
  reviews: z.array(z.object({ pr: z.number(), title: z.string(), url: z.string(), state: z.enum(['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED']), submittedAt: z.string(), login: z.string(), prAuthor: z.string().optional() })),
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
  const reviews = boardOrder([...cache.pulls.values()].flatMap((p) => {
    const kept = p.reviews.filter((r) => r.submittedAt >= from);
    const author = p.author;
    return author ? kept.map((r) => ({ ...r, prAuthor: author })) : kept;
  }));
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

/** A part's activity file's text, as `merge` writes it (reviews as objects, no source). */
export const partActivityText = (activity: PartActivity): string => `${JSON.stringify(activity)}\n`;

/**
 * The refresh's activity file in two pieces: the head, led by its source (see ActivityCache's
 * `headSource`), with the reviews compact, and the rest (the answers). Each reviewed pull request
 * is in `review_pulls` once, as `[pr, title]` (`[pr, title, url]` when the URL is not GitHub's
 * usual one), each login in `review_logins` once, and the reviews are columns: `review_pull` and
 * `review_login` (indexes into those), `review_state` (a letter per review, see REVIEW_STATE_LETTERS) and
 * `review_at`. The reviews bench's 60,000 are 2.7 MB instead of 9.5 as objects, and parse into
 * three arrays of numbers and one of strings rather than an array per review (a third of the time).
 */
export function activityHeadText(h: ActivityHead, source: string): string {
  const pulls: string[] = [];
  const pullRows = new PullRows();
  const logins: string[] = [];
  const loginIds = new Map<string, number>();
  const pull: number[] = [];
  const login: number[] = [];
  // Each pull request's author, as an index into the logins (-1: not known).
  const pullAuthor: number[] = [];
  let state = '';
  const loginId = (name: string): number => {
    let l = loginIds.get(name);
    if (l === undefined) {
      loginIds.set(name, (l = logins.length));
      logins.push(name);
    }
    return l;
  };
  for (const r of h.reviews) {
    const id = pullRows.idOf(h.repository, r.pr, r.title, r.url);
    if (id === pulls.length) {
      pulls.push(JSON.stringify(pullRow(h.repository, r.pr, r.title, r.url, false)));
      pullAuthor.push(r.prAuthor === undefined ? -1 : loginId(r.prAuthor));
    }
    pull.push(id);
    login.push(loginId(r.login));
    state += REVIEW_STATE_LETTERS[r.state];
  }
  return `{"source":${JSON.stringify(source)},"repository":${JSON.stringify(h.repository)},"review_pulls":[${pulls.join(',')}],"review_pull_author":${JSON.stringify(pullAuthor)},"review_logins":${JSON.stringify(logins)},`
    + `"review_pull":${JSON.stringify(pull)},"review_login":${JSON.stringify(login)},"review_state":${JSON.stringify(state)},"review_at":${JSON.stringify(h.reviews.map((r) => r.submittedAt))},"issues":${JSON.stringify(h.issues)}`;
}

const TAIL_START = ',"emailLogins":';
export const activityTailText = (activity: Pick<PartActivity, 'emailLogins' | 'profiles'>): string => `${TAIL_START}${JSON.stringify(activity.emailLogins)},"profiles":${JSON.stringify(activity.profiles)}}\n`;

const REVIEW_COLUMNS = ['review_pulls', 'review_pull_author', 'review_logins', 'review_pull', 'review_login', 'review_state', 'review_at'];
const HEAD_KEYS = ['source', 'repository', ...REVIEW_COLUMNS, 'issues'];
const headIssuesSchema = z.array(issueSchema);
const STATES: ReadonlySet<unknown> = new Set(REVIEW_STATES);

/** Makes one review record of a compact row (the refresh makes the board's records directly). */
export type ReviewMaker<T> = (pr: number, title: string, url: string, state: ReviewRecord['state'], submittedAt: string, login: string, prAuthor: string | undefined) => T;
export const reviewRecord: ReviewMaker<ReviewRecord> = (pr, title, url, state, submittedAt, login, prAuthor) => (
  prAuthor === undefined ? { pr, title, url, state, submittedAt, login } : { pr, title, url, state, submittedAt, login, prAuthor });

const isIndexInto = (v: unknown, table: readonly unknown[]): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < table.length;

/**
 * The reviews of a compact head (see {@link activityHeadText}), or of the rows an earlier version
 * wrote (`reviews`: `[pull, state, submittedAt, login]` each); null when they are not as written.
 */
function compactReviews<T>(repository: string, json: Record<string, unknown>, make: ReviewMaker<T>): T[] | null {
  const pulls = json['review_pulls'];
  if (!Array.isArray(pulls)) return null;
  const urls: string[] = [];
  for (const p of pulls as unknown[]) {
    if (!Array.isArray(p) || (p.length !== 2 && p.length !== 3) || !Number.isInteger(p[0]) || typeof p[1] !== 'string' || (p.length === 3 && typeof p[2] !== 'string')) return null;
    urls.push(p.length === 3 ? (p[2] as string) : pullUrl(repository, p[0] as number));
  }
  const { review_logins: logins, review_pull: pull, review_login: login, review_state: state, review_at: at, reviews: rows, review_pull_author: authors } = json;
  // Each pull request's author (see activityHeadText); none in the rows an earlier version wrote.
  const authorOf: (string | undefined)[] = new Array<string | undefined>(pulls.length);
  if (authors !== undefined) {
    if (!Array.isArray(authors) || authors.length !== pulls.length || !Array.isArray(logins)) return null;
    for (let k = 0; k < authors.length; k++) {
      const a = authors[k] as unknown;
      if (a === -1) continue;
      if (!isIndexInto(a, logins) || typeof logins[a] !== 'string') return null;
      authorOf[k] = logins[a] as string;
    }
  }
  const review = (pull: unknown, state: unknown, submittedAt: unknown, login: unknown): T | null => {
    if (!isIndexInto(pull, pulls) || !STATES.has(state) || typeof submittedAt !== 'string' || typeof login !== 'string') return null;
    const p = pulls[pull] as [number, string];
    return make(p[0], p[1], urls[pull] as string, state as ReviewRecord['state'], submittedAt, login, authorOf[pull]);
  };
  if (rows !== undefined) {
    if (!Array.isArray(rows)) return null;
    const out: T[] = new Array<T>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as unknown;
      const r = Array.isArray(row) && row.length === 4 ? review(row[0], row[1], row[2], row[3]) : null;
      if (r === null) return null;
      out[i] = r;
    }
    return out;
  }
  if (!Array.isArray(logins) || !Array.isArray(pull) || !Array.isArray(login) || !Array.isArray(at) || typeof state !== 'string') return null;
  const n = pull.length;
  if (login.length !== n || at.length !== n || state.length !== n) return null;
  const out: T[] = new Array<T>(n);
  for (let i = 0; i < n; i++) {
    const l = login[i] as unknown;
    const r = isIndexInto(l, logins) ? review(pull[i], REVIEW_STATE_OF_LETTER[state[i] as string], at[i], logins[l]) : null;
    if (r === null) return null;
    out[i] = r;
  }
  return out;
}

/** The length of a stored activity file's head when it was made from `source`, else -1 (its text is not checked). */
export function storedHeadLength(stored: Buffer, source: string): number {
  const lead = Buffer.from(`{"source":${JSON.stringify(source)},`);
  if (!stored.subarray(0, lead.length).equals(lead)) return -1;
  // The tail's key cannot occur inside a JSON string (its quotes would be escaped): its last occurrence is the key.
  return stored.lastIndexOf(TAIL_START);
}

/**
 * The head of a stored activity file made from `source`, its reviews made by `make`, and its
 * length in bytes; null when the file was made from something else or is not as
 * {@link activityHeadText} writes it. Only the head is parsed, and its rows checked by hand.
 */
export function storedHead<T extends ReviewRecord>(stored: Buffer, source: string, make: ReviewMaker<T>): { head: ActivityHead & { reviews: T[] }; length: number } | null {
  const length = storedHeadLength(stored, source);
  if (length < 0) return null;
  let json: unknown;
  try {
    json = JSON.parse(`${stored.toString('utf8', 0, length)}}`);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || !keysAre(json, HEAD_KEYS)) return null;
  const { repository, issues } = json as Record<string, unknown>;
  if (typeof repository !== 'string') return null;
  const reviews = compactReviews(repository, json as Record<string, unknown>, make);
  const parsedIssues = headIssuesSchema.safeParse(issues);
  return reviews && parsedIssues.success ? { head: { repository, reviews, issues: parsedIssues.data }, length } : null;
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
    const json: unknown = JSON.parse(text);
    // The refresh writes the reviews compact (see activityHeadText), `merge` as objects.
    if (typeof json !== 'object' || json === null || !('review_pulls' in json)) return partActivitySchema.parse(json);
    // The schema drops the compact columns (and the head's source); the reviews are read from them.
    const activity = partActivitySchema.parse({ ...json, reviews: [] });
    const reviews = compactReviews(activity.repository, json as Record<string, unknown>, reviewRecord);
    return reviews ? { ...activity, reviews } : null;
  } catch {
    return null;
  }
}
