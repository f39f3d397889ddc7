import { createToaster, Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 });

export function AppToaster() {
  const intl = useIntl();
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={intl.formatMessage({ id: 'app.close' })} />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}

export function showToast(type: 'success' | 'error' | 'info' | 'loading', message: string, duration = 3000) {
  return toaster.create({ type, title: message, duration, closable: type === 'error' });
}
