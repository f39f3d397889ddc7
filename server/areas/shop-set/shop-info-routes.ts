import { eq, sql } from 'drizzle-orm';
import {
  EMPTY_SHOP_INFO,
  getQqLocation,
  getShopInfo,
  getStorefrontShopInfo,
  type ShopInfo,
  setShopInfo,
  shopInfoProblems,
} from '../../../contract/endpoints/shop-info';
import { ShowType } from '../../../contract/envelope';
import { STALE_VERSION_FIELD } from '../../../contract/envelope-rules';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/query';
import { sites } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { areaNames } from '../comm/service';
import { orderDeliverySettings } from '../order/tables';
import { storefrontSite } from '../storefront/service';
import { GeocodeError, geocode } from './geocoder';
import './messages';
import { shopInfos } from './tables';

type ShopInfoRow = typeof shopInfos.$inferSelect;

function shopInfoOf(row: ShopInfoRow): ShopInfo {
  return {
    ShopName: row.shopName,
    Logo: row.logo,
    Copyright: row.copyright,
    TechnicalSupport: row.technicalSupport,
    PublicAccountQr: row.publicAccountQr,
    PromotionTitle: row.promotionTitle,
    Description: row.description,
    PromotionWord1: row.promotionWord1,
    PromotionWord2: row.promotionWord2,
    Email: row.email,
    Phone: row.phone,
    Fax: row.fax,
    ShowIdOnProfile: row.showIdOnProfile,
    ClosingPoster: row.closingPoster,
    NewsComments: row.newsComments,
    CommentAudit: row.commentAudit,
    ProvinceCode: row.provinceCode,
    CityCode: row.cityCode,
    DistrictCode: row.districtCode,
    Address: row.address,
    Lng: row.lng,
    Lat: row.lat,
    ServicePhone: row.servicePhone,
    Details: row.details,
  };
}

export function shopInfoColumns(info: ShopInfo) {
  return {
    shopName: info.ShopName,
    logo: info.Logo,
    copyright: info.Copyright,
    technicalSupport: info.TechnicalSupport,
    publicAccountQr: info.PublicAccountQr,
    promotionTitle: info.PromotionTitle,
    description: info.Description,
    promotionWord1: info.PromotionWord1,
    promotionWord2: info.PromotionWord2,
    email: info.Email,
    phone: info.Phone,
    fax: info.Fax,
    showIdOnProfile: info.ShowIdOnProfile,
    closingPoster: info.ClosingPoster,
    newsComments: info.NewsComments,
    commentAudit: info.CommentAudit,
    provinceCode: info.ProvinceCode,
    cityCode: info.CityCode,
    districtCode: info.DistrictCode,
    address: info.Address,
    lng: info.Lng,
    lat: info.Lat,
    servicePhone: info.ServicePhone,
    details: info.Details,
  };
}

/** The storefront reads the shop's details on every page: prepared statements. */
const shopInfoStatement = preparedStatement('shop_info', (db, name) =>
  db
    .select()
    .from(shopInfos)
    .where(eq(shopInfos.siteId, sql.placeholder('siteId')))
    .prepare(name),
);
const siteNameStatement = preparedStatement('shop_info_site_name', (db, name) =>
  db
    .select({ name: sites.name })
    .from(sites)
    .where(eq(sites.id, sql.placeholder('siteId')))
    .prepare(name),
);

async function readShopInfo(db: Executor, siteId: number): Promise<{ info: ShopInfo; version: number }> {
  const [row] = await shopInfoStatement(db).execute({ siteId });
  if (row) return { info: shopInfoOf(row), version: row.version };
  // Never saved: the form starts from the site's own name.
  const [site] = await siteNameStatement(db).execute({ siteId });
  return { info: { ...EMPTY_SHOP_INFO, ShopName: site?.name ?? '' }, version: 0 };
}

async function sameCityDelivery(db: Executor, siteId: number): Promise<boolean> {
  const [row] = await db
    .select({ setting: orderDeliverySettings.setting })
    .from(orderDeliverySettings)
    .where(eq(orderDeliverySettings.siteId, siteId));
  return row?.setting.SameCity.Enabled ?? false;
}

