import { Component, type ErrorInfo, type ReactNode } from 'react';
import { describeError, useErrorLogStore } from '../stores/error-log-store';

interface Props {
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
  /** Changing it clears a caught error (e.g. the route path). */
  resetKey?: string;
}

interface State {
  failed: boolean;
}

/** Records render errors in the error log with their component stack, then shows the fallback. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    const { message, stack } = describeError(error);
    useErrorLogStore.getState().addErrorLog({
      message,
      component: (info.componentStack ?? '').trim().split('\n')[0]?.trim() ?? '',
      url: window.location.href,
      stack: `${stack}\n${info.componentStack ?? ''}`.trim(),
    });
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  reset = () => this.setState({ failed: false });

  override render() {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
