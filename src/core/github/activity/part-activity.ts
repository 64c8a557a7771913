import { z } from 'zod';
import type { IssueRecord, PartActivity, ReviewRecord } from '../../activity.js';
import { boardOrderOf } from '../../board/activity-buckets.js';
import { PullRows } from '../../board/pull-rows.js';
import { ColumnsBuilder, isColumns, Numbering, recordOf, setTime, STATE_CODE, type ReviewColumns } from '../../board/review-columns.js';
import { isoDates } from '../../../shared/seconds.js';
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
 * boardOrderOf), issues oldest first. Only the pull request and issue streams change it, so the
 * refresh makes it (and its text) while git is still read, before the email look-ups, which wait
 * for the commits, add the rest.
 */
export interface ActivityHead {
  repository: string;
  reviews: ReviewColumns;
  issues: IssueRecord[];
}

export function activityHead(cache: ActivityCache, repository: string, windowStart: Date | null): ActivityHead {
  const from = windowStart?.toISOString() ?? '';
  const b = new ColumnsBuilder();
  for (const p of cache.pulls.values()) {
    for (const r of p.reviews) if (r.submittedAt >= from) b.add(p.author ? { ...r, prAuthor: p.author } : r, repository);
  }
  // In the board's order, so that the refresh that reads them back from the file need not sort them.
  const reviews = boardOrderOf(b.build());
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
export const partActivityText = (activity: PartActivity): string => `${JSON.stringify({ ...activity, reviews: recordsOf(activity.reviews) })}\n`;

/** Reviews as records. */
export function recordsOf(reviews: ReviewRecord[] | ReviewColumns): ReviewRecord[] {
  if (!isColumns(reviews)) return reviews;
  const iso = isoDates();
  return Array.from({ length: reviews.length }, (_, i) => recordOf(reviews, i, iso));
}

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
  const c = h.reviews;
  const pulls: string[] = [];
  const pullRows = new PullRows();
  // Column pull request -> its row in the file (-1: not met yet): rows and logins numbered in the order first met.
  const rowOf = new Int32Array(c.pulls.pr.length).fill(-1);
  const logins = new Numbering();
  const pull = new Int32Array(c.length);
  const login = new Int32Array(c.length);
  // Each pull request's author, as an index into the logins (-1: not known).
  const pullAuthor: number[] = [];
  const letters = Buffer.allocUnsafe(c.length);
  const at: string[] = new Array<string>(c.length);
  const iso = isoDates();
  for (let i = 0; i < c.length; i++) {
    const p = c.pull[i] as number;
    let row = rowOf[p] as number;
    if (row === -1) {
      const pr = c.pulls.pr[p] as number;
      const title = c.pulls.title[p] as string;
      const url = c.pulls.url[p] as string;
      row = rowOf[p] = pullRows.idOf(h.repository, pr, title, url);
      if (row === pulls.length) {
        pulls.push(JSON.stringify(pullRow(h.repository, pr, title, url, false)));
        const author = c.pulls.author[p] as number;
        pullAuthor.push(author === -1 ? -1 : logins.id(c.logins[author] as string));
      }
    }
    pull[i] = row;
    login[i] = logins.id(c.logins[c.login[i] as number] as string);
    letters[i] = LETTERS[c.state[i] as number] as number;
    at[i] = c.odd.get(i) ?? iso((c.ms[i] as number) / 1000);
  }
  return `{"source":${JSON.stringify(source)},"repository":${JSON.stringify(h.repository)},"review_pulls":[${pulls.join(',')}],"review_pull_author":${JSON.stringify(pullAuthor)},"review_logins":${JSON.stringify(logins.list)},`
    + `"review_pull":[${pull.join(',')}],"review_login":[${login.join(',')}],"review_state":${JSON.stringify(letters.toString('latin1'))},"review_at":${JSON.stringify(at)},"issues":${JSON.stringify(h.issues)}`;
}

/** Each state code's letter's character code (see REVIEW_STATE_LETTERS). */
const LETTERS = REVIEW_STATES.map((state) => REVIEW_STATE_LETTERS[state].charCodeAt(0));

const TAIL_START = ',"emailLogins":';
export const activityTailText = (activity: Pick<PartActivity, 'emailLogins' | 'profiles'>): string => `${TAIL_START}${JSON.stringify(activity.emailLogins)},"profiles":${JSON.stringify(activity.profiles)}}\n`;

const REVIEW_COLUMNS = ['review_pulls', 'review_pull_author', 'review_logins', 'review_pull', 'review_login', 'review_state', 'review_at'];
const HEAD_KEYS = ['source', 'repository', ...REVIEW_COLUMNS, 'issues'];
const headIssuesSchema = z.array(issueSchema);
const STATES: ReadonlySet<unknown> = new Set(REVIEW_STATES);

const isIndexInto = (v: unknown, table: readonly unknown[]): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < table.length;

/** A `review_state` letter's character code -> its state code (see STATE_CODE); -1: not a state. */
const CODE_OF_LETTER = new Int8Array(128).fill(-1);
for (const [letter, state] of Object.entries(REVIEW_STATE_OF_LETTER)) if (state) CODE_OF_LETTER[letter.charCodeAt(0)] = STATE_CODE[state];

