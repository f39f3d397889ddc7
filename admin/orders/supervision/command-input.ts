import type { OrderCommandInput, OrderDetail, OrderRow } from '../../../contract/endpoints/orders';
import {
  type Carrier,
  type OrderCommand,
  REASON_MAX,
  REMARK_MAX,
  TRACKING_NO_PATTERN,
} from '../../../contract/machines/order';
import { fenToYuanText, yuanToFen } from '../../core/list-state';
import { openRefund, payableGoodsFen, priceChange, refundableFen, unshippedLineIds } from './order-rules';

/** What the command dialog's fields hold, as typed (money in yuan). */
export interface CommandDraft {
  carrier: Carrier;
  trackingNo: string;
  /** Lines chosen for the parcel. */
  lineIds: number[];
  reason: string;
  remark: string;
  goods: string;
  freight: string;
  amount: string;
  code: string;
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

/** The order a dialog acts on: a list row, or the whole order on its details page. */
export type CommandTarget = OrderRow &
  Partial<
    Pick<
      OrderDetail,
      'Lines' | 'Address' | 'Refunds' | 'GoodsFen' | 'DiscountFen' | 'AdjustFen' | 'FreightFen'
    >
  >;

/** The fields start from the order's current values. */
export function initialDraft(order: CommandTarget): CommandDraft {
  const refund = openRefund(order.Refunds ?? []);
  const goods =
    order.GoodsFen === undefined
      ? null
      : payableGoodsFen({
          GoodsFen: order.GoodsFen,
          DiscountFen: order.DiscountFen ?? 0,
          AdjustFen: order.AdjustFen ?? 0,
        });
  return {
    carrier: 'ZTO',
    trackingNo: '',
    lineIds: order.Lines ? unshippedLineIds({ Lines: order.Lines }) : [],
    reason: '',
    remark: order.SellerRemark,
    goods: goods === null ? '' : fenToYuanText(goods),
    freight: order.FreightFen === undefined ? '' : fenToYuanText(order.FreightFen),
    amount: fenToYuanText(Math.min(refund?.RequestedFen ?? refundableFen(order), refundableFen(order))),
    code: '',
    name: order.Address?.Name ?? '',
    phone: order.Address?.Phone ?? '',
    province: order.Address?.Province ?? '',
    city: order.Address?.City ?? '',
    district: order.Address?.District ?? '',
    detail: order.Address?.Detail ?? '',
  };
}

/** A field the person must correct, with the catalogue key of the reason. */
export interface DraftProblem {
  field: keyof CommandDraft;
  key: string;
  values?: Record<string, string | number>;
}

export type CommandBuild = { ok: true; input: OrderCommandInput } | { ok: false; problems: DraftProblem[] };

const PHONE = /^1\d{10}$|^0\d{2,3}-?\d{7,8}$/;

function required(draft: CommandDraft, field: keyof CommandDraft, max: number): DraftProblem[] {
  const value = String(draft[field]).trim();
  if (value === '') return [{ field, key: 'orders.form.required' }];
  return value.length > max ? [{ field, key: 'orders.form.tooLong', values: { max } }] : [];
}

function shipCommand(
  order: CommandTarget,
  draft: CommandDraft,
  base: { Id: number; Version: number },
): CommandBuild {
  const trackingNo = draft.trackingNo.trim();
  const problems: DraftProblem[] = [];
  if ((draft.carrier !== 'self' || trackingNo !== '') && !TRACKING_NO_PATTERN.test(trackingNo))
    problems.push({ field: 'trackingNo', key: 'orders.form.trackingNo' });
  // A list row ships every waiting line: the server's default when LineIds is left out.
  const waiting = order.Lines ? unshippedLineIds({ Lines: order.Lines }) : [];
  const chosen = draft.lineIds.filter((id) => waiting.includes(id));
  if (order.Lines && chosen.length === 0) problems.push({ field: 'lineIds', key: 'orders.form.lines' });
  if (problems.length > 0) return { ok: false, problems };
  const partial = order.Lines !== undefined && chosen.length < waiting.length;
  return {
    ok: true,
    input: {
      Action: 'ship',
      ...base,
      Carrier: draft.carrier,
      ...(trackingNo ? { TrackingNo: trackingNo } : {}),
      ...(partial ? { LineIds: chosen } : {}),
    },
  };
}

/**
 * The BindOrderState call for a command and its dialog's fields, or the fields to correct. The
 * server checks the same rules; checking here first saves a round trip and names the field.
 */
export function commandInput(command: OrderCommand, order: CommandTarget, draft: CommandDraft): CommandBuild {
  const base = { Id: order.Id, Version: order.Version };
  const fail = (problems: DraftProblem[]): CommandBuild => ({ ok: false, problems });
  switch (command) {
    case 'ship':
      return shipCommand(order, draft, base);
    case 'close': {
      const problems = required(draft, 'reason', REASON_MAX);
      return problems.length
        ? fail(problems)
        : { ok: true, input: { Action: 'close', ...base, Reason: draft.reason.trim() } };
    }
    case 'rejectRefund': {
      const problems = required(draft, 'reason', REASON_MAX);
      return problems.length
        ? fail(problems)
        : { ok: true, input: { Action: 'rejectRefund', ...base, Reason: draft.reason.trim() } };
    }
    case 'remark': {
      const remark = draft.remark.trim();
      return remark.length > REMARK_MAX
        ? fail([{ field: 'remark', key: 'orders.form.tooLong', values: { max: REMARK_MAX } }])
        : { ok: true, input: { Action: 'remark', ...base, Remark: remark } };
    }
    case 'verifyPickup': {
      const code = draft.code.trim();
      return /^\d{8}$/.test(code)
        ? { ok: true, input: { Action: 'verifyPickup', ...base, Code: code } }
        : fail([{ field: 'code', key: 'orders.form.pickupCode' }]);
    }
    case 'approveRefund': {
      const amount = yuanToFen(draft.amount);
      const max = refundableFen(order);
      if (amount === null || amount < 1) return fail([{ field: 'amount', key: 'orders.form.amount' }]);
      if (amount > max)
        return fail([
          { field: 'amount', key: 'orders.form.refundTooMuch', values: { max: fenToYuanText(max) } },
        ]);
      if (draft.reason.trim().length > REASON_MAX)
        return fail([{ field: 'reason', key: 'orders.form.tooLong', values: { max: REASON_MAX } }]);
      return {
        ok: true,
        input: { Action: 'approveRefund', ...base, AmountFen: amount, Reason: draft.reason.trim() },
      };
    }
    case 'markRefunded':
      return { ok: true, input: { Action: 'markRefunded', ...base } };
    case 'modifyPrice': {
      const change = priceChange(
        { GoodsFen: order.GoodsFen ?? 0, DiscountFen: order.DiscountFen ?? 0 },
        draft.goods,
        draft.freight,
      );
      if (yuanToFen(draft.goods) === null) return fail([{ field: 'goods', key: 'orders.form.amount' }]);
      if (yuanToFen(draft.freight) === null) return fail([{ field: 'freight', key: 'orders.form.amount' }]);
      if (!change) return fail([{ field: 'goods', key: 'orders.form.totalTooLow' }]);
      if (draft.reason.trim().length > REASON_MAX)
        return fail([{ field: 'reason', key: 'orders.form.tooLong', values: { max: REASON_MAX } }]);
      return {
        ok: true,
        input: {
          Action: 'modifyPrice',
          ...base,
          AdjustFen: change.AdjustFen,
          FreightFen: change.FreightFen,
          Reason: draft.reason.trim(),
        },
      };
    }
    case 'changeAddress': {
      const problems = [
        ...required(draft, 'name', 30),
        ...(PHONE.test(draft.phone.trim()) ? [] : [{ field: 'phone' as const, key: 'orders.form.phone' }]),
        ...required(draft, 'province', 30),
        ...required(draft, 'city', 30),
        ...(draft.district.trim().length > 30
          ? [{ field: 'district' as const, key: 'orders.form.tooLong', values: { max: 30 } }]
          : []),
        ...required(draft, 'detail', 64),
      ];
      if (problems.length) return fail(problems);
      return {
        ok: true,
        input: {
          Action: 'changeAddress',
          ...base,
          Address: {
            Name: draft.name.trim(),
            Phone: draft.phone.trim(),
            Province: draft.province.trim(),
            City: draft.city.trim(),
            District: draft.district.trim(),
            Detail: draft.detail.trim(),
          },
        },
      };
    }
  }
}
