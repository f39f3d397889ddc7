import { SHOP_UTC_OFFSET, shopDateTime } from '../../../contract/shop-time';

/** A publish time as the datetime-local field shows it: the shop's wall clock to the minute. */
export function publishFieldValue(iso: string): string {
  return shopDateTime(new Date(iso)).slice(0, 16).replace(' ', 'T');
}

/** The field's wall-clock value as an instant in the shop's time zone; empty stays empty. */
export function publishInstant(field: string): string {
  return field === '' ? '' : `${field}:00${SHOP_UTC_OFFSET}`;
}
