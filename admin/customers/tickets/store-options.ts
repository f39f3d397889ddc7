import { getTicketStores } from '../../../contract/endpoints/tickets';
import { optionsFrom } from '../../core/resource-definition';

/** The store filter's options: the shop's stores (a store account's own only). */
export const storeOptions = optionsFrom(getTicketStores, {}, (data) =>
  data.Data.map((store) => ({ value: String(store.Id), label: store.Title })),
);
