import { Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { toaster } from './toaster';

/** Draws the toast queue; on mount it shows the toasts queued before it was loaded. */
export default function ToastHost() {
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
