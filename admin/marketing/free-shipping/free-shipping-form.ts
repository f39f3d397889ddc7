import type { FreeShippingDetail, FreeShippingForm } from '../../../contract/endpoints/free-shipping';
import type { NamedRegion } from '../../../contract/endpoints/freight-templates';
import type {
  FreeShippingGoodsScope,
  FreeShippingRegionScope,
  FreeShippingThreshold,
} from '../../../contract/free-shipping';
import { DAY_MS, SHOP_UTC_OFFSET, shopDateTime } from '../../../contract/shop-time';
import type { ChosenGoods } from '../../core/finder';
import { fenToYuanText, yuanToFen } from '../../core/list-state';

/**
 * The free-shipping form's draft: the amount typed in yuan, times as the shop's wall clock in
 * date-time boxes, regions and goods with their names so the chosen ones can be listed.
 */
export interface FreeShippingDraft {
  Name: string;
  StartsAt: string;
  EndsAt: string;
  Threshold: FreeShippingThreshold;
  Minimum: string;
  MinimumQuantity: number;
  RegionScope: FreeShippingRegionScope;
  Regions: NamedRegion[];
  GoodsScope: FreeShippingGoodsScope;
  Goods: ChosenGoods[];
  SwitchedOn: boolean;
}

/** Form field names of the save call's fields, so the server's errors land on what was typed. */
export const FREE_SHIPPING_RENAMES = {
  MinimumFen: 'Minimum',
  Status: 'SwitchedOn',
  ProductIds: 'Goods',
} as const;

function wallClock(instant: Date): string {
  return shopDateTime(instant).slice(0, 16).replace(' ', 'T');
}

/** A new activity runs from this minute for thirty days, ¥99 and over, everywhere, on every good. */
export function freeShippingDraft(row: FreeShippingDetail | null, now = new Date()): FreeShippingDraft {
  if (row)
    return {
      Name: row.Name,
      StartsAt: wallClock(new Date(row.StartsAt)),
      EndsAt: wallClock(new Date(row.EndsAt)),
      Threshold: row.Threshold,
      Minimum: row.Threshold === 'amount' ? fenToYuanText(row.MinimumFen) : '',
      MinimumQuantity: row.MinimumQuantity,
      RegionScope: row.RegionScope,
      Regions: row.Regions,
      GoodsScope: row.GoodsScope,
      Goods: row.Goods.map((goods) => ({ Id: goods.Id, Name: goods.Name })),
      SwitchedOn: row.Status === 'on',
    };
  const minute = 60 * 1000;
  const start = new Date(Math.floor(now.getTime() / minute) * minute);
  return {
    Name: '',
    StartsAt: wallClock(start),
    EndsAt: wallClock(new Date(start.getTime() + 30 * DAY_MS)),
    Threshold: 'amount',
    Minimum: '99.00',
    MinimumQuantity: 0,
    RegionScope: 'all',
    Regions: [],
    GoodsScope: 'all',
    Goods: [],
    SwitchedOn: true,
  };
}

/** A typed wall-clock time as an instant of the shop's zone; other text is passed on for the schema to refuse. */
function instant(text: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00${SHOP_UTC_OFFSET}` : text;
}

/**
 * The save call's input: only the threshold chosen carries its figure (the other is 0), regions only
 * when chosen, goods only with a scope other than all; text that is no amount is passed on as NaN
 * for the schema to refuse on its field.
 */
export function freeShippingInput(
  draft: FreeShippingDraft,
  row: Pick<FreeShippingDetail, 'Id' | 'Version'> | null,
): FreeShippingForm {
  const byAmount = draft.Threshold === 'amount';
  return {
    Name: draft.Name,
    StartsAt: instant(draft.StartsAt),
    EndsAt: instant(draft.EndsAt),
    Threshold: draft.Threshold,
    MinimumFen: byAmount ? (yuanToFen(draft.Minimum) ?? Number.NaN) : 0,
    MinimumQuantity: byAmount ? 0 : draft.MinimumQuantity,
    RegionScope: draft.RegionScope,
    Regions: draft.RegionScope === 'chosen' ? draft.Regions.map((region) => region.Code) : [],
    GoodsScope: draft.GoodsScope,
    ProductIds: draft.GoodsScope === 'all' ? [] : draft.Goods.map((goods) => goods.Id),
    Status: draft.SwitchedOn ? 'on' : 'off',
    ...(row ? { Id: row.Id, Version: row.Version } : {}),
  };
}
