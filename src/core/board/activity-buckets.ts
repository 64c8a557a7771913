import { wholeSeconds } from '../../shared/seconds.js';
import { PERIOD_TYPES, type PeriodType } from '../../shared/data-file.js';
import type { ActivityStatus, IssueRecord, ReviewRecord, ReviewState } from '../activity.js';
import type { LeaderboardConfig } from '../config.js';
import { periodLabels } from '../periods.js';

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
  reviews: NamedReview[];
  issues: NamedIssue[];
  points: LeaderboardConfig['github']['points'];
  status: ActivityStatus;
  /** Records before it are outside the analysed window (null: the whole history). */
  windowStart: Date | null;
  /** Set when `reviews` are in the board's order already (one repository's, see sortReviews): their times. */
  sortedTimes?: Float64Array;
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

/** What {@link activityBuckets} gives: the groups, and every review newest first (see newestFirst). */
export interface Activity {
  groups: ActivityGroups;
  reviews: NamedReview[];
}

const DAY_MS = 86_400_000;
/** APPROVED and CHANGES_REQUESTED are above COMMENTED. */
const LEVEL: Record<ReviewState, number> = { APPROVED: 2, CHANGES_REQUESTED: 2, COMMENTED: 1 };

/** The points of a review state. */
export function reviewPoints(state: ReviewState, points: BoardActivity['points']): number {
  return state === 'APPROVED' ? points.approved : state === 'CHANGES_REQUESTED' ? points.changesRequested : points.commented;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** What the order of reviews is made of (a repository's own reviews have no `repo`: it is theirs). */
type Sortable = Pick<ReviewRecord, 'pr' | 'login' | 'state' | 'submittedAt'> & { repo?: string };

/** Ties of time: repository, pull request, login, state (ASCII: GitHub's names), then the input order. */
function compareTies(a: Sortable, b: Sortable): number {
  return byText(a.repo ?? '', b.repo ?? '') || a.pr - b.pr || byText(a.login, b.login) || byText(a.state, b.state);
}

/** Second-precision keys sort natively with the review's index in their low bits (up to 2^20 reviews). */
const INDEX_BITS = 2 ** 20;
/** 2106-02-07 in seconds: later times (or NaN) sort after every valid one. */
const LAST_SECOND = 2 ** 32;

/**
 * Reviews newest first, then by repository, pull request, login and state, as indexes, with each
 * review's time. A typed array of numbers sorts natively (~5 ms for 60,000 reviews, a comparator
 * sort ~20 ms): its keys hold the second (newest first) and the index, so only reviews of the same
 * second are compared after.
 */
function newestFirst(reviews: readonly Sortable[]): { order: Uint32Array | null; times: Float64Array } {
  const n = reviews.length;
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const at = (reviews[i] as Sortable).submittedAt;
    // GitHub's own form by character codes: Date.parse was ~20 ms of 60,000 reviews.
    const s = wholeSeconds(at);
    times[i] = s === null ? Date.parse(at) : s * 1000;
  }
  const second = (i: number): number => {
    const s = Math.floor((times[i] as number) / 1000);
    return s >= 0 && s < LAST_SECOND ? LAST_SECOND - 1 - s : LAST_SECOND;
  };
  const full = (x: number, y: number): number => (times[y] as number) - (times[x] as number) || compareTies(reviews[x] as Sortable, reviews[y] as Sortable) || x - y;
  // Already in this order (a part's reviews as the refresh stores them, see boardOrder): null.
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = full(i - 1, i) < 0;
  if (sorted) return { order: null, times };
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (n >= INDEX_BITS) {
    order.sort((x, y) => second(x) - second(y) || full(x, y));
    return { order, times };
  }
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
  return { order, times };
}

/** Reviews in the board's order, with their times. */
function inOrder<T extends Sortable>(reviews: readonly T[]): { reviews: T[]; times: Float64Array } {
  const { order, times } = newestFirst(reviews);
  if (!order) return { reviews: reviews.slice(), times };
  // Loops, not Array.from or Float64Array.from with a map function: those were ~20 ms for 60,000.
  const sorted = new Array<T>(order.length);
  const sortedTimes = new Float64Array(order.length);
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    sorted[k] = reviews[i] as T;
    sortedTimes[k] = times[i] as number;
  }
  return { reviews: sorted, times: sortedTimes };
}

/** Reviews in the board's order: newest first, then repository, pull request, login and state, then their order here. */
export const boardOrder = <T extends Sortable>(reviews: readonly T[]): T[] => inOrder(reviews).reviews;

/** Times of reviews already in the board's order (see {@link sortReviews}), by their array. */
const sortedTimes = new WeakMap<readonly ReviewRecord[], Float64Array>();

/**
 * One repository's reviews in the board's order (newest first, then pull request, login, state),
 * as the board's records of `repo` whose `name` is still to be set (''), their times remembered
 * for {@link sortedTimesOf}. The refresh makes them while git is read, so the board, built after,
 * only names them: sorting, parsing the dates and copying 60,000 reviews were ~50 ms of it.
 */
