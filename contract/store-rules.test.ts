import { describe, expect, it } from 'vitest';
import { saveStoreSchema } from './endpoints/stores';
import {
  formatHours,
  formatLatlng,
  hoursProblem,
  normalizeWeekdays,
  PICKUP_OPEN_STATES,
  parseCoordinate,
  parseHours,
  parseLatlng,
  STORE_PHONE_PATTERN,
} from './store-rules';

describe('parseCoordinate', () => {
  it.each([
    ['90', 90, 90],
    ['-90', 90, -90],
    ['90.000001', 90, null],
    ['-90.1', 90, null],
    ['180', 180, 180],
    ['180.5', 180, null],
    ['-180', 180, -180],
    [' 31.1937 ', 90, 31.1937],
    ['121.43680049', 180, 121.4368],
    ['31,19', 90, null],
    ['31.', 90, null],
    ['abc', 90, null],
    ['', 90, null],
    ['1e2', 180, null],
  ])('%j within ±%d → %j', (text, limit, expected) => {
    expect(parseCoordinate(text, limit)).toBe(expected);
  });
});

describe('map point text', () => {
  it('formats both coordinates or nothing', () => {
    expect(formatLatlng(31.1937, 121.4368)).toBe('31.1937,121.4368');
    expect(formatLatlng(31.12345678, -0.5)).toBe('31.123457,-0.5');
    expect(formatLatlng(null, 121)).toBe('');
    expect(formatLatlng(31, null)).toBe('');
  });

  it.each([
    ['31.1937,121.4368', { lat: 31.1937, lng: 121.4368 }],
    ['31.2304, 121.4737', { lat: 31.2304, lng: 121.4737 }],
    ['91,121', null],
    ['31,181', null],
    ['31', null],
    ['31,121,5', null],
    ['', null],
  ])('reads %j as %j', (text, expected) => {
    expect(parseLatlng(text)).toEqual(expected);
  });
});

describe('business hours', () => {
  it('round-trips the shown text', () => {
    expect(formatHours('09:00', '22:00')).toBe('09:00-22:00');
    expect(parseHours('09:00-22:00')).toEqual({ open: '09:00', close: '22:00' });
    expect(parseHours(' 22:00 - 02:00 ')).toEqual({ open: '22:00', close: '02:00' });
  });

  it.each(['24:00-22:00', '09:60-22:00', '9:00-22:00', '09:00', '全天', '', 'x09:00-22:00', '09:00-22:00x'])(
    'does not read %j',
    (text) => {
      expect(parseHours(text)).toBeNull();
    },
  );

  it.each([
    ['09:00', '22:00', null],
    ['22:00', '02:00', null],
    ['00:00', '23:59', null],
    ['09:00', '09:00', 'same'],
    ['24:00', '22:00', 'openTime'],
    ['09:00', '9:30', 'closeTime'],
    ['09:00', '23:60', 'closeTime'],
    ['109:00', '22:00', 'openTime'],
    ['09:00', '22:001', 'closeTime'],
  ])('%s to %s → %j', (open, close, problem) => {
    expect(hoursProblem(open, close)).toBe(problem);
  });
});

describe('pickup orders a store still has to hand over', () => {
  it.each([
    ['toPay', true],
    ['toShip', true],
    ['shipped', true],
    ['received', false],
    ['completed', false],
    ['closed', false],
  ] as const)('%s → %s', (state, waiting) => {
    expect(PICKUP_OPEN_STATES.includes(state)).toBe(waiting);
  });
});

