import type { ContributorEntry } from '../../../src/shared/data-file.js';
import { useEntryCommits } from '../hooks/commit-loader.js';
import { formatCount, formatScore } from '../lib/format.js';
import { CommitItem } from './CommitItem.js';

/** At most this many commits are listed per contributor. */
export const MAX_COMMITS_SHOWN = 20;

/** The expanded area of a row: 'Recent Commits (N)' and the first 20 commits in a scrolling list. */
export function CommitList({ entry }: { entry: ContributorEntry }) {
  const listed = useEntryCommits(entry);
  const shown = listed.status === 'ready' ? listed.commits.slice(0, MAX_COMMITS_SHOWN) : [];
  const total = entry.total_commits;
  return (
    <div className="commit-panel" data-testid="commit-list">
      <div className="commit-panel-head">
        <h3 className="commit-panel-title" data-testid="recent-commits-title">Recent Commits ({formatCount(total)})</h3>
        {listed.status === 'ready' && total > shown.length && (
          <p className="commit-panel-more" data-testid="commits-shown-note">
            Showing {shown.length} of {formatCount(total)} commits
          </p>
        )}
      </div>
      {entry.additional_contribution_notes && (
        <p className="commit-panel-notes" data-testid="additional-notes">
          <strong>Other contributions ({formatScore(entry.additional_contribution_score)} pts):</strong>{' '}
          {entry.additional_contribution_notes}
        </p>
      )}
      {listed.status === 'loading' ? (
        <p className="commit-panel-empty" data-testid="commits-loading">Loading commits...</p>
      ) : listed.status === 'error' ? (
        <p className="commit-panel-empty" role="alert">{listed.message}</p>
      ) : shown.length === 0 ? (
        <p className="commit-panel-empty">No commits listed for this contributor in this period.</p>
      ) : (
        <ul className="commit-scroll">
          {shown.map((c, i) => <CommitItem key={`${c.full_hash || c.hash}-${i}`} commit={c} person={entry.name} />)}
        </ul>
      )}
    </div>
  );
}
