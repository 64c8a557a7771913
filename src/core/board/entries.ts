import type { WrittenEntry } from '../../shared/data-file.js';
import type { ActivityBucket } from './activity-buckets.js';

// The entries of buildLeaderboardData (leaderboards.ts): as they are built, and as they are written.

/** One contributor's commits in one period, as indexes into the sorted commit list. */
export interface Bucket {
  name: string;
  commits: number[];
  significant: number;
  /** Hundredths of a point: a shared commit's part has two decimals, and sums must stay exact. */
  score: number;
  /** Commits (and significant ones) credited to this person as a co-author. */
  coAuthored?: { commits: number; significant: number };
}

/** An entry being built; its commits are still indexes into the sorted commits. */
export interface DraftEntry {
  name: string;
  email: string;
  total_commits: number;
  significant_commits: number;
  commit_score: number;
  additional_contribution_score: number;
  additional_contribution_notes: string;
  total_score: number;
  commits: number[];
  co_authored_commits: number;
  co_authored_significant: number;
  /** Pull requests reviewed, their points, and the reviews listed (at most `cap`). */
  review_count: number;
  review_score: number;
  /** Indexes into the sorted reviews (see activityBuckets). */
  reviews: number[];
  issue_count: number;
  issue_score: number;
}

/**
 * The entry of a bucket and its activity. It takes their lists (commits, reviews), cut to `cap`
 * in place: the buckets are not read again, and a copy of each list was garbage of the build.
 */
export function entry(bucket: Bucket, email: string, additional: number, notes: string, cap: number, act?: ActivityBucket): DraftEntry {
  const activityCents = (act?.reviewCents ?? 0) + (act?.issueCents ?? 0);
  const totalCommits = bucket.commits.length;
  const reviewCount = act?.reviews.length ?? 0;
  return {
    name: bucket.name,
    email,
    total_commits: totalCommits,
    significant_commits: bucket.significant,
    commit_score: bucket.score / 100,
    additional_contribution_score: additional,
    additional_contribution_notes: notes,
    // Summed in hundredths, so 33.34 + 33.33 + 33.33 is 100, not 99.99999999999999.
    total_score: (bucket.score + Math.round(additional * 100) + activityCents) / 100,
    commits: cut(bucket.commits, cap),
    co_authored_commits: bucket.coAuthored?.commits ?? 0,
    co_authored_significant: bucket.coAuthored?.significant ?? 0,
    review_count: reviewCount,
    review_score: (act?.reviewCents ?? 0) / 100,
    reviews: act ? cut(act.reviews, cap) : [],
    issue_count: act?.issues ?? 0,
    issue_score: (act?.issueCents ?? 0) / 100,
  };
}

function cut(list: number[], cap: number): number[] {
  if (list.length > cap) list.length = Math.max(0, cap);
  return list;
}

/**
 * The entry as written. What follows from other fields (simple commits, ratio, average, rank,
 * tier; the total score without a manual score) is derived by the reader
 * (`parseLeaderboardData`); zero counts and an absent manual score are left out, and the email is
 * in the file's `emails` table.
 */
export function written(e: DraftEntry): WrittenEntry {
  const manual = e.additional_contribution_score !== 0;
  const reviews = e.review_count !== 0;
  const issues = e.issue_count !== 0;
  // Fields set one by one in the written order: spreading conditional objects made a garbage
  // object per field and entry (~40,000 entries on the reviews bench).
  const w: Partial<WrittenEntry> = { name: e.name, total_commits: e.total_commits };
  if (e.significant_commits !== 0) w.significant_commits = e.significant_commits;
  w.commit_score = e.commit_score;
  // Stated whenever it is more than the commit score: a reader's sum of decimals could be off by a hair.
  if (manual || reviews || issues) w.total_score = e.total_score;
  if (manual) w.additional_contribution_score = e.additional_contribution_score;
  if (e.additional_contribution_notes !== '') w.additional_contribution_notes = e.additional_contribution_notes;
  if (e.co_authored_commits > 0) {
    w.co_authored_commits = e.co_authored_commits;
    w.co_authored_significant = e.co_authored_significant;
  }
  if (reviews) {
    w.review_count = e.review_count;
    w.review_score = e.review_score;
  }
  if (issues) {
    w.issue_count = e.issue_count;
    w.issue_score = e.issue_score;
  }
  w.commits = e.commits;
  // Indexes into the sorted reviews for now; buildLeaderboardData turns them into table indexes.
  if (e.reviews.length > 0) w.reviews = e.reviews;
  return w as WrittenEntry;
}

/** The GitHub login of each of `names` (in code-point order) who has one. */
export function loginsOf(names: readonly string[], logins: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries(names.filter((name) => logins.has(name)).map((name) => [name, logins.get(name) as string]));
}
