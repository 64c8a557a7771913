import { PERIOD_TYPES, type PeriodType } from '../../shared/data-file.js';
import type { ActivityStatus, IssueRecord, ReviewRecord } from '../activity.js';
import type { LeaderboardConfig } from '../config.js';
import { periodLabels } from '../periods.js';
import { ColumnsBuilder, inBoardOrder, isColumns, Numbering, type NamedColumns, type ReviewColumns } from './review-columns.js';

/** A review with the contributor it counts for and its repository (`owner/name`). */
export interface NamedReview extends ReviewRecord {
  name: string;
  repo: string;
}

/** An issue report with the contributor it counts for and its repository. */
export interface NamedIssue extends IssueRecord {
  name: string;
  repo: string;
}

/** GitHub activity as buildLeaderboardData receives it: records already linked to contributors. */
export interface BoardActivity {
  /** As columns (a refresh's, see assemble.ts), or as records. */
  reviews: NamedReview[] | NamedColumns;
  issues: NamedIssue[];
  points: LeaderboardConfig['github']['points'];
  status: ActivityStatus;
  /** Records before it are outside the analysed window (null: the whole history). */
  windowStart: Date | null;
  /** Records after it are left out, as commits are (see windowEndFor); absent: none. */
  windowEnd?: Date;
  /** Each contributor's GitHub login, where one is known (the published site shows it in place of an email). Default: none. */
  logins?: ReadonlyMap<string, string>;
}

/** One contributor's activity in one period. */
export interface ActivityBucket {
  /** The review that counted for each pull request, newest first: indexes into {@link Activity.reviews}. */
  reviews: number[];
  /** Hundredths of a point. */
  reviewCents: number;
  issues: number;
  issueCents: number;
}

/** type -> period label -> contributor -> bucket. */
export type ActivityGroups = Record<PeriodType, Map<string, Map<string, ActivityBucket>>>;

/** What {@link activityBuckets} gives: the groups, and every review in the board's order (see boardOrderOf). */
export interface Activity {
  groups: ActivityGroups;
  reviews: NamedColumns;
}

