import type { ShopInfo } from '../../../contract/endpoints/shop-info';

/** The form's values: the shop info with the map point as typed text, so an empty box means "no point". */
export type ShopInfoDraft = Omit<ShopInfo, 'Lng' | 'Lat'> & { Lng: string; Lat: string; Version: number };

export function shopInfoDraft(info: ShopInfo & { Version: number }): ShopInfoDraft {
  const { Lng, Lat, ...rest } = info;
  return { ...rest, Lng: Lng === null ? '' : String(Lng), Lat: Lat === null ? '' : String(Lat) };
}

/** Typed text as a coordinate: blank is none, anything that is not a number stays NaN for the schema to refuse. */
function coordinate(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

export function shopInfoInput(draft: ShopInfoDraft): ShopInfo & { Version: number } {
  return { ...draft, Lng: coordinate(draft.Lng), Lat: coordinate(draft.Lat) };
}
