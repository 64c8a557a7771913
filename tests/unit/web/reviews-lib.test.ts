import { describe, expect, it } from 'vitest';
import { deriveEntry } from '../../../src/shared/data-file.js';
import { failedSyncHint, readBoardActivity, showsReviews } from '../../../web/src/lib/activity.js';
import { rankingCsvRows, RANKING_CSV_HEADER } from '../../../web/src/lib/csv.js';

const entry = (over: Record<string, number> = {}) => deriveEntry({
  name: 'Ann', email: 'ann@example.com', total_commits: 2, significant_commits: 1, commit_score: 80,
  additional_contribution_score: 0, additional_contribution_notes: '', co_authored_commits: 0, co_authored_significant: 0, ...over,
}, 0, []);

describe('the page with review data', () => {
  it('reads metadata.activity, and nothing from a board without it', () => {
    expect(readBoardActivity({})).toBeNull();
    expect(readBoardActivity({ activity: { status: { state: 'ok', syncedAt: '2025-01-01T00:00:00Z' }, points: { approved: 15, changesRequested: 15, commented: 5, issueCompleted: 0 } } }))
      .toEqual({ status: { state: 'ok', syncedAt: '2025-01-01T00:00:00Z' }, points: { approved: 15, changesRequested: 15, commented: 5, issueCompleted: 0 } });
    expect(readBoardActivity({ activity: { status: { state: 'failed', error: 'GitHub answered 401 Bad credentials', syncedAt: null }, points: { approved: 1, changesRequested: 1, commented: 1 } } })?.status)
      .toEqual({ state: 'failed', error: 'GitHub answered 401 Bad credentials', syncedAt: null });
  });

  it('shows no reviews for a board that read none: off (a token but no repository on GitHub), or whose only sync failed', () => {
    const points = { approved: 15, changesRequested: 15, commented: 5, issueCompleted: 0 };
    expect(showsReviews({ status: { state: 'off', reason: 'Reviews are not counted: no repository of this board is on GitHub.' }, points })).toBe(false);
    expect(showsReviews({ status: { state: 'failed', error: 'x', syncedAt: null }, points })).toBe(false);
    expect(showsReviews({ status: { state: 'failed', error: 'x', syncedAt: null }, points, reviews: 0, issues: 0 })).toBe(false);
    expect(showsReviews({ status: { state: 'failed', error: 'x', syncedAt: '2025-01-01T00:00:00Z' }, points })).toBe(true);
    expect(showsReviews({ status: { state: 'ok', syncedAt: '2025-01-01T00:00:00Z' }, points })).toBe(true);
  });

  it('shows the reviews a board counts though no sync finished (a first sync cut off, a merged part that read its own), and says so', () => {
    const metadata = (reviews: number, issues = 0) => ({ activity: { status: { state: 'failed', error: 'x', syncedAt: null }, points: { approved: 15, changesRequested: 15, commented: 5, issueCompleted: 2 }, reviews, issues } });
    const cut = readBoardActivity(metadata(51));
    expect(cut).toMatchObject({ reviews: 51, issues: 0 });
    expect(showsReviews(cut)).toBe(true);
    expect(showsReviews(readBoardActivity(metadata(0, 1)))).toBe(true);
    expect(showsReviews(readBoardActivity(metadata(0)))).toBe(false);
    expect(failedSyncHint(null, true)).toBe('The reviews shown are those read so far.');
    expect(failedSyncHint(null, false)).toBe('No reviews have been read yet.');
    expect(failedSyncHint('2025-01-02T03:04:05Z', true)).toBe('The reviews shown were read on 2025-01-02.');
  });

  it('derives the total with review and issue points, the average per commit', () => {
    const e = entry({ review_count: 2, review_score: 20, issue_count: 1, issue_score: 3 });
    expect([e.total_score, e.avg_score, e.review_count, e.issue_score]).toEqual([103, 40, 2, 3]);
    expect(entry()).not.toHaveProperty('review_count');
  });

  it('adds the review (and issue) columns to the CSV only when the board has them', () => {
    const e = entry({ review_count: 2, review_score: 20 });
    expect(rankingCsvRows([e], () => '')[0]).toEqual([...RANKING_CSV_HEADER]);
    const rows = rankingCsvRows([e], () => '', { reviews: true, issues: true });
    expect(rows[0]?.slice(-4)).toEqual(['Reviews', 'Review score', 'Issues', 'Issue score']);
    expect(rows[1]?.slice(-4)).toEqual([2, 20, 0, 0]);
  });
});
