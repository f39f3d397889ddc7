import { describe, expect, it } from 'vitest';
import { type StoreRow, saveStoreSchema } from '../../../contract/endpoints/stores';
import { type IssueLike, issueMessage } from '../../core/form-binding';
import { coordinateInput, NEW_STORE, storeDraft, storeInput } from './store-form';

const row: StoreRow = {
  Id: 7,
  Name: '静安寺店',
  Logo: '/uploads/logo.png',
  Contact: '李经理',
  Phone: '13800001618',
  Area: {
    ProvinceCode: '310000',
    CityCode: '310100',
    DistrictCode: '310106',
    Province: '上海市',
    City: '上海市',
    District: '静安区',
  },
  Address: '南京西路1618号',
  Lat: 31.2235,
  Lng: -0.5,
  OpenTime: '10:00',
  CloseTime: '22:00',
  Weekdays: [1, 2],
  Pickup: false,
  Status: 'on',
  Sort: 5,
  AccountCount: 1,
  Version: 4,
  CreatedAt: '2026-01-01T00:00:00.000Z',
};

describe('store form', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['31.2235', 31.2235],
    [' -0.5 ', -0.5],
    ['0', 0],
    ['北纬31', '北纬31'],
    ['31,2', '31,2'],
  ])('sends the coordinate %j as %j', (text, expected) => {
    expect(coordinateInput(text)).toBe(expected);
  });

  it('round-trips a stored store through the draft into a valid save with its version', () => {
    const input = storeInput(storeDraft(row), { Id: row.Id, Version: row.Version });
    expect(saveStoreSchema.parse(input)).toMatchObject({
      Id: 7,
      Version: 4,
      ProvinceCode: '310000',
      DistrictCode: '310106',
      Lat: 31.2235,
      Lng: -0.5,
      Pickup: false,
      Weekdays: [1, 2],
    });
  });

  it('sends no map point and no area for a store without them', () => {
    const draft = storeDraft({ ...row, Area: null, Lat: null, Lng: null });
    expect(draft).toMatchObject({ ProvinceCode: '', Lat: '', Lng: '' });
    expect(storeInput(draft)).toMatchObject({ Lat: null, Lng: null, ProvinceCode: '' });
    expect(storeInput(draft)).not.toHaveProperty('Id');
  });

  it('names the coordinate typed as text "enter a number", not "required"', () => {
    const draft = { ...NEW_STORE, Name: 'A', Phone: '13800001618', Address: 'x', Lng: '121' };
    const messageFor = (Lat: string) => {
      const result = saveStoreSchema.safeParse(storeInput({ ...draft, Lat }), {
        error: (issue) => issueMessage(issue as unknown as IssueLike).id,
      });
      return result.error?.issues.find((entry) => entry.path[0] === 'Lat')?.message;
    };
    expect(messageFor('abc')).toBe('engine.form.number');
    expect(messageFor('')).toBe('stores.rule.bothCoordinates');
    expect(messageFor('31')).toBeUndefined();
  });
});
