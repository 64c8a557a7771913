/** The whole page while the data file loads: a spinner and 'Loading leaderboard...'. */
export function LoadingState() {
  return (
    <div className="state-screen" data-testid="loading-state" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p className="state-text">Loading leaderboard...</p>
    </div>
  );
}
