import { windowBeyondHistory } from '../../../src/shared/history-span.js';
import { formatDays } from '../lib/format.js';
import { isPublishedSite } from '../lib/site-mode.js';

interface EmptyBoardReasonProps {
  metadata: Record<string, unknown>;
  analysisPeriodDays: number;
  /** A published site: its visitors run no command, and its maintainers change the build's. Default: as the page says. */
  published?: boolean;
}

/**
 * Why a board with no period at all is empty, so an old history (an archived project, a stale
 * mirror) is not taken for a broken tool: the newest commit's date and the command that widens
 * the window. Nothing when the data file does not say (files of other tools).
 */
export function EmptyBoardReason({ metadata, analysisPeriodDays, published = isPublishedSite() }: EmptyBoardReasonProps) {
  if (metadata.history === null) {
    return <p className="empty-reason" data-testid="empty-reason">This repository has no commits yet.</p>;
  }
  const beyond = windowBeyondHistory(metadata);
  if (!beyond) return null;
  const window = `No commits in the analysed window (the last ${formatDays(analysisPeriodDays)}, since ${beyond.windowStart}): the newest commit in this repository is from ${beyond.newest}.`;
  if (published) {
    return (
      <p className="empty-reason" data-testid="empty-reason">
        {window} The site&apos;s maintainers can publish the whole history with <code>leaderboard build --all</code>, or the
        year up to the newest commit with <code>leaderboard build --since {beyond.since}</code> (in the workflow that builds it).
      </p>
    );
  }
  return (
    <p className="empty-reason" data-testid="empty-reason">
      {window} Run <code>leaderboard serve --all</code> to rank the whole
      history, or <code>leaderboard serve --since {beyond.since}</code> for the year up to the newest commit
      (<code>leaderboard refresh</code> takes the same options).
    </p>
  );
}
