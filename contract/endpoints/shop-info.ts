import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import type { FieldProblem } from '../list-query';
import { STOREFRONT_KEY_HEADER } from './storefront';

/**
 * Shop info (SPEC §2 shopInfo, §3 "Site settings", §5 rules; /DistributorsShopSet/ "shop info"),
 * the map point lookup of /Comm/GetQQLocaiton, and the storefront's read of what a buyer sees. A
 * site that never saved its info reads Version 0; saving with Version 0 creates the row, later saves
 * need the current Version.
 */

export const SHOP_INFO_PERMISSION = '/shop/shopInfo';
export { STOREFRONT_KEY_HEADER };

export const ADDRESS_MIN = 1;
export const ADDRESS_MAX = 64;
export const LONGITUDE_LIMIT = 180;
export const LATITUDE_LIMIT = 90;

/** Mainland mobile (11 digits from 13x to 19x) or landline with its area code (010-12345678, 0571 8888888), extension allowed. */
export const SHOP_PHONE_PATTERN = /^(?:1[3-9]\d{9}|0\d{2,3}[- ]?\d{7,8}(?:-\d{1,6})?)$/;
/** A customer service line may also be a nationwide 400 or 800 number (400-820-8820). */
export const SERVICE_PHONE_PATTERN =
  /^(?:[48]00[- ]?\d{3}[- ]?\d{4}|1[3-9]\d{9}|0\d{2,3}[- ]?\d{7,8}(?:-\d{1,6})?)$/;
/** Mailbox names and a dotted domain; what a shop could receive mail at, not RFC 5322's every corner. */
export const SHOP_EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const AREA_CODE = /^\d{6}$/;

const text = (max: number) => z.string().trim().max(max);
const areaCode = z.string().trim().max(6);
const coordinate = z.number().finite().nullable();

export const shopInfoSchema = z.strictObject({
  ShopName: text(40),
  Logo: text(512),
  Copyright: text(100),
  TechnicalSupport: text(100),
  /** The public (official) account's QR image. */
  PublicAccountQr: text(512),
  PromotionTitle: text(60),
  Description: text(200),
  PromotionWord1: text(30),
  PromotionWord2: text(30),
  Email: text(100),
  Phone: text(20),
  Fax: text(20),
  ShowIdOnProfile: z.boolean(),
  ClosingPoster: z.boolean(),
  NewsComments: z.boolean(),
  CommentAudit: z.boolean(),
  /** Six-digit codes of the areas calls (InitCitys / NextCitys); empty when not chosen. */
  ProvinceCode: areaCode,
  CityCode: areaCode,
  DistrictCode: areaCode,
  /** Longer text is taken so the 1–64 rule answers with its own message. */
  Address: text(ADDRESS_MAX * 4),
  Lng: coordinate,
  Lat: coordinate,
  ServicePhone: text(20),
  Details: text(2000),
});
export type ShopInfo = z.infer<typeof shopInfoSchema>;

export const EMPTY_SHOP_INFO: ShopInfo = {
  ShopName: '',
  Logo: '',
  Copyright: '',
  TechnicalSupport: '',
  PublicAccountQr: '',
  PromotionTitle: '',
  Description: '',
  PromotionWord1: '',
  PromotionWord2: '',
  Email: '',
  Phone: '',
  Fax: '',
  ShowIdOnProfile: false,
  ClosingPoster: false,
  NewsComments: true,
  CommentAudit: false,
  ProvinceCode: '',
  CityCode: '',
  DistrictCode: '',
  Address: '',
  Lng: null,
  Lat: null,
  ServicePhone: '',
  Details: '',
};

/** What the rules need besides the form: whether the shop delivers in its own city. */
export interface ShopInfoContext {
  sameCityDelivery: boolean;
}

/**
 * The rules of SPEC §5 for shop info, each with its field and message key: name, phone and email
 * required and well-formed, detailed address 1–64 characters, the area when same-city delivery is
 * on, and a map point only with city and district (the map address must include them), within
 * longitude ±180 and latitude ±90.
 */
