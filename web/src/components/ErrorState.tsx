import { AlertIcon } from './Icons.js';

interface ErrorStateProps {
  message: string;
  /** Fetches the data again; the button is left out without it. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** The whole page when the data file cannot be loaded or read: what went wrong and how to fix it. */
export function ErrorState({ message, onRetry, retrying = false }: ErrorStateProps) {
  return (
    <main className="state-screen" data-testid="error-state">
      <div className="card error-card" role="alert">
        <AlertIcon className="error-icon" width={32} height={32} />
        <h1 className="error-title">Error Loading Data</h1>
        <p className="error-message" data-testid="error-message">{message}</p>
        <p className="error-hint">
          Make sure <code>leaderboard-data.json</code> exists in the data directory: run{' '}
          <code>leaderboard refresh</code> to create it.
        </p>
        {onRetry && (
          <button type="button" className="button button-primary" onClick={onRetry} disabled={retrying} data-testid="retry-button">
            {retrying ? 'Retrying...' : 'Try again'}
          </button>
        )}
      </div>
    </main>
  );
}
