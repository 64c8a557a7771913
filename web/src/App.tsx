import { Dashboard } from './components/Dashboard.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { ErrorState } from './components/ErrorState.js';
import { LoadingState } from './components/LoadingState.js';
import { useLeaderboardData } from './hooks/use-leaderboard-data.js';

/** The page: loading, the error state, or the dashboard. */
export function App() {
  const { state, refreshing, refresh, refreshError, dismissRefreshError } = useLeaderboardData();
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') {
    return <ErrorState message={state.message} onRetry={() => void refresh()} retrying={refreshing} />;
  }
  return (
    <ErrorBoundary>
      <Dashboard board={state.board} refreshing={refreshing} onRefresh={refresh}
        refreshError={refreshError} onDismissRefreshError={dismissRefreshError} />
    </ErrorBoundary>
  );
}
