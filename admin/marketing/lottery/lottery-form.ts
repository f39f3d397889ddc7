import type { LotteryDetail, LotteryForm } from '../../../contract/endpoints/lotteries';
import { CHANCE_SCALE, type EntryMode, type PrizeKind } from '../../../contract/lottery';
import { DAY_MS, SHOP_UTC_OFFSET, shopDateTime } from '../../../contract/shop-time';
import { fenToYuanText, yuanToFen } from '../../core/list-state';

/**
 * The lucky-draw form's draft: chances typed as percentages with two decimals (12.50 % is 1,250
 * basis points), stored value in yuan, times as the shop's wall clock in date-time boxes, chosen
 * coupons and goods as the text of a select.
 */
export interface PrizeDraft {
  Id: number | null;
  Kind: PrizeKind;
  Name: string;
  Chance: string;
  Stock: number;
  Points: number;
  Balance: string;
  CouponId: string;
  ProductId: string;
  /** Shown, never sent: how many were won. */
  Won: number;
}

export interface LotteryDraft {
  Title: string;
  Image: string;
  Summary: string;
  Rules: string;
  EntryMode: EntryMode;
  PointsCost: number;
  DailyLimit: number;
  TotalLimit: number;
  StartsAt: string;
  EndsAt: string;
  NothingText: string;
  Sort: number;
  SwitchedOn: boolean;
  Prizes: PrizeDraft[];
}

/** Form field names of the save call's fields, so the server's errors land on what was typed. */
export const LOTTERY_RENAMES = { Status: 'SwitchedOn', ChanceBp: 'Chance', BalanceFen: 'Balance' } as const;

/** A percentage with at most two decimals as basis points ("12.5" → 1250); null when it is not one. */
export function percentToBasisPoints(text: string): number | null {
  const cleaned = text.replace(/[\s%]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Basis points as a percentage for a box: 1250 → "12.50". */
export function basisPointsText(basisPoints: number): string {
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

/** What the prizes leave to "nothing", in basis points; null while a chance is not a percentage. */
export function nothingLeft(prizes: readonly Pick<PrizeDraft, 'Chance'>[]): number | null {
  let total = 0;
  for (const prize of prizes) {
    const basisPoints = percentToBasisPoints(prize.Chance);
    if (basisPoints === null) return null;
    total += basisPoints;
  }
  return CHANCE_SCALE - total;
}

function wallClock(instant: Date): string {
  return shopDateTime(instant).slice(0, 16).replace(' ', 'T');
}

export function newPrize(): PrizeDraft {
  return {
    Id: null,
    Kind: 'points',
    Name: '',
    Chance: '10.00',
    Stock: 100,
    Points: 10,
    Balance: '1.00',
    CouponId: '',
    ProductId: '',
    Won: 0,
  };
}

/** A new draw runs from this minute for a week, free, three draws a day; an existing one shows what it holds. */
export function lotteryDraft(row: LotteryDetail | null, nothingText: string, now = new Date()): LotteryDraft {
  if (row)
    return {
      Title: row.Title,
      Image: row.Image,
      Summary: row.Summary,
      Rules: row.Rules,
      EntryMode: row.EntryMode,
      PointsCost: row.PointsCost,
      DailyLimit: row.DailyLimit,
      TotalLimit: row.TotalLimit,
      StartsAt: wallClock(new Date(row.StartsAt)),
      EndsAt: wallClock(new Date(row.EndsAt)),
      NothingText: row.NothingText || nothingText,
      Sort: row.Sort,
      SwitchedOn: row.Status === 'on',
      Prizes: row.Prizes.map((prize) => ({
        Id: prize.Id,
        Kind: prize.Kind,
        Name: prize.Name,
        Chance: basisPointsText(prize.ChanceBp),
        Stock: prize.Stock,
        Points: prize.Points,
        Balance: fenToYuanText(prize.BalanceFen),
        CouponId: prize.CouponId === null ? '' : String(prize.CouponId),
        ProductId: prize.ProductId === null ? '' : String(prize.ProductId),
        Won: prize.Won,
      })),
    };
  const minute = 60 * 1000;
  const start = new Date(Math.floor(now.getTime() / minute) * minute);
  return {
    Title: '',
    Image: '',
    Summary: '',
    Rules: '',
    EntryMode: 'free',
    PointsCost: 0,
    DailyLimit: 3,
    TotalLimit: 0,
    StartsAt: wallClock(start),
    EndsAt: wallClock(new Date(start.getTime() + 7 * DAY_MS)),
    NothingText: nothingText,
    Sort: 0,
    SwitchedOn: true,
    Prizes: [],
  };
}

/** A typed wall-clock time as an instant of the shop's zone; other text is passed on for the schema to refuse. */
function instant(text: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00${SHOP_UTC_OFFSET}` : text;
}

const chosenId = (text: string) => (text === '' ? null : Number(text));

/** The save call's input; what cannot be a number is passed on as NaN for the schema to refuse. */
export function lotteryInput(
  draft: LotteryDraft,
  row: Pick<LotteryDetail, 'Id' | 'Version'> | null,
): LotteryForm {
  return {
    Title: draft.Title,
    Image: draft.Image,
    Summary: draft.Summary,
    Rules: draft.Rules,
    EntryMode: draft.EntryMode,
    PointsCost: draft.EntryMode === 'points' ? draft.PointsCost : 0,
    DailyLimit: draft.DailyLimit,
    TotalLimit: draft.TotalLimit,
    StartsAt: instant(draft.StartsAt),
    EndsAt: instant(draft.EndsAt),
    NothingText: draft.NothingText,
    Sort: draft.Sort,
    Status: draft.SwitchedOn ? 'on' : 'off',
    Prizes: draft.Prizes.map((prize) => ({
      ...(prize.Id === null ? {} : { Id: prize.Id }),
      Kind: prize.Kind,
      Name: prize.Name,
      Image: '',
      ChanceBp: percentToBasisPoints(prize.Chance) ?? Number.NaN,
      Stock: prize.Stock,
      Points: prize.Kind === 'points' ? prize.Points : 0,
      BalanceFen: prize.Kind === 'balance' ? (yuanToFen(prize.Balance) ?? Number.NaN) : 0,
      CouponId: prize.Kind === 'coupon' ? chosenId(prize.CouponId) : null,
      ProductId: prize.Kind === 'goods' ? chosenId(prize.ProductId) : null,
    })),
    ...(row ? { Id: row.Id, Version: row.Version } : {}),
  };
}
