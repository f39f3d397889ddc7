import { FormattedMessage } from 'react-intl';
import {
  delTechnicians,
  ServiceShopPermission,
  setTechnicianStatus,
  type TechnicianRow,
  technicianListResource,
} from '../../../contract/endpoints/service-shop';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { serviceShopCatalogues } from './messages';
import { serviceShopActions, statusBadge } from './row-actions';

const column = columnKinds<TechnicianRow>('technicians.column');

/** /shop/technicianSupervise: the people a service shop's buyers book, with what they are good at. */
const technicianDefinition: ResourceDefinition<TechnicianRow> = {
  list: technicianListResource,
  path: ServiceShopPermission.technicians,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Name,
  actionNamed: 'technicians.actionNamed',
  columns: [
    column.picture('technician', {
      image: (row) => row.Image,
      title: (row) => row.Name,
      muted: (row) => row.JobTitle,
    }),
    column.tags('skills', (row) => row.Skills),
    column.text('store', (row) => row.StoreName || <FormattedMessage id="serviceShop.noStore" />),
    column.text(
      'rating',
      (row) => <FormattedMessage id="serviceShop.rating" values={{ rating: (row.Rating / 10).toFixed(1) }} />,
      { sort: 'rating' },
    ),
    column.number('services', (row) => row.ServiceCount),
    column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    column.state('status', [statusBadge<TechnicianRow>()]),
  ],
  actions: serviceShopActions<TechnicianRow>({
    list: ServiceShopPermission.technicians,
    edit: ServiceShopPermission.technicianEdit,
    status: setTechnicianStatus,
    remove: delTechnicians,
  }),
  toolbar: [
    {
      label: 'technicians.add',
      to: ServiceShopPermission.technicianEdit,
      permission: ServiceShopPermission.technicianEdit,
      primary: true,
    },
  ],
};

function TechnicianListPage() {
  return <ResourceScreen definition={technicianDefinition} />;
}

export default withModuleMessages(TechnicianListPage, serviceShopCatalogues);
