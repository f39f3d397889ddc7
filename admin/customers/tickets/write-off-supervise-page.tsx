import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { removeVerifiers, type VerifierRow, verifierListResource } from '../../../contract/endpoints/tickets';
import { TicketPermission } from '../../../contract/machines/ticket';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { AddVerifierDialog } from './add-verifier-dialog';
import { ticketCatalogues } from './messages';
import { storeOptions } from './store-options';
import { WriteOffPanel } from './write-off-panel';

const column = columnKinds<VerifierRow>('verifiers.column');

/** /customer/writeoffSupervise: the verifiers of each store; the write-off form sits under them. */
const verifierDefinition: ResourceDefinition<VerifierRow> = {
  list: verifierListResource,
  path: TicketPermission.writeOff,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Name,
  options: { store: storeOptions },
  columns: [
    column.twoLines(
      'name',
      (row) => row.Name,
      (row) => row.MemberNo,
    ),
    column.text('kind', (row) => <FormattedMessage id={`verifiers.kind.${row.Kind}`} />),
    column.text('store', (row) => row.StoreTitle),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  actions: [
    {
      kind: 'command',
      id: 'remove',
      label: 'verifiers.remove',
      named: 'verifiers.removeNamed',
      permission: TicketPermission.writeOff,
      destructive: true,
      confirm: 'verifiers.confirm.remove',
      call: (Ids) => ({ endpoint: removeVerifiers, input: { Ids } }),
      on: 'both',
    },
  ],
};

function WriteOffSupervisePage() {
  const [adding, setAdding] = useState(false);
  return (
    <ResourceScreen definition={verifierDefinition}>
      <HStack>
        <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
          <FormattedMessage id="verifiers.add" />
        </Button>
      </HStack>
      <WriteOffPanel />
      {adding && <AddVerifierDialog onClose={() => setAdding(false)} />}
    </ResourceScreen>
  );
}

export default withModuleMessages(WriteOffSupervisePage, ticketCatalogues);
