import type { KeyboardEvent, MouseEvent } from 'react';
import type { ContributorEntry } from '../../../src/shared/data-file.js';
import { isPlainClick, useContributorLink } from '../hooks/contributor-link.js';
import { formatAdditional, formatCount, formatScore, wholePercent } from '../lib/format.js';
import { emailAddsToName } from '../lib/person-name.js';
import { CommitList } from './CommitList.js';
import { PersonName } from './PersonName.js';
import { ReviewList } from './ReviewList.js';
import { TierBadge } from './TierBadge.js';

/** Number of columns, for the expanded row's colSpan. */
export const COLUMN_COUNT = 11;

interface LeaderboardRowProps {
  entry: ContributorEntry;
  expanded: boolean;
  onToggle: () => void;
  detailsId: string;
  /** The change of rank since the previous period, as shown; absent when there is no previous period. */
  movement?: { kind: string; symbol: string; label: string } | undefined;
  /** The board has review data: a Reviews cell, and the reviews under the commits when open. */
  reviews?: boolean;
}

/** One contributor; a click, Enter or Space opens its commits below it. */
export function LeaderboardRow({ entry, expanded, onToggle, detailsId, movement, reviews = false }: LeaderboardRowProps) {
  const reviewScore = entry.review_score ?? 0;
  const link = useContributorLink();
  const impact = wholePercent(entry.significance_ratio);
  const notes = entry.additional_contribution_notes;
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    onToggle();
  };
  // The name opens the contributor's page; the rest of the row still opens the commits.
  const onNameClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.stopPropagation();
    if (!link || !isPlainClick(e)) return;
    e.preventDefault();
    link.open(entry.name);
  };
  // Out of the Tab order, row and link: the grid's one Tab stop is moved by useRovingRow.
  return (
    <>
      <tr className={`lb-row${expanded ? ' is-expanded' : ''}${reviews ? ' has-reviews' : ''}`} tabIndex={-1} aria-expanded={expanded}
        aria-controls={expanded ? detailsId : undefined} onClick={onToggle} onKeyDown={onKeyDown}
        data-testid="leaderboard-row" data-name={entry.name} data-rank={entry.rank}>
        <td className="col-tier">
          <span className="rank" data-testid="row-rank" aria-label={`Rank ${entry.rank}`}>#{entry.rank}</span>
          <TierBadge tier={entry.tier} name={entry.tier_name} />
          {movement && (
            <span className={`movement movement-${movement.kind}`} title={movement.label} data-testid="row-movement" data-movement={movement.kind}>
              <span aria-hidden="true">{movement.symbol}</span>
              <span className="visually-hidden">{movement.label}</span>
            </span>
          )}
        </td>
        <td className="col-contributor">
          {link ? (
            <a className="contributor-name contributor-link" href={link.href(entry.name)} onClick={onNameClick}
              tabIndex={-1} data-testid="contributor-name"><PersonName name={entry.name} /></a>
          ) : (
            <PersonName name={entry.name} className="contributor-name" testId="contributor-name" />
          )}
          {emailAddsToName(entry.name, entry.email) && <span className="contributor-email" title={entry.email} data-testid="contributor-email">{entry.email}</span>}
        </td>
        <td className="num" data-testid="cell-commits">{formatCount(entry.total_commits)}</td>
        <td className="num num-sig" data-testid="cell-sig">{formatCount(entry.significant_commits)}</td>
        <td className="num num-sim" data-testid="cell-sim">{formatCount(entry.simple_commits)}</td>
        <td className="col-impact" data-testid="cell-impact">
          <span className="impact">
            <span className="impact-value">{impact}%</span>
            <span className="impact-bar" aria-hidden="true"><span className="impact-fill" style={{ width: `${impact}%` }} /></span>
          </span>
        </td>
        <td className="num" data-testid="cell-commit-score">{formatScore(entry.commit_score)}</td>
        <td className="num" data-testid="cell-other">
          <span className={notes ? 'has-note' : undefined} title={notes || undefined}>
            {formatAdditional(entry.additional_contribution_score)}
          </span>
        </td>
        {reviews && (
          <td className="num" data-testid="cell-reviews">
            <span className={reviewScore ? 'has-points' : undefined} title={reviewScore ? `${formatScore(reviewScore)} review points` : undefined} data-testid="reviews-count">
              {formatCount(entry.review_count ?? 0)}
            </span>
            {/* The hover text reaches neither a screen reader nor a finger. */}
            {reviewScore ? <span className="visually-hidden">, {formatScore(reviewScore)} review points</span> : null}
          </td>
        )}
        <td className="num num-total" data-testid="cell-total">{formatScore(entry.total_score)}</td>
        <td className="num" data-testid="cell-avg">{entry.avg_score.toFixed(1)}</td>
        <td className="col-toggle">
          {/* Drawn by CSS: an SVG in every row made a tab switch's layout about a tenth slower. */}
          <span className="row-toggle" aria-hidden="true" data-testid="row-toggle" />
        </td>
      </tr>
      {expanded && (
        <tr className="details-row" id={detailsId} data-testid="row-details">
          <td colSpan={COLUMN_COUNT + (reviews ? 1 : 0)}>
            {reviews ? <div className="details-stack"><CommitList entry={entry} /><ReviewList entry={entry} /></div> : <CommitList entry={entry} />}
          </td>
        </tr>
      )}
    </>
  );
}
