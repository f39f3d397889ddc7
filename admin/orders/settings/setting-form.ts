import {
  type DeliverySetting,
  deliverySettingProblems,
  deliverySettingSchema,
  type ParameterSetting,
  type PickupPoint,
} from '../../../contract/endpoints/orders';
import { formPath, type IssueLike, issueMessage, type MessageRef } from '../../core/form-binding';
import { fenToYuanText, yuanToFen } from '../../core/list-state';

/** The order parameters form edits the contract's shape as it is; the version stays beside it. */
export function parameterFormValues(data: ParameterSetting & { Version: number }): ParameterSetting {
  const { Version: _version, ...values } = data;
  return values;
}

/**
 * The delivery form as typed: money in yuan and coordinates as text, so a half-typed amount is
 * kept as it is rather than turned into NaN.
 */
export interface DeliveryForm {
  Express: { Enabled: boolean };
  SameCity: {
    Enabled: boolean;
    Fee: string;
    MinOrder: string;
    RangeKm: string;
    Latitude: string;
    Longitude: string;
  };
  Pickup: { Enabled: boolean; Points: PickupPoint[] };
}

export function deliveryFormValues(setting: DeliverySetting): DeliveryForm {
  const coordinate = (value: number | null) => (value === null ? '' : String(value));
  return {
    Express: { Enabled: setting.Express.Enabled },
    SameCity: {
      Enabled: setting.SameCity.Enabled,
      Fee: fenToYuanText(setting.SameCity.FeeFen),
      MinOrder: fenToYuanText(setting.SameCity.MinOrderFen),
      RangeKm: String(setting.SameCity.RangeKm),
      Latitude: coordinate(setting.SameCity.Latitude),
      Longitude: coordinate(setting.SameCity.Longitude),
    },
    Pickup: {
      Enabled: setting.Pickup.Enabled,
      Points: setting.Pickup.Points.map((point) => ({ ...point })),
    },
  };
}

/** Contract fields whose form field has another name (see `formPath`). */
export const DELIVERY_RENAMES: Readonly<Record<string, string>> = { FeeFen: 'Fee', MinOrderFen: 'MinOrder' };

export type DeliveryCheck =
  | { ok: true; value: DeliverySetting }
  | { ok: false; errors: Record<string, MessageRef> };

function number(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim());
}

/**
 * The delivery form turned into the contract's setting and checked against the contract's schema
 * and its cross-field rules; errors are keyed by form field, first one wins.
 */
export function checkDeliveryForm(form: DeliveryForm): DeliveryCheck {
  const errors: Record<string, MessageRef> = {};
  const add = (path: string, message: MessageRef) => {
    errors[path] ??= message;
  };
  const fen = (path: string, text: string) => {
    const value = yuanToFen(text);
    if (value === null) add(path, { id: text.trim() === '' ? 'orders.form.required' : 'orders.form.amount' });
    return value ?? 0;
  };
  const coordinate = (text: string) => (text.trim() === '' ? null : number(text));
  const value: DeliverySetting = {
    Express: { Enabled: form.Express.Enabled },
    SameCity: {
      Enabled: form.SameCity.Enabled,
      FeeFen: fen('SameCity.Fee', form.SameCity.Fee),
      MinOrderFen: fen('SameCity.MinOrder', form.SameCity.MinOrder),
      RangeKm: number(form.SameCity.RangeKm),
      Latitude: coordinate(form.SameCity.Latitude),
      Longitude: coordinate(form.SameCity.Longitude),
    },
    Pickup: { Enabled: form.Pickup.Enabled, Points: form.Pickup.Points },
  };
  const parsed = deliverySettingSchema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      add(formPath(issue.path.join('.'), DELIVERY_RENAMES), issueMessage(issue as IssueLike));
    return { ok: false, errors };
  }
  for (const problem of deliverySettingProblems(parsed.data))
    add(formPath(problem.field, DELIVERY_RENAMES), { id: problem.key, values: problem.params });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}
