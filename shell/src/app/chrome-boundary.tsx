import { Component, type ContextType, type ErrorInfo, type ReactNode } from 'react';
import { ErrorReporterContext, SHELL_VERSION } from '../errors/error-reporter.ts';

/** Props of {@link ChromeBoundary}. */
export interface ChromeBoundaryProps {
  /** Names the area in the console message and `data-chrome-failed`. */
  area: string;
  /**
   * What replaces the area after a render error (nothing by default: the rest of the page keeps working); a
   * function receives the error (a failed lazy import shows the error screen with its content hidden).
   */
  fallback?: ReactNode | ((error: unknown) => ReactNode);
  /** A new value clears a caught error (the page boundary passes the pathname, so navigating away recovers). */
  resetKey?: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string | undefined;
}

/**
 * The shell's own error boundary: a render error in one part of the chrome (header, sidebar, bottom nav, a modal,
 * a shell page) replaces that part only, as a remote's boundary does for its area (ADR 0008). Written by hand:
 * React offers boundaries only as a class with these two methods, and the area name is all we add.
 */
export class ChromeBoundary extends Component<ChromeBoundaryProps, BoundaryState> {
  static override contextType = ErrorReporterContext;
  declare context: ContextType<typeof ErrorReporterContext>;
  override state: BoundaryState = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: ChromeBoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[shell] ${this.props.area} failed`, error, info.componentStack);
    // 000 §8: a render error is reported to the error-reporting service (a failed lazy import is not).
    this.context?.report({
      kind: 'render',
      remote: 'shell',
      version: SHELL_VERSION,
      error,
      componentStack: info.componentStack ?? null,
    });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return (
      <div data-chrome-failed={this.props.area}>
        {typeof fallback === 'function' ? fallback(this.state.error) : (fallback ?? null)}
      </div>
    );
  }
}