/**
 * The reviews of a compact head (see {@link activityHeadText}), or of the rows an earlier version
 * wrote (`reviews`: `[pull, state, submittedAt, login]` each), as columns in the file's order;
 * null when they are not as written.
 */
function compactColumns(repository: string, json: Record<string, unknown>): ReviewColumns | null {
  const rowsOfPulls = json['review_pulls'];
  if (!Array.isArray(rowsOfPulls)) return null;
  const pulls = { repo: new Array<string>(rowsOfPulls.length).fill(repository), pr: [] as number[], title: [] as string[], url: [] as string[], author: new Array<number>(rowsOfPulls.length).fill(-1) };
  for (const p of rowsOfPulls as unknown[]) {
    if (!Array.isArray(p) || (p.length !== 2 && p.length !== 3) || !Number.isInteger(p[0]) || typeof p[1] !== 'string' || (p.length === 3 && typeof p[2] !== 'string')) return null;
    pulls.pr.push(p[0] as number);
    pulls.title.push(p[1]);
    pulls.url.push(p.length === 3 ? (p[2] as string) : pullUrl(repository, p[0] as number));
  }
  const { review_logins: listed, review_pull: pull, review_login: login, review_state: state, review_at: at, reviews: rows, review_pull_author: authors } = json;
  if (listed !== undefined && (!Array.isArray(listed) || !listed.every((l) => typeof l === 'string'))) return null;
  // The rows an earlier version wrote name their logins: numbered here.
  const rowLogins = listed === undefined ? new Numbering() : null;
  const logins = rowLogins?.list ?? (listed as string[]);
  // Each pull request's author (see activityHeadText); none in the rows an earlier version wrote.
  if (authors !== undefined) {
    if (!Array.isArray(authors) || authors.length !== pulls.pr.length || listed === undefined) return null;
    for (let k = 0; k < authors.length; k++) {
      const a = authors[k] as unknown;
      if (a !== -1 && !isIndexInto(a, logins)) return null;
      pulls.author[k] = a as number;
    }
  }
  const n = Array.isArray(rows) ? rows.length : Array.isArray(pull) ? pull.length : -1;
  if (n < 0) return null;
  const c = { length: n, pulls, logins, pull: new Int32Array(n), login: new Int32Array(n), state: new Uint8Array(n), ms: new Float64Array(n), odd: new Map<number, string>() };
  const set = (i: number, p: unknown, code: number, submittedAt: unknown, l: number): boolean => {
    if (!isIndexInto(p, rowsOfPulls) || code < 0 || typeof submittedAt !== 'string') return false;
    setTime(c.ms, c.odd, i, submittedAt);
    c.pull[i] = p;
    c.login[i] = l;
    c.state[i] = code;
    return true;
  };
  if (rows !== undefined) {
    if (!Array.isArray(rows) || !rowLogins) return null;
    for (let i = 0; i < n; i++) {
      const row = rows[i] as unknown;
      if (!Array.isArray(row) || row.length !== 4 || typeof row[3] !== 'string') return null;
      const l = rowLogins.id(row[3]);
      const code = STATES.has(row[1]) ? STATE_CODE[row[1] as ReviewRecord['state']] : -1;
      if (!set(i, row[0], code, row[2], l)) return null;
    }
    return c;
  }
  if (listed === undefined || !Array.isArray(login) || !Array.isArray(at) || typeof state !== 'string') return null;
  if (login.length !== n || at.length !== n || state.length !== n) return null;
  for (let i = 0; i < n; i++) {
    const l = login[i] as unknown;
    const letter = state.charCodeAt(i);
    if (!isIndexInto(l, logins) || !set(i, (pull as unknown[])[i], letter < 128 ? (CODE_OF_LETTER[letter] as number) : -1, at[i], l)) return null;
  }
  return c;
}

/** The length of a stored activity file's head when it was made from `source`, else -1 (its text is not checked). */
export function storedHeadLength(stored: Buffer, source: string): number {
  const lead = Buffer.from(`{"source":${JSON.stringify(source)},`);
  if (!stored.subarray(0, lead.length).equals(lead)) return -1;
  // The tail's key cannot occur inside a JSON string (its quotes would be escaped): its last occurrence is the key.
  return stored.lastIndexOf(TAIL_START);
}

/**
 * The head of a stored activity file made from `source`, its reviews as columns in the file's
 * order, and its length in bytes; null when the file was made from something else or is not as
 * {@link activityHeadText} writes it. Only the head is parsed, and its rows checked by hand.
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
  const { repository, issues } = json as Record<string, unknown>;
  if (typeof repository !== 'string') return null;
  const reviews = compactColumns(repository, json as Record<string, unknown>);
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
    const reviews = compactColumns(activity.repository, json as Record<string, unknown>);
    return reviews ? { ...activity, reviews: recordsOf(reviews) } : null;
  } catch {
    return null;
  }
}
