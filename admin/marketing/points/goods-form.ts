import type { PointsGoodsDetail, PointsGoodsForm } from '../../../contract/endpoints/points-goods';
import type { PointsGoodsKind } from '../../../contract/points';
import { DAY_MS, SHOP_UTC_OFFSET, shopDateTime } from '../../../contract/shop-time';
import { fenToYuanText, yuanToFen } from '../../core/list-state';

/**
 * The points goods form's draft: the cash part typed in yuan, times as the shop's wall clock
 * (`2026-05-01T09:00`) in date-time boxes, "no end" as a box of its own.
 */
export interface GoodsDraft {
  Kind: PointsGoodsKind;
  ProductId: number | null;
  ProductName: string;
  Title: string;
  Image: string;
  Points: number;
  Price: string;
  Stock: number;
  PerMemberLimit: number;
  StartsAt: string;
  EndsAt: string;
  NoEnd: boolean;
  Description: string;
  Sort: number;
  SwitchedOn: boolean;
}

/** Form field names of the save call's fields, so the server's errors land on what was typed. */
export const GOODS_RENAMES = { PriceFen: 'Price', Status: 'SwitchedOn', ProductId: 'ProductName' } as const;

function wallClock(instant: Date): string {
  return shopDateTime(instant).slice(0, 16).replace(' ', 'T');
}

/** New goods run from this minute for thirty days; existing ones show what they hold. */
export function goodsDraft(row: PointsGoodsDetail | null, now = new Date()): GoodsDraft {
  if (row)
    return {
      Kind: row.Kind,
      ProductId: row.ProductId,
      ProductName: row.ProductName,
      Title: row.Title,
      Image: row.Image,
      Points: row.Points,
      Price: fenToYuanText(row.PriceFen),
      Stock: row.Stock,
      PerMemberLimit: row.PerMemberLimit,
      StartsAt: wallClock(new Date(row.StartsAt)),
      EndsAt: row.EndsAt ? wallClock(new Date(row.EndsAt)) : '',
      NoEnd: row.EndsAt === null,
      Description: row.Description,
      Sort: row.Sort,
      SwitchedOn: row.Status === 'on',
    };
  const minute = 60 * 1000;
  const start = new Date(Math.floor(now.getTime() / minute) * minute);
  return {
    Kind: 'physical',
    ProductId: null,
    ProductName: '',
    Title: '',
    Image: '',
    Points: 100,
    Price: '0.00',
    Stock: 100,
    PerMemberLimit: 0,
    StartsAt: wallClock(start),
    EndsAt: wallClock(new Date(start.getTime() + 30 * DAY_MS)),
    NoEnd: false,
    Description: '',
    Sort: 0,
    SwitchedOn: true,
  };
}

/** A typed wall-clock time as an instant of the shop's zone; other text is passed on for the schema to refuse. */
function instant(text: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00${SHOP_UTC_OFFSET}` : text;
}

/** The save call's input; what cannot be an amount or a good is passed on for the schema to refuse. */
export function goodsInput(
  draft: GoodsDraft,
  row: Pick<PointsGoodsDetail, 'Id' | 'Version'> | null,
): PointsGoodsForm {
  return {
    Title: draft.Title,
    Image: draft.Image,
    Kind: draft.Kind,
    ProductId: draft.ProductId ?? 0,
    Points: draft.Points,
    PriceFen: yuanToFen(draft.Price) ?? Number.NaN,
    Stock: draft.Stock,
    PerMemberLimit: draft.PerMemberLimit,
    StartsAt: instant(draft.StartsAt),
    EndsAt: draft.NoEnd ? null : instant(draft.EndsAt),
    Description: draft.Description,
    Sort: draft.Sort,
    Status: draft.SwitchedOn ? 'on' : 'off',
    ...(row ? { Id: row.Id, Version: row.Version } : {}),
  };
}
