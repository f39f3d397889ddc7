import { createToaster } from '@chakra-ui/react';

/**
 * The toast queue. Anything may add to it at any time; the host that draws it (toast-host.tsx) is
 * loaded with the first toast, so the first screen does not carry the toast machinery.
 */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 });

export function showToast(type: 'success' | 'error' | 'info' | 'loading', message: string, duration = 3000) {
  return toaster.create({ type, title: message, duration, closable: type === 'error' });
}
