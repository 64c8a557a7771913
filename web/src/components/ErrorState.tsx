import { isPublishedSite } from '../lib/site-mode.js';
import { AlertIcon } from './Icons.js';

interface ErrorStateProps {
  message: string;
  /**
   * What to check: 'data' (the default), the data file (missing, or not valid); 'unreachable', the
   * server, when no answer came at all (for the data or for a file of the page).
   */
  cause?: 'data' | 'unreachable';
  /** Fetches the data again; the button is left out without it. */
  onRetry?: () => void;
  retrying?: boolean;
  /** The button's text; 'Try again' by default. */
  retryLabel?: string;
}

/** The whole page when the data file cannot be loaded or read: what went wrong and how to fix it. */
export function ErrorState({ message, cause = 'data', onRetry, retrying = false, retryLabel = 'Try again' }: ErrorStateProps) {
  // The hint ends on what the button does, so the two say the same.
  const next = onRetry ? retryLabel.toLowerCase() : 'reload the page';
  return (
    <main className="state-screen" data-testid="error-state">
      <div className="card error-card" role="alert">
        <AlertIcon className="error-icon" width={32} height={32} />
        <h1 className="error-title">Error Loading Data</h1>
        <p className="error-message" data-testid="error-message">{message}</p>
        {cause === 'unreachable' && (
          <p className="error-hint" data-testid="error-unreachable">
            {/* A published site has no leaderboard server of its own to start. */}
            {isPublishedSite() ? (
              <>The site could not be reached. Check that you are connected, then {next}.</>
            ) : (
              <>The server could not be reached. Check that it is still running (<code>leaderboard serve</code>) and that
                you are connected, then {next}.</>
            )}
          </p>
        )}
        {/* SPEC: the error state hints that the data file must exist, whatever else it says. */}
        <p className="error-hint" data-testid="error-hint">
          Make sure <code>leaderboard-data.json</code> exists in the data directory: run{' '}
          <code>leaderboard refresh</code> to create it.
        </p>
        {onRetry && (
          <button type="button" className="button button-primary" onClick={onRetry} disabled={retrying} data-testid="retry-button">
            {retrying ? 'Retrying...' : retryLabel}
          </button>
        )}
      </div>
    </main>
  );
}
