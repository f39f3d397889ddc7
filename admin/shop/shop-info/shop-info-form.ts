import { type ShopInfo, shopInfoSchema } from '../../../contract/endpoints/shop-info';

/** The form's values: the shop info with the map point as typed text, so an empty box means "no point". */
export type ShopInfoDraft = Omit<ShopInfo, 'Lng' | 'Lat'> & { Lng: string; Lat: string; Version: number };

/** The form of what was read; what the read adds for the screen (area names, switches of other screens) stays out. */
export function shopInfoDraft(info: ShopInfo & { Version: number }): ShopInfoDraft {
  const fields = Object.fromEntries(
    Object.keys(shopInfoSchema.shape).map((name) => [name, info[name as keyof ShopInfo]]),
  ) as ShopInfo;
  const { Lng, Lat, ...rest } = fields;
  return {
    ...rest,
    Lng: Lng === null ? '' : String(Lng),
    Lat: Lat === null ? '' : String(Lat),
    Version: info.Version,
  };
}

/** Typed text as a coordinate: blank is none, anything that is not a number stays NaN for the schema to refuse. */
function coordinate(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

export function shopInfoInput(draft: ShopInfoDraft): ShopInfo & { Version: number } {
  return { ...draft, Lng: coordinate(draft.Lng), Lat: coordinate(draft.Lat) };
}
