import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { boardRepositories, PERIOD_TYPES, type PeriodType } from '../../../src/shared/data-file.js';
import { BoardNamesContext } from '../hooks/board-names.js';
import { CommitLoaderContext } from '../hooks/commit-loader.js';
import { ReviewLoaderContext } from '../hooks/review-loader.js';
import { asSentence, failedSyncHint, readBoardActivity, showsReviews } from '../lib/activity.js';
import { ContributorLinkContext } from '../hooks/contributor-link.js';
import { useAutoReload } from '../hooks/use-auto-reload.js';
import { useHiddenContributors } from '../hooks/use-hidden-contributors.js';
import { useRefreshStatus } from '../hooks/use-refresh-status.js';
import { useViewState } from '../hooks/use-view-state.js';
import { useViewSwitch } from '../hooks/use-view-switch.js';
import type { Board } from '../lib/board.js';
import { RepositoriesContext } from '../lib/commit-links.js';
import { fileNamePart } from '../lib/csv.js';
import { applyFilter } from '../lib/filter.js';
import { ranksByName } from '../lib/movement.js';
import { readScoringRules } from '../lib/rules.js';
import { nameInBoard } from '../lib/person-name.js';
import { computeSummary } from '../lib/summary.js';
import { buildUrlSearch } from '../lib/url-state.js';
import { ContributorPage } from './contributor/ContributorPage.js';
import { ContributorFilter } from './ContributorFilter.js';
import { EmptyBoardReason } from './EmptyBoardReason.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { LeaderboardTable } from './LeaderboardTable.js';
import { PeriodSelect } from './PeriodSelect.js';
import { RepoSelect } from './RepoSelect.js';
import { PeriodTabs, tabId } from './PeriodTabs.js';
import { RulesContext, type RulesSection } from './rules/rules-context.js';
import { ScoringRulesDialog } from './rules/ScoringRulesDialog.js';
import { StatusBanner } from './StatusBanner.js';
import { SummaryCards } from './SummaryCards.js';
import { TrendsChart } from './TrendsChart.js';
import { ViewingBadge } from './ViewingBadge.js';

const PANEL_ID = 'period-panel';
// The busy frame of a slow change (see useViewSwitch) re-renders the dashboard for its tabs and
// select: the parts whose props did not change are left as they are.
const Table = memo(LeaderboardTable);
const Chart = memo(TrendsChart);
const Cards = memo(SummaryCards);
const Filter = memo(ContributorFilter);

interface DashboardProps {
  board: Board;
  refreshing: boolean;
  onRefresh: () => Promise<void>;
  refreshError: string | null;
  onDismissRefreshError: () => void;
  /** The selected repository of a board of several; null: all of them. */
  repo?: string | null;
  onRepoChange?: (repo: string | null) => void;
  /** A repository the link asked for that the board does not have. */
  repoMissing?: string | null;
}

