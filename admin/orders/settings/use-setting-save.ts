import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { confirmDialog, showToast } from '../../../src/lib/notify';
import { isStaleVersion, serverFieldErrors } from '../../core/form-errors';

export const SETTINGS_QUERY_ROOT = 'orderSettings';

/**
 * Saving a versioned settings form: on success a toast and a reload of the settings (the form
 * starts again from what was saved); a stale version asks to reload; field errors go back to the
 * form through `onFieldErrors`.
 */
export function useSettingSave() {
  const intl = useIntl();
  const client = useQueryClient();
  return async (
    write: () => Promise<unknown>,
    onFieldErrors: (errors: Record<string, string>) => void,
  ): Promise<boolean> => {
    try {
      await write();
      showToast('success', intl.formatMessage({ id: 'orders.settings.saved' }));
      await client.invalidateQueries({ queryKey: [SETTINGS_QUERY_ROOT] });
      return true;
    } catch (failure) {
      if (isStaleVersion(failure)) {
        const reload = await confirmDialog({
          title: intl.formatMessage({ id: 'engine.staleTitle' }),
          message: intl.formatMessage({ id: 'engine.staleMessage' }),
          confirmText: intl.formatMessage({ id: 'engine.reload' }),
          cancelText: intl.formatMessage({ id: 'engine.cancel' }),
        });
        if (reload) await client.invalidateQueries({ queryKey: [SETTINGS_QUERY_ROOT] });
      } else onFieldErrors(serverFieldErrors(failure));
      return false;
    }
  };
}