function areaText(info: Pick<ShopInfo, 'ProvinceCode' | 'CityCode' | 'DistrictCode'>): string {
  const found = areaNames([info.ProvinceCode, info.CityCode, info.DistrictCode]);
  return 'names' in found ? found.names.join(' ') : '';
}

/**
 * Someone saved the record since this form read it. A toast says so, as the form follows with its
 * own dialog offering to reload; a modal here would queue a second dialog before that one.
 */
export function staleVersion(): AppError {
  return new AppError('common.staleVersion', {}, { field: STALE_VERSION_FIELD, showType: ShowType.toast });
}

const AREA_FIELDS = { province: 'ProvinceCode', city: 'CityCode', district: 'DistrictCode' } as const;

export const shopInfoRoutes = [
  defineRoute(getShopInfo, async ({ db, session, config }) => {
    const { info, version } = await readShopInfo(db, session.siteId);
    return {
      Data: {
        ...info,
        Version: version,
        AreaText: areaText(info),
        SameCityDelivery: await sameCityDelivery(db, session.siteId),
        GeocoderConfigured: config.geocoder !== undefined,
      },
    };
  }),

  defineRoute(setShopInfo, async ({ db, session, input }) => {
    const { Version, ...info } = input;
    const [problem] = shopInfoProblems(info, {
      sameCityDelivery: await sameCityDelivery(db, session.siteId),
    });
    if (problem) throw new AppError(problem.key, problem.params ?? {}, { field: problem.field });
    const area = areaNames([info.ProvinceCode, info.CityCode, info.DistrictCode]);
    if ('wrong' in area) throw new AppError('shopInfo.rule.areaCode', {}, { field: AREA_FIELDS[area.wrong] });
    return db.transaction(async (tx) => {
      const before = await readShopInfo(tx, session.siteId);
      const columns = shopInfoColumns(info);
      const [saved] =
        Version === 0
          ? await tx
              .insert(shopInfos)
              .values({ siteId: session.siteId, ...columns })
              .onConflictDoNothing()
              .returning({ version: shopInfos.version })
          : await tx
              .update(shopInfos)
              .set({ ...columns, version: sql`${shopInfos.version} + 1`, updatedAt: new Date() })
              .where(sql`${shopInfos.siteId} = ${session.siteId} and ${shopInfos.version} = ${Version}`)
              .returning({ version: shopInfos.version });
      if (!saved) throw staleVersion();
      await audit(tx, session, 'shop.info', `site:${session.siteId}`, { before: before.info, after: info });
      return { Version: saved.version };
    });
  }),

  defineRoute(getQqLocation, async ({ config, input }) => {
    if (!config.geocoder) throw new AppError('geocoder.notConfigured', {}, { field: 'address' });
    try {
      const point = await geocode(config.geocoder, input.address);
      return {
        Lng: point.lng,
        Lat: point.lat,
        Province: point.province,
        City: point.city,
        District: point.district,
      };
    } catch (error) {
      if (error instanceof GeocodeError) {
        throw new AppError(`geocoder.${error.reason}`, {}, { field: 'address' });
      }
      throw error;
    }
  }),

  defineRoute(getStorefrontShopInfo, async ({ db, request }) => {
    const siteId = await storefrontSite(db, request);
    const { info } = await readShopInfo(db, siteId);
    const area = areaText(info);
    return {
      Name: info.ShopName,
      Logo: info.Logo,
      Phone: info.Phone,
      ServicePhone: info.ServicePhone,
      Address: area ? `${area} ${info.Address}` : info.Address,
      Lng: info.Lng,
      Lat: info.Lat,
      PromotionTitle: info.PromotionTitle,
      Description: info.Description,
      PublicAccountQr: info.PublicAccountQr,
      Copyright: info.Copyright,
      TechnicalSupport: info.TechnicalSupport,
      ShowIdOnProfile: info.ShowIdOnProfile,
      NewsComments: info.NewsComments,
      ClosingPoster: info.ClosingPoster,
    };
  }),
];