describe('weekdays and phone', () => {
  it('keeps each weekday once, in week order, and drops what is not one', () => {
    expect(normalizeWeekdays([7, 1, 1, 3])).toEqual([1, 3, 7]);
    expect(normalizeWeekdays([0, 8, 5])).toEqual([5]);
    expect(normalizeWeekdays([])).toEqual([]);
  });

  it.each([
    ['13800001618', true],
    ['1380000161', false],
    ['138000016180', false],
    ['021-64281234', true],
    ['02164281234', true],
    ['0755-1234567', true],
    ['021-123456', false],
    ['21-64281234', false],
    [' 021-64281234', false],
    ['021-64281234 ext 8', false],
  ])('phone %j → %s', (phone, valid) => {
    expect(STORE_PHONE_PATTERN.test(phone)).toBe(valid);
  });
});

describe('saveStoreSchema', () => {
  const store = {
    Name: '静安寺店',
    Logo: '',
    Contact: '',
    Phone: '13800001618',
    ProvinceCode: '',
    CityCode: '',
    DistrictCode: '',
    Address: '南京西路1618号',
    Lat: null,
    Lng: null,
    OpenTime: '10:00',
    CloseTime: '22:00',
    Weekdays: [1, 2, 3],
    Pickup: true,
    Sort: 0,
  };
  const fieldsInError = (input: Record<string, unknown>) => {
    const result = saveStoreSchema.safeParse({ ...store, ...input });
    return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
  };

  it('accepts a store and its limits', () => {
    expect(fieldsInError({})).toEqual([]);
    expect(fieldsInError({ Lat: 90, Lng: -180 })).toEqual([]);
    expect(fieldsInError({ Name: 'x'.repeat(40), Weekdays: [1, 2, 3, 4, 5, 6, 7] })).toEqual([]);
    expect(fieldsInError({ ProvinceCode: '310000', CityCode: '310100', DistrictCode: '310106' })).toEqual([]);
    expect(fieldsInError({ OpenTime: '22:00', CloseTime: '02:00' })).toEqual([]);
  });

  it('names the field of each broken rule, one past each limit', () => {
    expect(fieldsInError({ Name: '  ' })).toEqual(['Name']);
    expect(fieldsInError({ Name: 'x'.repeat(41) })).toEqual(['Name']);
    expect(fieldsInError({ Lat: 90.000001, Lng: 0 })).toEqual(['Lat']);
    expect(fieldsInError({ Lat: 0, Lng: -180.1 })).toEqual(['Lng']);
    expect(fieldsInError({ Lat: 31, Lng: null })).toEqual(['Lng']);
    expect(fieldsInError({ Lat: null, Lng: 121 })).toEqual(['Lat']);
    expect(fieldsInError({ Weekdays: [] })).toEqual(['Weekdays']);
    expect(fieldsInError({ Weekdays: [0] })).toEqual(['Weekdays.0']);
    expect(fieldsInError({ Weekdays: [8] })).toEqual(['Weekdays.0']);
    expect(fieldsInError({ CloseTime: '10:00' })).toEqual(['CloseTime']);
    expect(fieldsInError({ OpenTime: '9:00' })).toEqual(['OpenTime']);
    expect(fieldsInError({ Phone: '12345' })).toEqual(['Phone']);
    expect(fieldsInError({ Address: '' })).toEqual(['Address']);
    expect(fieldsInError({ ProvinceCode: '310000' })).toEqual(['CityCode']);
    expect(fieldsInError({ ProvinceCode: '310000', CityCode: '310100' })).toEqual(['DistrictCode']);
    expect(fieldsInError({ CityCode: '310100' })).toEqual(['ProvinceCode']);
    expect(fieldsInError({ ProvinceCode: '31000' })).toEqual(['ProvinceCode', 'CityCode']);
    expect(fieldsInError({ Id: 3 })).toEqual(['Version']);
    expect(fieldsInError({ Id: 3, Version: 2 })).toEqual([]);
  });

  it('trims text and leaves the rest unchanged', () => {
    const parsed = saveStoreSchema.parse({ ...store, Name: ' 静安寺店 ', Phone: ' 021-62881234 ' });
    expect(parsed).toEqual({ ...store, Name: '静安寺店', Phone: '021-62881234' });
  });
});
