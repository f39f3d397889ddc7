import { describeError, useErrorLogStore } from '../stores/error-log-store';

/** Window errors and unhandled rejections go to the error log (SPEC §8). */
export function captureGlobalErrors(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const { message, stack } = describeError(event.error ?? event.message);
    useErrorLogStore.getState().addErrorLog({
      message: message || event.message,
      component: event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : 'window',
      url: target.location.href,
      stack,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const { message, stack } = describeError(event.reason);
    useErrorLogStore.getState().addErrorLog({
      message,
      component: 'unhandledrejection',
      url: target.location.href,
      stack,
    });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
