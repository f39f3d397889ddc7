import type { StoreRow } from '../../../contract/endpoints/stores';
import { parseHours, parseLatlng } from '../../../contract/store-rules';
import type { stores } from '../../db/schema';

/** Opening hours of rows stored before hours were checked: all day rather than a broken pair. */
const ALL_DAY = { open: '00:00', close: '23:59' };

export function storeRow(row: typeof stores.$inferSelect, accountCount: number): StoreRow {
  const point = parseLatlng(row.latlng);
  const hours = parseHours(row.hours) ?? ALL_DAY;
  return {
    Id: row.id,
    Name: row.title,
    Logo: row.image,
    Contact: row.contact,
    Phone: row.tel,
    Area: row.area ?? null,
    Address: row.address,
    Lat: point?.lat ?? null,
    Lng: point?.lng ?? null,
    OpenTime: hours.open,
    CloseTime: hours.close,
    Weekdays: row.weekdays,
    Pickup: row.pickup,
    Status: row.status,
    Sort: row.sort,
    AccountCount: accountCount,
    Version: row.version,
    CreatedAt: row.createdAt.toISOString(),
  };
}
