import { Component, type ReactNode } from 'react';
import { RootErrorBoundary } from './RootErrorBoundary';

interface Props {
  /** Changes on every navigation: the error screen is left by going elsewhere. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Catches what a screen throws while rendering or while its code loads and shows RootErrorBoundary instead. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    return this.state.error ? <RootErrorBoundary error={this.state.error} /> : this.props.children;
  }
}