export function shopInfoProblems(info: ShopInfo, context: ShopInfoContext): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, key: string, params?: Record<string, string | number>) =>
    problems.push({ field, key: `shopInfo.rule.${key}`, ...(params ? { params } : {}) });
  const name = info.ShopName.trim();
  const phone = info.Phone.trim();
  const email = info.Email.trim();
  const address = info.Address.trim();
  if (name === '') add('ShopName', 'shopNameRequired');
  if (phone === '') add('Phone', 'phoneRequired');
  else if (!SHOP_PHONE_PATTERN.test(phone)) add('Phone', 'phoneFormat');
  if (info.ServicePhone.trim() !== '' && !SERVICE_PHONE_PATTERN.test(info.ServicePhone.trim()))
    add('ServicePhone', 'phoneFormat');
  if (email === '') add('Email', 'emailRequired');
  else if (!SHOP_EMAIL_PATTERN.test(email)) add('Email', 'emailFormat');
  if (address.length < ADDRESS_MIN || address.length > ADDRESS_MAX)
    add('Address', 'addressLength', { min: ADDRESS_MIN, max: ADDRESS_MAX });
  const codes = [info.ProvinceCode, info.CityCode, info.DistrictCode].map((code) => code.trim());
  for (const [index, field] of (['ProvinceCode', 'CityCode', 'DistrictCode'] as const).entries()) {
    if (codes[index] !== '' && !AREA_CODE.test(codes[index]!)) add(field, 'areaCode');
  }
  if (context.sameCityDelivery && codes.some((code) => code === ''))
    add(codes[0] === '' ? 'ProvinceCode' : codes[1] === '' ? 'CityCode' : 'DistrictCode', 'areaRequired');
  const pointed = info.Lng !== null || info.Lat !== null;
  if (pointed && (codes[1] === '' || codes[2] === ''))
    add(codes[1] === '' ? 'CityCode' : 'DistrictCode', 'mapArea');
  if (pointed && info.Lng === null) add('Lng', 'lngRequired');
  if (info.Lng !== null && Math.abs(info.Lng) > LONGITUDE_LIMIT)
    add('Lng', 'lngRange', { limit: LONGITUDE_LIMIT });
  if (pointed && info.Lat === null) add('Lat', 'latRequired');
  if (info.Lat !== null && Math.abs(info.Lat) > LATITUDE_LIMIT)
    add('Lat', 'latRange', { limit: LATITUDE_LIMIT });
  return problems;
}

/** The form's schema: the save's shape with the rules above, each issue carrying its message key. */
export function shopInfoFormSchema(context: ShopInfoContext) {
  return shopInfoSchema.extend({ Version: z.number().int().min(0) }).superRefine((value, issues) => {
    for (const problem of shopInfoProblems(value, context)) {
      issues.addIssue({
        code: 'custom',
        path: [problem.field],
        params: { key: problem.key, values: problem.params },
      });
    }
  });
}

export const getShopInfo = defineEndpoint({
  method: 'GET',
  path: '/DistributorsShopSet/GetShopInfo',
  permission: SHOP_INFO_PERMISSION,
  input: z.strictObject({}),
  output: z.object({
    Data: shopInfoSchema.extend({
      Version: z.number().int(),
      /** The names of the chosen area, province to district. */
      AreaText: z.string(),
      /** Same-city delivery is on (order delivery settings): the area is then required. */
      SameCityDelivery: z.boolean(),
      /** A geocoding service is configured; otherwise the map point is typed as longitude and latitude. */
      GeocoderConfigured: z.boolean(),
    }),
  }),
});

export const setShopInfo = defineEndpoint({
  method: 'POST',
  path: '/DistributorsShopSet/SetShopInfo',
  permission: SHOP_INFO_PERMISSION,
  input: shopInfoSchema.extend({ Version: z.number().int().min(0) }),
  output: z.object({ Version: z.number().int() }),
});

/**
 * SPEC §7 GetQQLocaiton (the original's spelling): the map point of an address through Tencent's
 * location service (WebService geocoder). Refused, naming `address`, when no service is configured.
 */
export const getQqLocation = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetQQLocaiton',
  permission: 'session',
  input: z.strictObject({ address: z.string().trim().min(1).max(120) }),
  output: z.object({
    Lng: z.number(),
    Lat: z.number(),
    Province: z.string(),
    City: z.string(),
    District: z.string(),
  }),
});

/** What the buyer's side shows of the shop: the storefront key decides the site. */
export const getStorefrontShopInfo = defineEndpoint({
  method: 'GET',
  path: '/storefront/GetShopInfo',
  permission: 'public',
  input: z.strictObject({}),
  output: z.object({
    Name: z.string(),
    Logo: z.string(),
    Phone: z.string(),
    ServicePhone: z.string(),
    Address: z.string(),
    Lng: z.number().nullable(),
    Lat: z.number().nullable(),
    PromotionTitle: z.string(),
    Description: z.string(),
    PublicAccountQr: z.string(),
    Copyright: z.string(),
    TechnicalSupport: z.string(),
    ShowIdOnProfile: z.boolean(),
    NewsComments: z.boolean(),
    /** The mini-program draws a share poster as the buyer leaves (no server call generates it). */
    ClosingPoster: z.boolean(),
  }),
});