const DAY_MS = 86_400_000;
/** By state code (see STATE_CODE): APPROVED and CHANGES_REQUESTED are above COMMENTED. */
const LEVEL = [2, 2, 1];

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Ties of time: repository, pull request, login, state (ASCII: GitHub's names; their codes sort alike), then the input order. */
function compareTies(c: ReviewColumns, x: number, y: number): number {
  const px = c.pull[x] as number;
  const py = c.pull[y] as number;
  if (px === py) return byText(c.logins[c.login[x] as number] as string, c.logins[c.login[y] as number] as string) || (c.state[x] as number) - (c.state[y] as number);
  return byText(c.pulls.repo[px] as string, c.pulls.repo[py] as string) || (c.pulls.pr[px] as number) - (c.pulls.pr[py] as number)
    || byText(c.logins[c.login[x] as number] as string, c.logins[c.login[y] as number] as string) || (c.state[x] as number) - (c.state[y] as number);
}

/** Second-precision keys sort natively with the review's index in their low bits (up to 2^20 reviews). */
const INDEX_BITS = 2 ** 20;
/** 2106-02-07 in seconds: later times (or NaN) sort after every valid one. */
const LAST_SECOND = 2 ** 32;

/**
 * The board's order of reviews, as indexes: newest first, then by repository, pull request,
 * login and state, then their order here; null when they are in it already (a part's reviews as
 * the refresh stores them). A typed array of numbers sorts natively (~5 ms for 60,000 reviews, a
 * comparator sort ~20 ms): its keys hold the second (newest first) and the index, so only reviews
 * of the same second are compared after.
 */
function newestFirst(c: ReviewColumns): Uint32Array | null {
  const n = c.length;
  const times = c.ms;
  const second = (i: number): number => {
    const s = Math.floor((times[i] as number) / 1000);
    return s >= 0 && s < LAST_SECOND ? LAST_SECOND - 1 - s : LAST_SECOND;
  };
  // NaN (a date that cannot be read) after every time, as its second sorts.
  const time = (i: number): number => (Number.isNaN(times[i]) ? -Infinity : (times[i] as number));
  const full = (x: number, y: number): number => time(y) - time(x) || compareTies(c, x, y) || x - y;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = full(i - 1, i) < 0;
  if (sorted) return null;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (n >= INDEX_BITS) return order.sort((x, y) => second(x) - second(y) || full(x, y));
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = second(i) * INDEX_BITS + i;
  keys.sort();
  for (let k = 0; k < n; k++) order[k] = (keys[k] as number) % INDEX_BITS;
  // Each run of one second: by time, then the rest.
  for (let start = 0; start < n; ) {
    const s = Math.floor((keys[start] as number) / INDEX_BITS);
    let end = start + 1;
    while (end < n && Math.floor((keys[end] as number) / INDEX_BITS) === s) end++;
    // Runs are short (a few reviews of one pull request at most): insertion sort; a typed array's
    // sort with a comparator cost ~1.5 µs a call, 30 ms for the bench's 20,000 runs.
    for (let k = start + 1; k < end; k++) {
      const v = order[k] as number;
      let j = k - 1;
      for (; j >= start && full(order[j] as number, v) > 0; j--) order[j + 1] = order[j] as number;
      order[j + 1] = v;
    }
    start = end;
  }
  return order;
}

/** The reviews in the board's order (the same columns when they are in it already). */
export function boardOrderOf<T extends ReviewColumns>(c: T): T {
  if (inBoardOrder.has(c)) return c;
  const order = newestFirst(c);
  if (!order) {
    inBoardOrder.add(c);
    return c;
  }
  const pick = <A extends Int32Array | Uint8Array | Float64Array>(from: A, to: A): A => {
    for (let k = 0; k < order.length; k++) to[k] = from[order[k] as number] as number;
    return to;
  };
  const odd = new Map<number, string>();
  if (c.odd.size > 0) for (let k = 0; k < order.length; k++) {
    const text = c.odd.get(order[k] as number);
    if (text !== undefined) odd.set(k, text);
  }
  const n = c.length;
  const person = (c as Partial<NamedColumns>).person;
  const sorted: T = {
    ...c,
    pull: pick(c.pull, new Int32Array(n)), login: pick(c.login, new Int32Array(n)), state: pick(c.state, new Uint8Array(n)), ms: pick(c.ms, new Float64Array(n)), odd,
    ...(person ? { person: pick(person, new Int32Array(n)) } : {}),
  };
  inBoardOrder.add(sorted);
  return sorted;
}

/** Named review records (a test's, or linked elsewhere) as the board's columns. */
export function namedColumnsOf(reviews: readonly NamedReview[]): NamedColumns {
  const b = new ColumnsBuilder();
  const names = new Numbering();
  const person = new Int32Array(reviews.length);
  reviews.forEach((r, i) => {
    b.add(r, r.repo);
    person[i] = names.id(r.name);
  });
  return { ...b.build(), person, names: names.list };
}

/** Whether state `a` is the one to count rather than `b`, an older one's (same person and pull request): the higher state, then more points. */
function better(a: number, b: number, points: readonly number[]): boolean {
  const level = (LEVEL[a] as number) - (LEVEL[b] as number);
  if (level !== 0) return level > 0;
  return (points[a] as number) > (points[b] as number);
}

/**
 * Groups the activity by period type, label and contributor. A review belongs to the periods of
 * its `submittedAt` (UTC day), an issue to those of its `createdAt`; records before the window
 * are left out. One person's reviews of one pull request count once per period, at the highest
 * state they reached in it (APPROVED or CHANGES_REQUESTED above COMMENTED). Issues count only
 * when `points.issueCompleted` is above 0.
 */
export function activityBuckets(a: BoardActivity): Activity {
  const reviews = boardOrderOf(isColumns(a.reviews) ? a.reviews : namedColumnsOf(a.reviews));
  const from = a.windowStart?.getTime() ?? -Infinity;
  const to = a.windowEnd?.getTime() ?? Infinity;
  const groups: ActivityGroups = { weekly: new Map(), monthly: new Map(), quarterly: new Map() };
  // Each day's three period labels, made once per day.
  const days = new Map<number, Record<PeriodType, string>>();
  const labelsOfDay = (day: number): Record<PeriodType, string> => {
    let labels = days.get(day);
    if (!labels) days.set(day, (labels = periodLabels(new Date(day * DAY_MS))));
    return labels;
  };
  // Null outside the window (and for a date that cannot be read).
  const dayOf = (ms: number): Record<PeriodType, string> | null => (ms >= from && ms <= to ? labelsOfDay(Math.floor(ms / DAY_MS)) : null);
  // A number per repository and pull request number (a retitled one has two rows), then one per
  // person and pull request: no key text per review, and arrays, not maps, below.
  const { pulls, person: personAt, names } = reviews;
  const prKeyOf = new Int32Array(pulls.pr.length);
  const prKeys = new Map<string, Map<number, number>>();
  let prKeyCount = 0;
  for (let p = 0; p < prKeyOf.length; p++) {
    let numbers = prKeys.get(pulls.repo[p] as string);
    if (!numbers) prKeys.set(pulls.repo[p] as string, (numbers = new Map()));
    let key = numbers.get(pulls.pr[p] as number);
    if (key === undefined) numbers.set(pulls.pr[p] as number, (key = prKeyCount++));
    prKeyOf[p] = key;
  }
  const pairs = new Map<number, number>();
  const labelsAt: (Record<PeriodType, string> | null)[] = new Array<Record<PeriodType, string> | null>(reviews.length);
  const pairAt = new Int32Array(reviews.length);
  // Newest first: a review is nearly always of the day of the one before.
  let lastDay = Number.NaN;
  let lastLabels: Record<PeriodType, string> | null = null;
  for (let i = 0; i < reviews.length; i++) {
    const ms = reviews.ms[i] as number;
    const day = Math.floor(ms / DAY_MS);
    if (day !== lastDay && ms >= from && ms <= to) {
      lastDay = day;
      lastLabels = labelsOfDay(day);
    }
    labelsAt[i] = ms >= from && ms <= to ? lastLabels : null;
    const key = (personAt[i] as number) * prKeyCount + (prKeyOf[reviews.pull[i] as number] as number);
    let pair = pairs.get(key);
    if (pair === undefined) pairs.set(key, (pair = pairs.size));
    pairAt[i] = pair;
  }
  const bucket = (type: PeriodType, label: string, name: string): ActivityBucket => {
    let period = groups[type].get(label);
    if (!period) groups[type].set(label, (period = new Map()));
    let b = period.get(name);
    if (!b) period.set(name, (b = { reviews: [], reviewCents: 0, issues: 0, issueCents: 0 }));
    return b;
  };
  // By state code (see STATE_CODE).
  const points = [a.points.approved, a.points.changesRequested, a.points.commented];
  const cents = points.map((p) => Math.round(p * 100));
  // Sorted by time, each period's reviews are consecutive: the review counted per person and pull
  // request (-1: none yet) serves them all, emptied into the buckets when the period ends, in the
  // order the pairs were met.
  const counted = new Int32Array(pairs.size).fill(-1);
  const met: number[] = [];
  for (const type of PERIOD_TYPES) {
    let label: string | null = null;
    const flush = () => {
      if (label === null) return;
      const mine: (ActivityBucket | undefined)[] = new Array<ActivityBucket | undefined>(names.length);
      for (let m = 0; m < met.length; m++) {
        const pair = met[m] as number;
        const i = counted[pair] as number;
        counted[pair] = -1;
        const person = personAt[i] as number;
        const b = (mine[person] ??= bucket(type, label, names[person] as string));
        b.reviews.push(i);
        b.reviewCents += cents[reviews.state[i] as number] as number;
      }
      met.length = 0;
    };
    for (let i = 0; i < reviews.length; i++) {
      const labels = labelsAt[i];
      if (!labels) continue;
      if (labels[type] !== label) {
        flush();
        label = labels[type];
      }
      const pair = pairAt[i] as number;
      const prev = counted[pair] as number;
      // Newest first: an older one replaces it only when it reached a higher state.
      if (prev === -1) {
        counted[pair] = i;
        met.push(pair);
      } else if (better(reviews.state[i] as number, reviews.state[prev] as number, points)) {
        counted[pair] = i;
      }
    }
    flush();
    groups[type].forEach((period) => period.forEach((b) => ascending(b.reviews)));
  }
  const issueCents = Math.round(a.points.issueCompleted * 100);
  if (issueCents > 0) {
    for (const issue of a.issues) {
      const labels = dayOf(Date.parse(issue.createdAt));
      if (!labels) continue;
      for (const type of PERIOD_TYPES) {
        const b = bucket(type, labels[type], issue.name);
        b.issues += 1;
        b.issueCents += issueCents;
      }
    }
  }
  return { groups, reviews };
}

/**
 * Sorts a bucket's review indexes ascending, in place. They nearly always are already (pairs are
 * met newest first; only a pair whose counting review was an older one is out of place), and a
 * sort with a comparator per bucket was 16 MB of garbage on the reviews bench.
 */
function ascending(list: number[]): void {
  for (let k = 1; k < list.length; k++) {
    if ((list[k - 1] as number) > (list[k] as number)) {
      const sorted = Int32Array.from(list).sort();
      for (let j = 0; j < sorted.length; j++) list[j] = sorted[j] as number;
      return;
    }
  }
}

/**
 * `metadata.activity` of a board with GitHub activity: the points in force and whether the data
 * is current, so the page explains exactly what was applied (and what failed).
 * - `status`: the ActivityStatus (`off` with its reason, `ok` with `syncedAt`, `failed` with
 *   `error` and the last good `syncedAt`);
 * - `points`: `approved`, `changesRequested`, `commented` per person, pull request and period,
 *   and `issueCompleted` (0: issue reports are not counted);
 * - `reviews`, `issues`: the records read (in the window or not), for the page's explanation.
 */
export function activityMetadata(a: BoardActivity): Record<string, unknown> {
  return {
    status: a.status,
    points: { ...a.points },
    reviews: a.reviews.length,
    issues: a.issues.length,
  };
}
