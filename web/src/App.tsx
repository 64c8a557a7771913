import { Dashboard } from './components/Dashboard.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { ErrorState } from './components/ErrorState.js';
import { LoadingState } from './components/LoadingState.js';
import { useLeaderboardData } from './hooks/use-leaderboard-data.js';
import { useRepoSelection } from './hooks/use-repo-selection.js';

/** The page: loading, the error state, or the dashboard. */
export function App() {
  const [repo, setRepo] = useRepoSelection();
  const { state, refreshing, refresh, refreshError, dismissRefreshError, repoMissing } = useLeaderboardData(repo);
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') {
    return <ErrorState message={state.message} cause={state.unreachable ? 'unreachable' : 'data'} onRetry={() => void refresh()} retrying={refreshing} />;
  }
  return (
    <ErrorBoundary>
      <Dashboard board={state.board} refreshing={refreshing} onRefresh={refresh}
        repo={repoMissing ? null : repo} onRepoChange={setRepo} repoMissing={repoMissing}
        refreshError={refreshError} onDismissRefreshError={dismissRefreshError} />
    </ErrorBoundary>
  );
}
