import { Alert } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialog } from '../../src/lib/form-dialog';

/** The dialog of a record the address names but the shop does not have (deleted, or another's). */
export function RecordMissing({ titleKey, onClose }: { titleKey: string; onClose(): void }) {
  const intl = useIntl();
  return (
    <FormDialog
      title={intl.formatMessage({ id: titleKey })}
      submitLabel={intl.formatMessage({ id: 'app.close' })}
      onSubmit={onClose}
      onClose={onClose}
    >
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>
          <FormattedMessage id="engine.record.notFound" />
        </Alert.Title>
      </Alert.Root>
    </FormDialog>
  );
}
