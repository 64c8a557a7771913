import { PERIOD_TYPES, type PeriodType } from '../../shared/data-file.js';
import type { ActivityStatus, IssueRecord, ReviewRecord, ReviewState } from '../activity.js';
import type { LeaderboardConfig } from '../config.js';
import { compareCodePoints } from '../leaderboards.js';
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

/** What {@link activityBuckets} gives: the groups, and every review in the order of {@link compareReviews}. */
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

/** Newest first, then repository, pull request, login and state: a total order on reviews. */
export function compareReviews(a: ReviewRecord & { repo: string }, b: ReviewRecord & { repo: string }): number {
  return compareCodePoints(b.submittedAt, a.submittedAt) || compareCodePoints(a.repo, b.repo) || a.pr - b.pr
    || compareCodePoints(a.login, b.login) || compareCodePoints(a.state, b.state);
}

/** Whether `a` is the review to count rather than `b` (same person and pull request): the higher state, then more points, then newer. */
function better(a: NamedReview, b: NamedReview, points: BoardActivity['points']): boolean {
  const level = LEVEL[a.state] - LEVEL[b.state];
  if (level !== 0) return level > 0;
  const more = reviewPoints(a.state, points) - reviewPoints(b.state, points);
  if (more !== 0) return more > 0;
  return compareReviews(a, b) < 0;
}

/**
 * Groups the activity by period type, label and contributor. A review belongs to the periods of
 * its `submittedAt` (UTC day), an issue to those of its `createdAt`; records before the window
 * are left out. One person's reviews of one pull request count once per period, at the highest
 * state they reached in it (APPROVED or CHANGES_REQUESTED above COMMENTED). Issues count only
 * when `points.issueCompleted` is above 0.
 */
export function activityBuckets(a: BoardActivity): Activity {
  const reviews = [...a.reviews].sort(compareReviews);
  const from = a.windowStart?.getTime() ?? -Infinity;
  const labelsOf = new Map<number, Record<PeriodType, string>>();
  const labels = (iso: string): Record<PeriodType, string> | null => {
    const ms = Date.parse(iso);
    if (Number.isNaN(ms) || ms < from) return null;
    const day = Math.floor(ms / DAY_MS);
    let found = labelsOf.get(day);
    if (!found) labelsOf.set(day, (found = periodLabels(new Date(day * DAY_MS))));
    return found;
  };
  // type -> "label\nname\nrepo\npr" -> the review counted.
  const best: Record<PeriodType, Map<string, number>> = { weekly: new Map(), monthly: new Map(), quarterly: new Map() };
  for (let i = 0; i < reviews.length; i++) {
    const r = reviews[i] as NamedReview;
    const l = labels(r.submittedAt);
    if (!l) continue;
    for (const type of PERIOD_TYPES) {
      const key = `${l[type]}\n${r.name}\n${r.repo}\n${r.pr}`;
      const prev = best[type].get(key);
      if (prev === undefined || better(r, reviews[prev] as NamedReview, a.points)) best[type].set(key, i);
    }
  }
  const groups: ActivityGroups = { weekly: new Map(), monthly: new Map(), quarterly: new Map() };
  const bucket = (type: PeriodType, label: string, name: string): ActivityBucket => {
    let period = groups[type].get(label);
    if (!period) groups[type].set(label, (period = new Map()));
    let b = period.get(name);
    if (!b) period.set(name, (b = { reviews: [], reviewCents: 0, issues: 0, issueCents: 0 }));
    return b;
  };
  for (const type of PERIOD_TYPES) {
    for (const [key, i] of best[type]) {
      const r = reviews[i] as NamedReview;
      const b = bucket(type, key.slice(0, key.indexOf('\n')), r.name);
      b.reviews.push(i);
      b.reviewCents += Math.round(reviewPoints(r.state, a.points) * 100);
    }
    for (const period of groups[type].values()) for (const b of period.values()) b.reviews.sort((x, y) => x - y);
  }
  const issueCents = Math.round(a.points.issueCompleted * 100);
  if (issueCents > 0) {
    for (const issue of a.issues) {
      const l = labels(issue.createdAt);
      if (!l) continue;
      for (const type of PERIOD_TYPES) {
        const b = bucket(type, l[type], issue.name);
        b.issues += 1;
        b.issueCents += issueCents;
      }
    }
  }
  return { groups, reviews };
}
