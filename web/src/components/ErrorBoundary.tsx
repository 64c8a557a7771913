import { Component, type ReactNode } from 'react';
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
    if (this.state.error) {
      return <ErrorState message={`The leaderboard could not be displayed: ${this.state.error.message}`} />;
    }
    return this.props.children;
  }
}
