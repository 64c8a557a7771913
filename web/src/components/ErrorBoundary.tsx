import { Component, type ReactNode } from 'react';
import { failedModuleFile, isModuleLoadError } from '../lib/load-errors.js';
import { ErrorState } from './ErrorState.js';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Shows the error state instead of a blank page if rendering the data ever throws. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (error && isModuleLoadError(error)) {
      // A part of the page fetched when first used (a chart's code) did not arrive: the data is
      // fine, the server or the connection is not. A failed import is not tried again by React,
      // so only a reload helps.
      const file = failedModuleFile(error);
      return <ErrorState message={`The leaderboard could not be displayed: a file of the page${file ? ` (${file})` : ''} could not be loaded.`}
        cause="unreachable" onRetry={() => window.location.reload()} retryLabel="Reload the page" />;
    }
    if (error) {
      return <ErrorState message={`The leaderboard could not be displayed: ${error.message}`} />;
    }
    return this.props.children;
  }
}
