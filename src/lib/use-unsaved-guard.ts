import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useBlocker } from 'react-router-dom';
import { confirmDialog } from './notify';

/** Asks before leaving a form with unsaved changes: in-app navigation and closing the tab. */
export function useUnsavedGuard(dirty: boolean): void {
  const intl = useIntl();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDialog({
      title: intl.formatMessage({ id: 'unsaved.title' }),
      message: intl.formatMessage({ id: 'unsaved.message' }),
      confirmText: intl.formatMessage({ id: 'unsaved.leave' }),
      cancelText: intl.formatMessage({ id: 'unsaved.stay' }),
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, intl]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
