import { asSentence, failedSyncHint, showsReviews, TURN_ON_REVIEWS, type BoardActivityInfo } from '../../lib/activity.js';
import { formatScore } from '../../lib/format.js';

const pts = (n: number) => `${formatScore(n)} point${n === 1 ? '' : 's'}`;

/**
 * 'Reviews and issue reports': the points in force, or that they are not counted and why: the
 * board's own reason when it has one (a token but no repository on GitHub), else how to count them.
 */
export function ActivityRules({ activity }: { activity: BoardActivityInfo | null }) {
  // The board's reason, after the panel's own "not counted" sentence: without its lead-in, once.
  const reason = activity?.status.state === 'off' ? activity.status.reason.replace(/^Reviews are not counted: /, '') : null;
  const off = reason === null ? null : asSentence(`${reason.charAt(0).toUpperCase()}${reason.slice(1)}`);
  return (
    <section className="rules-section" aria-labelledby="rules-reviews" data-testid="rules-reviews">
      <h3 id="rules-reviews">Reviews and issue reports</h3>
      {activity && off === null ? (
        <>
          <p data-testid="rules-review-points">A review of a pull request of the repository, by someone other than its author, read from GitHub: approved {pts(activity.points.approved)}, changes requested {pts(activity.points.changesRequested)}, commented {pts(activity.points.commented)} (only with a comment). Pending and dismissed reviews count nothing.</p>
          <p>One person's reviews of one pull request count once per week, month or quarter, at the highest state they reached in it (approved or changes requested above commented): ten comment reviews of one pull request are {pts(activity.points.commented)}. A review belongs to the periods of the day it was submitted (UTC). Bots are left out, as for commits.</p>
          <p data-testid="rules-issue-points">{activity.points.issueCompleted > 0
            ? `An issue a person opened and that was closed as completed: ${pts(activity.points.issueCompleted)}, in the period it was opened.`
            : 'Issue reports are not counted (github.points.issueCompleted is 0).'}</p>
          <p>A reviewer is linked to the commits' contributor by an @login alias in identities, else by a GitHub noreply commit address, else by the account GitHub links to one of their commit emails; otherwise they are listed under their GitHub profile name, else their login.</p>
          {activity.status.state === 'failed' && (
            <p className="rules-note" data-testid="rules-activity-failed">{asSentence(activity.status.error)} {failedSyncHint(activity.status.syncedAt, showsReviews(activity))}</p>
          )}
          {activity.status.state === 'ok' && <p>Read from GitHub on {activity.status.syncedAt.slice(0, 10)}.</p>}
        </>
      ) : (
        <p data-testid="rules-activity-off">Reviews and issue reports are not counted on this board: only commits (and manual contributions) score. {off ?? TURN_ON_REVIEWS}</p>
      )}
    </section>
  );
}
