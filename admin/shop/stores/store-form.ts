import type { StoreRow } from '../../../contract/endpoints/stores';

/** The store form's draft: coordinates as typed, everything else as the save call takes it. */
export interface StoreDraft {
  Name: string;
  Logo: string;
  Contact: string;
  Phone: string;
  ProvinceCode: string;
  CityCode: string;
  DistrictCode: string;
  Address: string;
  Lat: string;
  Lng: string;
  OpenTime: string;
  CloseTime: string;
  Weekdays: number[];
  Pickup: boolean;
  Sort: number;
}

export const NEW_STORE: StoreDraft = {
  Name: '',
  Logo: '',
  Contact: '',
  Phone: '',
  ProvinceCode: '',
  CityCode: '',
  DistrictCode: '',
  Address: '',
  Lat: '',
  Lng: '',
  OpenTime: '09:00',
  CloseTime: '21:00',
  Weekdays: [1, 2, 3, 4, 5, 6, 7],
  Pickup: true,
  Sort: 0,
};

export function storeDraft(row: StoreRow): StoreDraft {
  return {
    Name: row.Name,
    Logo: row.Logo,
    Contact: row.Contact,
    Phone: row.Phone,
    ProvinceCode: row.Area?.ProvinceCode ?? '',
    CityCode: row.Area?.CityCode ?? '',
    DistrictCode: row.Area?.DistrictCode ?? '',
    Address: row.Address,
    Lat: row.Lat === null ? '' : String(row.Lat),
    Lng: row.Lng === null ? '' : String(row.Lng),
    OpenTime: row.OpenTime,
    CloseTime: row.CloseTime,
    Weekdays: row.Weekdays,
    Pickup: row.Pickup,
    Sort: row.Sort,
  };
}

/**
 * A typed coordinate for the save call: blank is no point, a number is sent as one, and anything
 * else is sent as typed so the schema says "enter a number" rather than "required".
 */
export function coordinateInput(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

export function storeInput(draft: StoreDraft, record?: { Id: number; Version: number }) {
  return {
    ...(record ? { Id: record.Id, Version: record.Version } : {}),
    ...draft,
    Lat: coordinateInput(draft.Lat),
    Lng: coordinateInput(draft.Lng),
  };
}
