import type { CouponAudience, CouponChannel, CouponKind, CouponScope } from '../../../contract/coupon-rules';
import type { CouponForm, CouponRow } from '../../../contract/endpoints/coupons';
import { addDays } from '../../../contract/shop-time';
import { fenToYuanText, yuanToFen } from '../../core/list-state';

/**
 * The coupon form's draft: money typed in yuan, a discount in 折 (8.5), limits and the quantity as
 * text where empty means "no limit", and the scope's goods or categories with their names.
 */
export interface CouponDraft {
  Title: string;
  Description: string;
  Channel: CouponChannel;
  Kind: CouponKind;
  /** Yuan off (amount) or 折 (discount: 8.5 pays 85 %). */
  Value: string;
  Cap: string;
  Threshold: string;
  Scope: CouponScope;
  ScopeItems: { Id: number; Name: string }[];
  WithActivity: boolean;
  TotalQuantity: string;
  PerMemberLimit: string;
  PerDayLimit: string;
  StartsOn: string;
  EndsOn: string;
  Validity: { kind: 'fixed' | 'relative'; from: string; until: string; days: number; fromTomorrow: boolean };
  Audience: CouponAudience;
  AudienceGradeIds: number[];
  StoreIds: number[];
}

export function newCouponDraft(today: string, channel: CouponChannel): CouponDraft {
  return {
    Title: '',
    Description: '',
    Channel: channel,
    Kind: 'amount',
    Value: '',
    Cap: '',
    Threshold: '',
    Scope: 'all',
    ScopeItems: [],
    WithActivity: false,
    TotalQuantity: '',
    PerMemberLimit: '1',
    PerDayLimit: '',
    StartsOn: today,
    EndsOn: addDays(today, 30),
    Validity: { kind: 'relative', from: today, until: addDays(today, 30), days: 7, fromTomorrow: false },
    Audience: 'all',
    AudienceGradeIds: [],
    StoreIds: [],
  };
}

/** 85 → '8.5'; 80 → '8'. */
function discountText(percent: number): string {
  return String(percent / 10);
}

export function couponDraft(row: CouponRow, scopeNames: ReadonlyMap<number, string>): CouponDraft {
  const validity = row.Validity;
  return {
    Title: row.Title,
    Description: row.Description,
    Channel: row.Channel,
    Kind: row.Kind,
    Value:
      row.Kind === 'amount'
        ? fenToYuanText(row.Value)
        : row.Kind === 'discount'
          ? discountText(row.Value)
          : '',
    Cap: row.CapFen === null ? '' : fenToYuanText(row.CapFen),
    Threshold: row.ThresholdFen === 0 ? '' : fenToYuanText(row.ThresholdFen),
    Scope: row.Scope,
    ScopeItems: row.ScopeIds.map((id) => ({ Id: id, Name: scopeNames.get(id) ?? `#${id}` })),
    WithActivity: row.WithActivity,
    TotalQuantity: row.TotalQuantity === null ? '' : String(row.TotalQuantity),
    PerMemberLimit: row.PerMemberLimit === null ? '' : String(row.PerMemberLimit),
    PerDayLimit: row.PerDayLimit === null ? '' : String(row.PerDayLimit),
    StartsOn: row.StartsOn,
    EndsOn: row.EndsOn,
    Validity:
      validity.kind === 'fixed'
        ? { kind: 'fixed', from: validity.from, until: validity.until, days: 7, fromTomorrow: false }
        : {
            kind: 'relative',
            from: row.StartsOn,
            until: row.EndsOn,
            days: validity.days,
            fromTomorrow: validity.fromTomorrow,
          },
    Audience: row.Audience,
    AudienceGradeIds: [...row.AudienceGradeIds],
    StoreIds: [...row.StoreIds],
  };
}

/** Text that is not a whole number gives NaN, which the schema names as not a number. */
function count(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function fen(text: string): number {
  return yuanToFen(text) ?? Number.NaN;
}

/** 折 typed (8.5, 9) → the percent paid (85, 90); NaN when it is not such a number. */
export function discountPercent(text: string): number {
  const trimmed = text.trim();
  if (!/^\d(\.\d)?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 10);
}

/** The save call's input from the draft, with the record's id and version when editing. */
export function couponInput(draft: CouponDraft, record?: { Id: number; Version: number }): CouponForm {
  const value =
    draft.Kind === 'amount' ? fen(draft.Value) : draft.Kind === 'discount' ? discountPercent(draft.Value) : 0;
  const validity =
    draft.Validity.kind === 'fixed'
      ? ({ kind: 'fixed', from: draft.Validity.from, until: draft.Validity.until } as const)
      : ({ kind: 'relative', days: draft.Validity.days, fromTomorrow: draft.Validity.fromTomorrow } as const);
  return {
    ...(record ? { Id: record.Id, Version: record.Version } : {}),
    Title: draft.Title,
    Description: draft.Description,
    Channel: draft.Channel,
    Kind: draft.Kind,
    Value: value,
    CapFen: draft.Kind === 'discount' && draft.Cap.trim() !== '' ? fen(draft.Cap) : null,
    ThresholdFen: draft.Threshold.trim() === '' ? 0 : fen(draft.Threshold),
    Scope: draft.Scope,
    ScopeIds: draft.Scope === 'all' ? [] : draft.ScopeItems.map((item) => item.Id),
    WithActivity: draft.WithActivity,
    TotalQuantity: count(draft.TotalQuantity),
    PerMemberLimit: count(draft.PerMemberLimit),
    PerDayLimit: count(draft.PerDayLimit),
    StartsOn: draft.StartsOn,
    EndsOn: draft.EndsOn,
    Validity: validity,
    Audience: draft.Audience,
    AudienceGradeIds: draft.Audience === 'grades' ? draft.AudienceGradeIds : [],
    StoreIds: draft.Channel === 'offline' ? draft.StoreIds : [],
  };
}

/** Where the server's field errors show: the contract's names to the draft's. */
export const COUPON_FORM_RENAMES = {
  CapFen: 'Cap',
  ThresholdFen: 'Threshold',
  ScopeIds: 'ScopeItems',
} as const;
