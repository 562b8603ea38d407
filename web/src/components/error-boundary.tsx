/**
 * Keeps a failure inside one part of the page: a page or a form that throws while rendering shows
 * its fallback, and the shell around it (navigation, footer, every other part) stays usable.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

type ErrorBoundaryProps = {
  children: ReactNode;
  /** What replaces the part that failed. */
  fallback: (error: unknown) => ReactNode;
};

type ErrorBoundaryState = { failure: { error: unknown } | null };

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failure: { error } };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failure ? this.props.fallback(this.state.failure.error) : this.props.children;
  }
}
