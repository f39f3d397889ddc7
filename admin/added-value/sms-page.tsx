import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  deleteSmsTemplates,
  type SmsTemplateRow,
  smsTemplateListResource,
} from '../../contract/endpoints/sms';
import { AddedValuePermission, reviewMachine } from '../../contract/machines/added-value';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds, machineBadge } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { addedValueCatalogues } from './messages';
import { SendDialog } from './send-dialog';
import { SmsOverview } from './sms-overview';
import { EditTemplateDialog, TemplateDialog } from './template-dialog';

const column = columnKinds<SmsTemplateRow>('smsTemplates.column');
const SMS = AddedValuePermission.sms;

/**
 * /addedValue/messageRecharge: the balance, packages and signature over the shop's templates. The
 * menu has no route for a template or a send, so "add template" (`?template=new`) and "send a
 * message" (`?send=1`) open dialogs named in the address, as toolbar links.
 */
const templateDefinition: ResourceDefinition<SmsTemplateRow> = {
  list: smsTemplateListResource,
  path: SMS,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Name,
  columns: [
    column.twoLines(
      'template',
      (row) => row.Name,
      (row) => row.Content,
    ),
    column.text('scene', (row) => <FormattedMessage id={`sms.scene.${row.Scene}`} />),
    column.text('providerId', (row) => row.ProviderTemplateId),
    column.state('state', [
      machineBadge(reviewMachine, (row) => row.State, {
        applied: 'blue',
        approved: 'green',
        rejected: 'red',
      }),
    ]),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  toolbar: [
    { label: 'sms.send', to: `${SMS}?send=1`, permission: SMS, primary: true },
    { label: 'smsTemplates.add', to: `${SMS}?template=new`, permission: SMS },
    { label: 'sms.sendRecords', to: AddedValuePermission.sends, permission: AddedValuePermission.sends },
    {
      label: 'sms.rechargeRecords',
      to: AddedValuePermission.records,
      permission: AddedValuePermission.records,
    },
  ],
  actions: [
    {
      kind: 'machine',
      machine: reviewMachine,
      state: (row) => row.State,
      call: () => null,
      dialogs: { templateForm: EditTemplateDialog },
      bulk: false,
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'smsTemplates.delete',
      permission: SMS,
      destructive: true,
      confirm: 'smsTemplates.confirm.delete',
      call: (Ids) => ({ endpoint: deleteSmsTemplates, input: { Ids } }),
      on: 'both',
    },
  ],
};

function SmsPage() {
  const [search, setSearch] = useSearchParams();
  const close = (name: string) => () => {
    const next = new URLSearchParams(search);
    next.delete(name);
    setSearch(next, { replace: true });
  };
  return (
    <ResourceScreen definition={templateDefinition} header={<SmsOverview />}>
      {search.get('template') === 'new' && <TemplateDialog row={null} onClose={close('template')} />}
      {search.get('send') !== null && <SendDialog onClose={close('send')} />}
    </ResourceScreen>
  );
}

export default withModuleMessages(SmsPage, addedValueCatalogues);
