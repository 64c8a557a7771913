import type { IssueRecord, ReviewRecord, ReviewState } from '../../activity.js';

/** A review as GitHub's GraphQL API gives it (see REVIEW_FIELDS in queries.ts). */
export interface RawReview {
  state: string;
  submittedAt: string | null;
  body: string | null;
  comments: { totalCount: number };
  author: { __typename?: string; login: string; name?: string | null } | null;
}

/** The pull request a review belongs to. */
export interface PullInfo {
  number: number;
  title: string;
  url: string;
  author: { login: string } | null;
}

const COUNTING = new Set<string>(['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED']);

/** Bot accounts (`dependabot[bot]`) are left out like bot commits. */
export const isBotLogin = (login: string): boolean => /\[bot\]$/i.test(login);

/**
 * The review as a board record, or null when it cannot count: PENDING/DISMISSED, not submitted,
 * a deleted account (no author), a bot (a Bot account, as review apps such as CodeRabbit and
 * Copilot are, or a `[bot]` login), the pull request's own author, or a COMMENTED review with
 * neither a body nor a comment.
 */
export function toReviewRecord(pull: PullInfo, review: RawReview): ReviewRecord | null {
  const login = review.author?.login;
  if (!login || !review.submittedAt || !COUNTING.has(review.state) || isBotLogin(login) || review.author?.__typename === 'Bot') return null;
  if (pull.author && pull.author.login.toLowerCase() === login.toLowerCase()) return null;
  if (review.state === 'COMMENTED' && !(review.body ?? '').trim() && review.comments.totalCount === 0) return null;
  return { pr: pull.number, title: pull.title, url: pull.url, state: review.state as ReviewState, submittedAt: review.submittedAt, login };
}

/** An issue as GitHub's GraphQL API gives it (see ISSUES_QUERY). */
export interface RawIssue {
  number: number;
  title: string;
  url: string;
  createdAt: string;
  updatedAt: string;
  state: string;
  stateReason: string | null;
  author: { __typename: string; login: string; name?: string | null } | null;
}

/** The issue as a board record when it was opened by a person and is closed as completed, else null (open, reopened, not planned). */
export function toIssueRecord(issue: RawIssue): IssueRecord | null {
  const a = issue.author;
  if (!a || a.__typename !== 'User' || isBotLogin(a.login) || issue.state !== 'CLOSED' || issue.stateReason !== 'COMPLETED') return null;
  return { number: issue.number, title: issue.title, url: issue.url, createdAt: issue.createdAt, login: a.login };
}
