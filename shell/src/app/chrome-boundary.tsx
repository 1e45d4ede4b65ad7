import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Props of {@link ChromeBoundary}. */
export interface ChromeBoundaryProps {
  /** Names the area in the console message and `data-chrome-failed`. */
  area: string;
  /** What replaces the area after a render error (nothing by default: the rest of the page keeps working). */
  fallback?: ReactNode;
  /** A new value clears a caught error (the page boundary passes the pathname, so navigating away recovers). */
  resetKey?: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string | undefined;
}

/**
 * The shell's own error boundary: a render error in one part of the chrome (header, sidebar, bottom nav, a modal,
 * a shell page) replaces that part only, as a remote's boundary does for its area (ADR 0008). Written by hand:
 * React offers boundaries only as a class with these two methods, and the area name is all we add.
 */
export class ChromeBoundary extends Component<ChromeBoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ChromeBoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[shell] ${this.props.area} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <div data-chrome-failed={this.props.area}>{this.props.fallback ?? null}</div>;
  }
}
