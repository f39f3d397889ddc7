import { FormattedMessage } from 'react-intl';
import {
  type ApplymentRow,
  applymentListResource,
  refreshApplyment,
  submitApplyment,
} from '../../contract/endpoints/pay-applyment';
import {
  PAY_APPLYMENT_LIST_PERMISSION,
  PAY_APPLYMENT_PERMISSION,
  payApplymentMachine,
} from '../../contract/machines/pay-applyment';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { miniProgramCatalogues } from './messages';

const column = columnKinds<ApplymentRow>('applyment.column');

/**
 * /smallRoutine/payApplymentList: the shop's WeChat Pay special-merchant applications by state; edit a
 * draft or a rejected one, submit it, ask WeChat Pay for its state now (the sweep asks every ten
 * minutes), and find the signing link once it is to be signed.
 */
const applymentDefinition: ResourceDefinition<ApplymentRow> = {
  list: applymentListResource,
  path: PAY_APPLYMENT_LIST_PERMISSION,
  rowKey: (row) => row.Id,
  rowName: (row) => row.MerchantName || `#${row.Id}`,
  columns: [
    column.twoLines(
      'merchant',
      (row) => row.MerchantName,
      (row) => row.MerchantShortname,
    ),
    column.text('subjectType', (row) => <FormattedMessage id={`applyment.subject.${row.SubjectType}`} />),
    column.state('status', [
      {
        state: (row) => row.Status,
        label: (state) => `payApplyment.state.${state}`,
        palette: {
          editing: 'gray',
          submitted: 'blue',
          auditing: 'orange',
          toBeSigned: 'orange',
          finished: 'green',
          rejected: 'red',
        },
      },
    ]),
    column.twoLines(
      'applymentId',
      (row) => row.ApplymentId,
      (row) => row.SignUrl,
    ),
    column.text('subMchId', (row) => row.SubMchId),
    column.text('reason', (row) => row.Reason),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  toolbar: [
    {
      label: 'applyment.new',
      to: PAY_APPLYMENT_PERMISSION,
      permission: PAY_APPLYMENT_PERMISSION,
      primary: true,
    },
  ],
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'applyment.edit',
      permission: PAY_APPLYMENT_PERMISSION,
      to: (row) => `${PAY_APPLYMENT_PERMISSION}?id=${row.Id}`,
      offer: (row) => row.Status === 'editing' || row.Status === 'rejected',
    },
    {
      kind: 'machine',
      machine: payApplymentMachine,
      state: (row) => row.Status,
      bulk: false,
      call: (action, ids) =>
        action.name === 'submit' ? { endpoint: submitApplyment, input: { Ids: ids } } : null,
    },
    {
      kind: 'command',
      id: 'refresh',
      label: 'applyment.refresh',
      permission: PAY_APPLYMENT_LIST_PERMISSION,
      offer: (row) => row.Status === 'auditing' || row.Status === 'toBeSigned',
      call: (ids) => ({ endpoint: refreshApplyment, input: { Ids: ids } }),
    },
  ],
};

function ApplymentListPage() {
  return <ResourceScreen definition={applymentDefinition} />;
}

export default withModuleMessages(ApplymentListPage, miniProgramCatalogues);
