import type { EndpointDefinition, Permission } from '../../../contract/endpoint';
import type { StateBadge } from '../../core/column-kinds';
import type { ActionSpec } from '../../core/resource-definition';

interface Endpoints {
  list: Permission;
  edit: Permission;
  status: EndpointDefinition;
  remove: EndpointDefinition;
}

/** Edit, switch on or off, delete: the same row and bulk actions for technicians and services. */
export function serviceShopActions<Row extends { Id: number; Status: 'on' | 'off' }>(
  paths: Endpoints,
): ActionSpec<Row>[] {
  const switchTo = (Status: 'on' | 'off') => (Ids: number[]) => ({
    endpoint: paths.status,
    input: { Ids, Status },
  });
  return [
    {
      kind: 'link',
      id: 'edit',
      label: 'serviceShop.edit',
      permission: paths.edit,
      to: (row) => `${paths.edit}?id=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'on',
      label: 'serviceShop.switchOn',
      permission: paths.list,
      confirm: 'serviceShop.confirm.on',
      offer: (row) => row.Status === 'off',
      call: switchTo('on'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'off',
      label: 'serviceShop.switchOff',
      permission: paths.list,
      confirm: 'serviceShop.confirm.off',
      offer: (row) => row.Status === 'on',
      call: switchTo('off'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'serviceShop.delete',
      permission: paths.list,
      destructive: true,
      confirm: 'serviceShop.confirm.delete',
      call: (Ids) => ({ endpoint: paths.remove, input: { Ids } }),
      on: 'both',
    },
  ];
}

export const statusBadge = <Row extends { Status: 'on' | 'off' }>(): StateBadge<Row> => ({
  state: (row: Row) => row.Status,
  label: (state: string) => `serviceShop.status.${state}`,
  palette: { on: 'green', off: 'gray' },
});