export function sortReviews(reviews: readonly ReviewRecord[], repo: string): NamedReview[] {
  return inBoardOrder(reviews.map((r) => (r.prAuthor === undefined
    ? { pr: r.pr, title: r.title, url: r.url, state: r.state, submittedAt: r.submittedAt, login: r.login, name: '', repo }
    : { pr: r.pr, title: r.title, url: r.url, state: r.state, submittedAt: r.submittedAt, login: r.login, prAuthor: r.prAuthor, name: '', repo })));
}

/** {@link sortReviews} of records made already (one repository's, `name` still to be set): the same objects, in order. */
export function inBoardOrder(reviews: readonly NamedReview[]): NamedReview[] {
  const sorted = inOrder(reviews);
  sortedTimes.set(sorted.reviews, sorted.times);
  return sorted.reviews;
}

/** The times of reviews {@link sortReviews} gave, in their order; undefined for any other array. */
export const sortedTimesOf = (reviews: readonly ReviewRecord[]): Float64Array | undefined => sortedTimes.get(reviews);

/** Whether `a` is the review to count rather than `b`, an older one (same person and pull request): the higher state, then more points. */
function better(a: NamedReview, b: NamedReview, points: BoardActivity['points']): boolean {
  const level = LEVEL[a.state] - LEVEL[b.state];
  if (level !== 0) return level > 0;
  return reviewPoints(a.state, points) > reviewPoints(b.state, points);
}

/**
 * Groups the activity by period type, label and contributor. A review belongs to the periods of
 * its `submittedAt` (UTC day), an issue to those of its `createdAt`; records before the window
 * are left out. One person's reviews of one pull request count once per period, at the highest
 * state they reached in it (APPROVED or CHANGES_REQUESTED above COMMENTED). Issues count only
 * when `points.issueCompleted` is above 0.
 */
export function activityBuckets(a: BoardActivity): Activity {
  const { reviews, times: sortedTimes } = a.sortedTimes ? { reviews: a.reviews, times: a.sortedTimes } : inOrder(a.reviews);
  const from = a.windowStart?.getTime() ?? -Infinity;
  const groups: ActivityGroups = { weekly: new Map(), monthly: new Map(), quarterly: new Map() };
  // Each day's three period labels, made once per day.
  const days = new Map<number, Record<PeriodType, string>>();
  const dayOf = (ms: number): Record<PeriodType, string> | null => {
    if (Number.isNaN(ms) || ms < from) return null;
    const day = Math.floor(ms / DAY_MS);
    let labels = days.get(day);
    if (!labels) days.set(day, (labels = periodLabels(new Date(day * DAY_MS))));
    return labels;
  };
  // One number per person, and per person and pull request (name -> repository -> number -> it):
  // no key text per review, and arrays, not maps, below.
  const people = new Map<string, { id: number; repos: Map<string, Map<number, number>> }>();
  let pairCount = 0;
  const labelsAt: (Record<PeriodType, string> | null)[] = new Array<Record<PeriodType, string> | null>(reviews.length);
  const pairAt = new Int32Array(reviews.length);
  const personAt = new Int32Array(reviews.length);
  for (let i = 0; i < reviews.length; i++) {
    const r = reviews[i] as NamedReview;
    labelsAt[i] = dayOf(sortedTimes[i] as number);
    let person = people.get(r.name);
    if (!person) people.set(r.name, (person = { id: people.size, repos: new Map() }));
    let prs = person.repos.get(r.repo);
    if (!prs) person.repos.set(r.repo, (prs = new Map()));
    let pair = prs.get(r.pr);
    if (pair === undefined) prs.set(r.pr, (pair = pairCount++));
    pairAt[i] = pair;
    personAt[i] = person.id;
  }
  const bucket = (type: PeriodType, label: string, name: string): ActivityBucket => {
    let period = groups[type].get(label);
    if (!period) groups[type].set(label, (period = new Map()));
    let b = period.get(name);
    if (!b) period.set(name, (b = { reviews: [], reviewCents: 0, issues: 0, issueCents: 0 }));
    return b;
  };
  const cents = { APPROVED: Math.round(a.points.approved * 100), CHANGES_REQUESTED: Math.round(a.points.changesRequested * 100), COMMENTED: Math.round(a.points.commented * 100) };
  // Sorted by time, each period's reviews are consecutive: the review counted per person and pull
  // request (-1: none yet) serves them all, emptied into the buckets when the period ends, in the
  // order the pairs were met.
  const counted = new Int32Array(pairCount).fill(-1);
  const met: number[] = [];
  for (const type of PERIOD_TYPES) {
    let label: string | null = null;
    const flush = () => {
      if (label === null) return;
      const mine: (ActivityBucket | undefined)[] = new Array<ActivityBucket | undefined>(people.size);
      for (let m = 0; m < met.length; m++) {
        const pair = met[m] as number;
        const i = counted[pair] as number;
        counted[pair] = -1;
        const r = reviews[i] as NamedReview;
        const b = (mine[personAt[i] as number] ??= bucket(type, label, r.name));
        b.reviews.push(i);
        b.reviewCents += cents[r.state];
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
      } else if (better(reviews[i] as NamedReview, reviews[prev] as NamedReview, a.points)) {
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
