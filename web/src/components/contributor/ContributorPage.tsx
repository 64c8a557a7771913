import { useEffect, useMemo, useRef } from 'react';
import type { PeriodType } from '../../../../src/shared/data-file.js';
import { ReviewLoaderContext } from '../../hooks/review-loader.js';
import { useContributorCommits } from '../../hooks/use-contributor-commits.js';
import { boardShowsReviews } from '../../lib/activity.js';
import type { Board } from '../../lib/board.js';
import { manualItems, manualRuns, standingSeries, summarizeStandings, withScoreParts } from '../../lib/contributor-summary.js';
import { emailAddsToName, nameInBoard, shownName } from '../../lib/person-name.js';
import { CopyLinkButton } from '../CopyLinkButton.js';
import { PeriodSelect } from '../PeriodSelect.js';
import { ReviewList } from '../ReviewList.js';
import { BoardLink } from './BoardLink.js';
import { ContributorCommits } from './ContributorCommits.js';
import { ContributorNotFound } from './ContributorNotFound.js';
import { ContributorOverview } from './ContributorOverview.js';
import { ContributorTitle } from './ContributorTitle.js';
import { ManualContributions } from './ManualContributions.js';
import { RepositoryShares, repositorySharesOf } from './RepositoryShares.js';
import { StandingChart } from './StandingChart.js';
import { TypeSwitch } from './TypeSwitch.js';

interface ContributorPageProps {
  board: Board;
  name: string;
  type: PeriodType;
  onTypeChange: (type: PeriodType) => void;
  /** Labels of the type, newest first, and the selected one. */
  labels: readonly string[];
  period: string | null;
  onPeriodChange: (label: string) => void;
  hidden: ReadonlySet<string>;
  boardHref: string;
  onBack: () => void;
  /** The repository the board shows, on a board of several; null for all of them. */
  repo?: string | null;
  /** Move focus to the heading: when the page opens from the board or history, not when the address was typed. */
  takeFocus: boolean;
  /** A change that takes a while on a big board (another type or period, going back): the page says it is busy meanwhile. */
  busy?: boolean;
}

/**
 * A contributor's page (`?contributor=<name>`): their place in the selected period, their score
 * and rank over the periods of the type, their manual contributions and all their commits. Reads
 * the board's per-period rows (no commit is parsed for the numbers) and loads commits a page at a time.
 */
export function ContributorPage({ board, name: asked, type, onTypeChange, labels, period, onPeriodChange, hidden, boardHref, onBack, takeFocus, repo = null, busy = false }: ContributorPageProps) {
  const name = useMemo(() => nameInBoard(board.names, asked), [board, asked]);
  const known = useMemo(() => board.names.includes(name), [board, name]);
  // Ranks as the board shows them, without the hidden; the contributor counts even when hidden.
  const others = useMemo(() => {
    if (!hidden.has(name)) return hidden;
    const rest = new Set(hidden);
    rest.delete(name);
    return rest;
  }, [hidden, name]);
  const standings = useMemo(() => (known ? board.standings(type, name, others) : []), [board, known, type, name, others]);
  const ascending = useMemo(() => [...labels].reverse(), [labels]);
  const summary = useMemo(() => summarizeStandings(standings, labels.length), [standings, labels]);
  const reviews = useMemo(() => boardShowsReviews(board.metadata), [board]);
  const series = useMemo(() => {
    const s = standingSeries(standings, ascending);
    return reviews ? withScoreParts(s, standings) : s;
  }, [standings, ascending, reviews]);
  const manual = useMemo(() => manualItems(manualRuns(standings, type), type), [standings, type]);
  const current = standings.find((s) => s.label === period) ?? null;
  const email = useMemo(() => standings.findLast((s) => s.email !== '')?.email ?? '', [standings]);
  const commits = useContributorCommits(board, name);
  const shares = useMemo(() => repositorySharesOf(board.metadata, name), [board, name]);
  const entry = useMemo(() => (reviews && period ? (board.entries(type, period).find((e) => e.name === name) ?? null) : null), [board, reviews, type, period, name]);
  const reviewLoader = useMemo(() => (reviews && period ? board.reviewLoader(type, period) : null), [board, reviews, type, period]);
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen reader users land on the page's heading, not on the link they left.
  useEffect(() => { if (takeFocus) heading.current?.focus({ preventScroll: true }); }, [name, takeFocus]);
  // The window's title names the page too (tabs, history, a screen reader's title); the board's comes back after.
  useEffect(() => {
    const board = document.title;
    document.title = `${shownName(name)} · ${board}`;
    return () => { document.title = board; };
  }, [name]);

  if (!known) return <ContributorNotFound name={name} boardHref={boardHref} onBack={onBack} takeFocus={takeFocus} />;
  return (
    <article className="contributor-page" data-testid="contributor-page" aria-labelledby="contributor-title" aria-busy={busy || undefined}>
      <nav aria-label="Breadcrumb">
        <BoardLink href={boardHref} onBack={onBack} testId="contributor-back">&larr; Back to the leaderboard</BoardLink>
      </nav>
      <header className="card contributor-head">
        <div className="contributor-id">
          <ContributorTitle name={name} headingRef={heading} />
          {emailAddsToName(name, email) && <p className="contributor-email-line" data-testid="contributor-page-email">{email}</p>}
          {repo && <p className="contributor-note" data-testid="contributor-repo-note">In the {repo} repository only.</p>}
          {hidden.has(name) && <p className="contributor-note">Hidden from your board by the contributor filter.</p>}
        </div>
        <div className="contributor-controls">
          <TypeSwitch type={type} onChange={onTypeChange} />
          <PeriodSelect type={type} labels={labels} period={period} onChange={onPeriodChange} />
          <CopyLinkButton />
          {/* Last, so nothing moves: seen only when a change (another type or period, going back) takes a while (its CSS waits). */}
          {busy && <span className="busy-indicator" aria-hidden="true" data-testid="page-busy" />}
        </div>
      </header>
      <ContributorOverview type={type} period={period} current={current} summary={summary} reviews={reviews} />
      <StandingChart series={series} type={type} reviews={reviews} />
      {!repo && <RepositoryShares shares={shares} />}
      <ManualContributions items={manual} type={type} />
      {reviews && (
        <section className="card contributor-section contributor-reviews" data-testid="contributor-reviews" aria-label={`Reviews in ${period ?? 'the period'}`}>
          {entry ? (
            <ReviewLoaderContext.Provider value={reviewLoader}><ReviewList entry={entry} /></ReviewLoaderContext.Provider>
          ) : <p className="commit-panel-empty">No reviews in {period ?? 'this period'}.</p>}
        </section>
      )}
      <ContributorCommits name={name} commits={commits} />
    </article>
  );
}
