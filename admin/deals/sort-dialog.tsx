import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { EndpointDefinition } from '../../contract/endpoint';
import { DEAL_SORT_MAX } from '../../contract/endpoints/deal-common';
import { FormDialog } from '../../src/lib/form-dialog';
import { useResourceAction } from '../core/use-resource-list';

/** What the engine hands an action's dialog (an ActionDialog's props). */
export interface RowDialogProps<Row> {
  rows: Row[];
  onClose(): void;
}

/**
 * A row's sort (higher first) set with the module's taxis call (SetSeckillProductTaxis and its kin).
 * Each list binds it to its call and row name in a small component of its own (an ActionDialog).
 */
export function SortDialog<Row extends { Id: number; Sort: number }>({
  rows,
  onClose,
  endpoint,
  name,
}: RowDialogProps<Row> & { endpoint: EndpointDefinition; name(row: Row): string }) {
  {
    const intl = useIntl();
    const row = rows[0]!;
    const [text, setText] = useState(String(row.Sort));
    const action = useResourceAction([], endpoint);
    const sort = Number(text);
    const valid = /^\d+$/.test(text.trim()) && sort <= DEAL_SORT_MAX;
    const label = intl.formatMessage({ id: 'deals.sortOf' }, { name: name(row) });
    return (
      <FormDialog
        title={intl.formatMessage({ id: 'deals.sortAction' })}
        submitLabel={intl.formatMessage({ id: 'engine.save' })}
        submitDisabled={!valid}
        busy={action.pending}
        onSubmit={async () => {
          if (await action.run({ input: { Id: row.Id, Sort: sort } })) onClose();
        }}
        onClose={onClose}
      >
        <Field.Root invalid={!valid}>
          <Field.Label>{label}</Field.Label>
          <Input
            type="number"
            min={0}
            max={DEAL_SORT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <Field.HelperText>{intl.formatMessage({ id: 'deals.field.SortHelp' })}</Field.HelperText>
        </Field.Root>
      </FormDialog>
    );
  }
}
