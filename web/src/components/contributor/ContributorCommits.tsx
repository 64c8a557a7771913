import { useEffect, useRef } from 'react';
import type { ContributorCommits as Commits } from '../../hooks/use-contributor-commits.js';
import { formatCount } from '../../lib/format.js';
import { shownName } from '../../lib/person-name.js';
import { CommitItem } from '../CommitItem.js';

/** Every commit of theirs, newest first, a page at a time, with the table's commit card. */
export function ContributorCommits({ name, commits }: { name: string; commits: Commits }) {
  const { status } = commits;
  const more = (commits.hasMore || status === 'error') && (status !== 'loading' || commits.commits.length > 0);
  // The last page removes the button: focus goes to the list it added to, not to the page's start.
  const list = useRef<HTMLUListElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (more) return;
    if (pressed.current && (document.activeElement === null || document.activeElement === document.body)) list.current?.focus();
    pressed.current = false;
  }, [more]);
  return (
    <section className="card contributor-section" data-testid="contributor-commits" aria-labelledby="contributor-commits-title">
      <div className="contributor-section-head">
        <h3 className="card-title" id="contributor-commits-title">Commits ({formatCount(commits.total)})</h3>
        {commits.commits.length > 0 && (
          <p className="commit-panel-more" data-testid="contributor-commits-shown">
            Showing {formatCount(commits.commits.length)} of {formatCount(commits.total)}, newest first
          </p>
        )}
      </div>
      {commits.truncated && (
        <p className="contributor-note" data-testid="contributor-commits-truncated">
          The data lists only the newest commits of each period, so some of the {formatCount(commits.total)} are not listed.
        </p>
      )}
      {commits.commits.length > 0 && (
        <ul className="commit-scroll contributor-commit-list" data-testid="contributor-commit-list" ref={list} tabIndex={-1} aria-label={`Commits of ${shownName(name)}`}>
          {commits.commits.map((c, i) => <CommitItem key={`${c.full_hash || c.hash}-${i}`} commit={c} person={name} />)}
        </ul>
      )}
      {status === 'loading' && commits.commits.length === 0 && <p className="commit-panel-empty" data-testid="contributor-commits-loading">Loading commits...</p>}
      {status === 'error' && <p className="commit-panel-empty" role="alert">{commits.error}</p>}
      {status === 'ready' && commits.commits.length === 0 && <p className="commit-panel-empty">No commits listed for this contributor.</p>}
      {/* Kept while the next page loads (busy, not removed): a button that goes lets go of the focus, to the page's start. */}
      {more && (
        <div className="table-more">
          <button type="button" className="button" onClick={() => {
            if (status === 'loading') return;
            pressed.current = true;
            commits.loadMore();
          }}
            aria-disabled={status === 'loading' || undefined} aria-busy={status === 'loading' || undefined} data-testid="contributor-commits-more">
            {status === 'error' ? 'Try again' : status === 'loading' ? 'Loading commits...' : 'Show more commits'}
          </button>
        </div>
      )}
    </section>
  );
}
