import { FormattedMessage } from 'react-intl';
import {
  delServices,
  type ServiceRow,
  ServiceShopPermission,
  serviceListResource,
  setServiceStatus,
} from '../../../contract/endpoints/service-shop';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { serviceShopCatalogues } from './messages';
import { serviceShopActions, statusBadge } from './row-actions';

const column = columnKinds<ServiceRow>('services.column');

/** /shop/serviceSupervise: the service menu, each with its price, duration and who gives it. */
const serviceDefinition: ResourceDefinition<ServiceRow> = {
  list: serviceListResource,
  path: ServiceShopPermission.services,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Name,
  actionNamed: 'services.actionNamed',
  columns: [
    column.picture('service', { image: (row) => row.Image, title: (row) => row.Name }),
    column.money('price', (row) => row.PriceFen),
    column.text('minutes', (row) => (
      <FormattedMessage id="serviceShop.minutes" values={{ minutes: row.Minutes }} />
    )),
    column.tags('technicians', (row) => row.TechnicianNames),
    column.text(
      'bookingForm',
      (row) => row.BookingFormTitle || <FormattedMessage id="serviceShop.noBookingForm" />,
    ),
    column.text(
      'rating',
      (row) => <FormattedMessage id="serviceShop.rating" values={{ rating: (row.Rating / 10).toFixed(1) }} />,
      { sort: 'rating' },
    ),
    column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    column.state('status', [statusBadge<ServiceRow>()]),
  ],
  actions: serviceShopActions<ServiceRow>({
    list: ServiceShopPermission.services,
    edit: ServiceShopPermission.serviceEdit,
    status: setServiceStatus,
    remove: delServices,
  }),
  toolbar: [
    {
      label: 'services.add',
      to: ServiceShopPermission.serviceEdit,
      permission: ServiceShopPermission.serviceEdit,
      primary: true,
    },
  ],
};

function ServiceListPage() {
  return <ResourceScreen definition={serviceDefinition} />;
}

export default withModuleMessages(ServiceListPage, serviceShopCatalogues);
