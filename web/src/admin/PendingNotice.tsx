import type { PendingPullRequest } from './backend.js';

/**
 * A published site's changes that wait in a pull request: its number and link. From then on the
 * panel reads and edits the pending files, so this says why they differ from the board.
 */
export function PendingNotice({ pullRequest }: { pullRequest: PendingPullRequest }) {
  return (
    <p className="admin-pending-notice" role="note" data-testid="pending-pull-request">
      Changes wait in{' '}
      <a href={pullRequest.url} target="_blank" rel="noreferrer" data-testid="pending-pull-request-link">pull request #{pullRequest.number}</a>
      {' '}(waiting for review). The panel shows them; the board shows them once it is merged and the workflow has run.
    </p>
  );
}
