import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SETTING, DEFAULT_PARAMETER_SETTING } from '../../../contract/endpoints/orders';
import { formPath } from '../../core/form-binding';
import {
  checkDeliveryForm,
  DELIVERY_RENAMES,
  type DeliveryForm,
  deliveryFormValues,
  parameterFormValues,
} from './setting-form';

const point = { Name: '南山店', Address: '科技园路 1 号', Phone: '0755-1234567', Hours: '9:00-21:00' };

function form(change: (draft: DeliveryForm) => void): DeliveryForm {
  const draft = deliveryFormValues(DEFAULT_DELIVERY_SETTING);
  change(draft);
  return draft;
}

describe('parameterFormValues', () => {
  it('leaves the version out of the form', () => {
    expect(parameterFormValues({ ...DEFAULT_PARAMETER_SETTING, Version: 4 })).toEqual(
      DEFAULT_PARAMETER_SETTING,
    );
  });
});

describe('delivery form', () => {
  it('shows fen as yuan and coordinates as text, and reads them back unchanged', () => {
    const setting = {
      Express: { Enabled: false },
      SameCity: {
        Enabled: true,
        FeeFen: 850,
        MinOrderFen: 2000,
        RangeKm: 3.5,
        Latitude: 22.54,
        Longitude: 113.95,
      },
      Pickup: { Enabled: true, Points: [point] },
    };
    const values = deliveryFormValues(setting);
    expect(values.SameCity).toEqual({
      Enabled: true,
      Fee: '8.50',
      MinOrder: '20.00',
      RangeKm: '3.5',
      Latitude: '22.54',
      Longitude: '113.95',
    });
    expect(checkDeliveryForm(values)).toEqual({ ok: true, value: setting });
  });

  it.each<[string, (draft: DeliveryForm) => void, Record<string, string>]>([
    [
      'a fee that is not an amount',
      (d) => (d.SameCity.Fee = '8.505'),
      { 'SameCity.Fee': 'orders.form.amount' },
    ],
    ['an empty minimum', (d) => (d.SameCity.MinOrder = ' '), { 'SameCity.MinOrder': 'orders.form.required' }],
    ['a range out of bounds', (d) => (d.SameCity.RangeKm = '120'), { 'SameCity.RangeKm': 'engine.form.max' }],
    [
      'a range that is not a number',
      (d) => (d.SameCity.RangeKm = 'far'),
      { 'SameCity.RangeKm': 'engine.form.required' },
    ],
    [
      'no way of delivery',
      (d) => (d.Express.Enabled = false),
      { 'Express.Enabled': 'order.delivery.noneEnabled' },
    ],
    [
      'same-city delivery without a location',
      (d) => (d.SameCity.Enabled = true),
      { 'SameCity.Latitude': 'order.delivery.sameCityLocation' },
    ],
    [
      'pickup without points',
      (d) => (d.Pickup.Enabled = true),
      { 'Pickup.Points': 'order.delivery.pickupPoints' },
    ],
    [
      'a pickup point without a name',
      (d) => (d.Pickup.Points = [{ ...point, Name: '' }]),
      { 'Pickup.Points.0.Name': 'engine.form.required' },
    ],
  ])('refuses %s on its field', (_, change, expected) => {
    const result = checkDeliveryForm(form(change));
    expect(result.ok).toBe(false);
    const errors = result.ok ? {} : result.errors;
    expect(Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, message.id]))).toEqual(
      expected,
    );
  });

  it('puts the server’s field errors on the fields the operator typed', () => {
    expect(formPath('SameCity.FeeFen', DELIVERY_RENAMES)).toBe('SameCity.Fee');
    expect(formPath('SameCity.MinOrderFen', DELIVERY_RENAMES)).toBe('SameCity.MinOrder');
    expect(formPath('Pickup.Points.1.Phone', DELIVERY_RENAMES)).toBe('Pickup.Points.1.Phone');
  });
});
