import type { ContributorEntry } from '../../../src/shared/data-file.js';
import { useEntryReviews } from '../hooks/review-loader.js';
import { reviewStateText } from '../lib/activity.js';
import { formatCommitDate, formatCount, formatScore } from '../lib/format.js';

/** The reviews that counted for `entry` in its period: pull request, state, date, linked to GitHub. */
export function ReviewList({ entry }: { entry: ContributorEntry }) {
  const listed = useEntryReviews(entry);
  const count = entry.review_count ?? 0;
  const shown = listed.status === 'ready' ? listed.reviews : [];
  return (
    <div className="review-panel" data-testid="review-list">
      <div className="commit-panel-head">
        <h3 className="commit-panel-title" data-testid="reviews-title">
          Reviews ({formatCount(count)}{count > 0 ? `, ${formatScore(entry.review_score ?? 0)} pts` : ''})
        </h3>
        {listed.status === 'ready' && count > shown.length && (
          <p className="commit-panel-more" data-testid="reviews-shown-note">Showing {shown.length} of {formatCount(count)} pull requests</p>
        )}
      </div>
      {(entry.issue_count ?? 0) > 0 && (
        <p className="commit-panel-notes" data-testid="issue-note">
          <strong>Issue reports ({formatScore(entry.issue_score ?? 0)} pts):</strong> {formatCount(entry.issue_count ?? 0)} opened in this period and closed as completed.
        </p>
      )}
      {listed.status === 'loading' ? (
        <p className="commit-panel-empty" data-testid="reviews-loading">Loading reviews...</p>
      ) : listed.status === 'error' ? (
        <p className="commit-panel-empty" role="alert">{listed.message}</p>
      ) : shown.length === 0 ? (
        <p className="commit-panel-empty">{count > 0 ? 'No reviews listed for this contributor in this period.' : 'No reviews in this period.'}</p>
      ) : (
        <ul className="review-items">
          {shown.map((r) => (
            <li key={`${r.repo}#${r.pr}`} className={`review-item review-${r.state.toLowerCase().replace('_', '-')}`} data-testid="review-item">
              <a href={r.url} target="_blank" rel="noreferrer noopener" className="review-link" data-testid="review-link">
                <span className="review-pr">#{r.pr}</span> {r.title}
              </a>
              <span className="review-meta">
                <span className="review-state" data-testid="review-state">{reviewStateText(r.state)}</span>
                <time dateTime={r.date}>{formatCommitDate(r.date)}</time>
                <span className="review-repo">{r.repo}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