/** The main screen once the data is loaded. */
export function Dashboard({ board, refreshing, onRefresh, refreshError, onDismissRefreshError, repo = null, onRepoChange, repoMissing = null }: DashboardProps) {
  // Going to or from a contributor's page (Back, Forward, the Back link) is made as a slow change
  // is, busy first, when such changes take a while: back on a big board took 80-130 ms.
  const pageChange = useRef<(apply: () => void) => void>((apply) => apply());
  const view = useViewState(board, pageChange);
  const controls = useViewSwitch(view, board);
  const [hidden, setHidden] = useHiddenContributors();
  // Hiding or showing someone rebuilds the cards, chart and ranking: on a big board, made as a
  // slow tab change is (busy first). Stable, so the filter's long checklist is not drawn again on
  // every view change.
  const run = useRef(controls.run);
  useLayoutEffect(() => {
    run.current = controls.run;
    pageChange.current = (apply) => controls.run(apply, 'page');
  });
  // The filter shows the choice at once, as a tab does, while the view follows.
  const [choosing, setChoosing] = useState<ReadonlySet<string> | null>(null);
  const onHiddenChange = useCallback((next: ReadonlySet<string>) => {
    setChoosing(next);
    run.current(() => {
      setHidden(next);
      setChoosing(null);
    });
  }, [setHidden]);
  const { status, reload: reloadStatus } = useRefreshStatus();
  const reloadData = useCallback(() => void onRefresh(), [onRefresh]);
  useAutoReload(status, reloadData, typeof board.metadata.head === 'string' ? board.metadata.head : null, board.last_updated);

  const entries = useMemo(
    () => applyFilter(view.period ? board.entries(view.type, view.period) : [], hidden),
    [board, view.type, view.period, hidden],
  );
  // The previous period of the type, ranked as shown (the hidden left out of both), for the movement.
  const previousLabel = view.period ? (view.labels[view.labels.indexOf(view.period) + 1] ?? null) : null;
  const previous = useMemo(
    () => (previousLabel ? { label: previousLabel, ranks: ranksByName(applyFilter(board.entries(view.type, previousLabel), hidden)) } : null),
    [board, view.type, previousLabel, hidden],
  );
  const [query, setQuery] = useState('');
  // Over the whole period: a shared commit whose author is hidden still counts when a shown co-author holds it.
  const summary = useMemo(
    () => (view.period ? computeSummary(board.entries(view.type, view.period), hidden, board.shared(view.type, view.period)) : computeSummary([])),
    [board, view.type, view.period, hidden],
  );
  const loader = useMemo(() => (view.period ? board.commitLoader(view.type, view.period) : null), [board, view.type, view.period]);
  const reviewLoader = useMemo(() => (view.period ? board.reviewLoader(view.type, view.period) : null), [board, view.type, view.period]);
  const activity = useMemo(() => readBoardActivity(board.metadata), [board]);
  const tableActivity = useMemo(() => ({ reviews: showsReviews(activity), issues: showsReviews(activity) && (activity?.points.issueCompleted ?? 0) > 0 }), [activity]);
  const reviewCount = useMemo(() => (showsReviews(activity) ? entries.reduce((n, e) => n + (e.review_count ?? 0), 0) : null), [activity, entries]);
  const repository = typeof board.metadata.repository === 'string' ? board.metadata.repository : null;
  const repositories = useMemo(() => boardRepositories(board.metadata), [board]);
  // One repository of several shown: its downloads are named after it, not like All's.
  const selected = repo && repositories.length > 1 ? repo : null;
  const links = useMemo(() => new Map(repositories.length > 1 ? repositories.map((r) => [r.name, r.url]) : []), [repositories]);
  const namesOf = useCallback(() => board.names, [board]);
  const boardEmpty = PERIOD_TYPES.every((t) => board.labels[t].length === 0);
  // The open panel and the section it starts at; null while closed.
  const [explaining, setExplaining] = useState<RulesSection | null>(null);
  const rules = useMemo(() => ({ rules: readScoringRules(board), explain: (section: RulesSection = 'parts') => setExplaining(section) }), [board]);

  const { type, period, profile, openContributor, closeContributor, takeBoardScroll } = view;
  // A contributor's page of a big board rebuilds its standings for another type: busy first, as the board's tabs.
  const setProfileType = profile?.setType;
  const setProfilePeriod = profile?.setPeriod;
  const changeProfileType = useCallback((t: PeriodType) => run.current(() => setProfileType?.(t), 'profile'), [setProfileType]);
  const changeProfilePeriod = useCallback((label: string) => run.current(() => setProfilePeriod?.(label), 'profile'), [setProfilePeriod]);
  // The note's Dismiss goes with it: focus moves on to the period it spoke of, not to the page's start.
  const { dismissLinkNote: dropLinkNote } = view;
  const dismissLinkNote = useCallback(() => {
    dropLinkNote();
    // The one shown: the board's stays in the page, hidden, behind a contributor's.
    requestAnimationFrame(() => [...document.querySelectorAll<HTMLSelectElement>('[data-testid="period-select"]')].find((el) => el.offsetParent !== null)?.focus());
  }, [dropLinkNote]);
  const contributor = profile?.name ?? null;
  const hrefFor = useCallback((name: string | null) => buildUrlSearch(window.location.search, { type, period, contributor: name }), [type, period]);
  // Opened as a slow change is on a big board (busy first): a contributor's page took 80-130 ms there.
  const link = useMemo(() => ({ href: (name: string) => hrefFor(name), open: (name: string) => run.current(() => openContributor(name), 'page') }), [hrefFor, openContributor]);
  // Back on the board: where it was scrolled, and focus on the name that was followed.
  const leftFrom = useRef<string | null>(null);
  // A page the address opened keeps the browser's focus; one opened from here (or history) takes it.
  const landing = useRef(contributor !== null);
  // The name followed, as the board spells it (an address names a blank one "(no name)").
  useLayoutEffect(() => {
    if (contributor !== null) leftFrom.current = nameInBoard(board.names, contributor);
  }, [contributor, board]);
  // Not run again for new data (the board's own auto-reload): that would scroll and focus anew.
  useLayoutEffect(() => {
    if (contributor !== null) return;
    landing.current = false;
    const y = takeBoardScroll();
    if (y !== null) window.scrollTo(0, y);
    const name = leftFrom.current;
    leftFrom.current = null;
    if (name === null) return;
    // By the row's name, not the link's text: a blank name reads "(no name)".
    const target = [...document.querySelectorAll<HTMLElement>('[data-testid="leaderboard"] [data-testid="leaderboard-row"]')]
      .find((row) => row.dataset.name === name)?.querySelector<HTMLElement>('[data-testid="contributor-name"]');
    target?.focus({ preventScroll: y !== null });
  }, [contributor, takeBoardScroll]);

  const refresh = () => {
    reloadStatus();
    reloadData();
  };

  return (
    <RulesContext.Provider value={rules}>
      <BoardNamesContext.Provider value={namesOf}>
      <div className="app">
        <Header repository={repository} lastUpdated={board.last_updated} status={status}
          refreshing={refreshing} refreshFailed={refreshError !== null} onRefresh={refresh} />
        <main className="container main" id="main">
          {refreshError && (
            <StatusBanner type="error" message={`Failed to refresh: ${refreshError}`} hint="The data below is from the last successful load."
              onDismiss={onDismissRefreshError} />
          )}
          {activity?.status.state === 'failed' && (
            <div className="activity-notice" data-testid="activity-failed">
              <StatusBanner type="error" message={asSentence(activity.status.error)}
                hint={failedSyncHint(activity.status.syncedAt, tableActivity.reviews)} />
            </div>
          )}
          {repoMissing && (
            <StatusBanner type="error" message={`This board has no repository named "${repoMissing}".`} hint="Showing all repositories." />
          )}
          {view.linkNote && (
            <div className="link-note" data-testid="link-note">
              <StatusBanner type="info" message={view.linkNote} onDismiss={dismissLinkNote} />
            </div>
          )}
          {profile && (
            <RepositoriesContext.Provider value={links}>
              <ContributorPage board={board} name={profile.name} type={profile.type} onTypeChange={changeProfileType} labels={profile.labels}
                period={profile.period} onPeriodChange={changeProfilePeriod} hidden={hidden} boardHref={hrefFor(null)} onBack={closeContributor}
                busy={controls.busy} takeFocus={!landing.current} repo={selected} />
            </RepositoriesContext.Provider>
          )}
          {/* Kept mounted under a contributor page, so Back finds the board as it was (open row, search, rows shown). */}
          <div className="board-view" hidden={contributor !== null} data-testid="board-view">
          <Cards summary={summary} reviews={reviewCount} />
          <Filter names={namesOf} hidden={choosing ?? hidden} onChange={onHiddenChange} />
          <PeriodTabs type={controls.type} onChange={controls.setType} panelId={PANEL_ID} />
          <div className="period-panel" role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(view.type)}
            aria-busy={controls.busy || undefined} data-testid="period-panel">
            <div className="toolbar">
              <ViewingBadge type={view.type} period={view.period} contributors={entries.length} />
              <div className="toolbar-selects">
                {/* Seen only when a change takes a while: its CSS waits before showing it. */}
                {controls.busy && <span className="busy-indicator" aria-hidden="true" data-testid="view-busy" />}
                {repositories.length > 1 && onRepoChange && <RepoSelect repositories={repositories} repo={repo} onChange={onRepoChange} />}
                <PeriodSelect type={view.type} labels={view.labels} period={controls.type === view.type ? controls.period : view.period} onChange={controls.setPeriod} />
              </div>
            </div>
            {selected && (
              <p className="repo-note" data-testid="repo-note">Commits in {selected} only; manual contributions count in All repositories.</p>
            )}
            <Chart board={board} type={view.type} hidden={hidden} />
            <RepositoriesContext.Provider value={links}>
            <CommitLoaderContext.Provider value={loader}>
            <ReviewLoaderContext.Provider value={reviewLoader}>
              <ContributorLinkContext.Provider value={link}>
                <Table key={`${view.type}:${view.period ?? ''}`} entries={entries}
                  emptyReason={boardEmpty && <EmptyBoardReason metadata={board.metadata} analysisPeriodDays={board.analysis_period_days} />}
                  query={query} onQueryChange={setQuery} previous={previous}
                  csvFileName={`leaderboard-${selected ? `${fileNamePart(selected)}-` : ''}${view.type}-${fileNamePart(view.period ?? 'none')}.csv`} activity={tableActivity} />
              </ContributorLinkContext.Provider>
            </ReviewLoaderContext.Provider>
            </CommitLoaderContext.Provider>
            </RepositoriesContext.Provider>
          </div>
          </div>
        </main>
        <Footer metadata={board.metadata} />
        {explaining && <ScoringRulesDialog rules={rules.rules} section={explaining} onClose={() => setExplaining(null)} />}
      </div>
      </BoardNamesContext.Provider>
    </RulesContext.Provider>
  );
}
