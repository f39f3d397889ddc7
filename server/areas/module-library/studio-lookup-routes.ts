import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { en as catalogueEn } from '../../../components-catalog/i18n/en';
import { zh as catalogueZh } from '../../../components-catalog/i18n/zh';
import { usableBlocks } from '../../../components-catalog/registry';
import * as lookups from '../../../contract/endpoints/module-library-lookups';
import type { ShopType } from '../../../contract/enums';
import { LinkType, type LinkValue, QUICK_ENTRIES, QUICK_ENTRY_TITLES } from '../../../contract/link-value';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/query';
import { sites } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { areaNames } from '../comm/service';
import { shopInfos } from '../shop-set/tables';
import './library-lookup-messages';
import { textSnippets } from './tables';

/** The shop's address as the contact block and the `location` quick entry read it. */
async function shopAddress(db: Database, siteId: number) {
  const [info] = await db.select().from(shopInfos).where(eq(shopInfos.siteId, siteId));
  if (!info) {
    const [site] = await db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
    return { ShopName: site?.name ?? '', Area: '', Address: '', Latlng: '', Phone: '', ServicePhone: '' };
  }
  const area = areaNames([info.provinceCode, info.cityCode, info.districtCode]);
  return {
    ShopName: info.shopName,
    Area: 'names' in area ? area.names.join(' ') : '',
    Address: info.address,
    Latlng: info.lat !== null && info.lng !== null ? `${info.lat},${info.lng}` : '',
    Phone: info.phone,
    ServicePhone: info.servicePhone,
  };
}

type SnippetRow = typeof textSnippets.$inferSelect;

const snippetOf = (row: SnippetRow): lookups.TextSnippet => ({
  Id: row.id,
  Title: row.title,
  Content: row.content,
  Version: row.version,
  UpdatedAt: row.updatedAt.toISOString(),
});

const mine = (session: Session, id: number) =>
  and(eq(textSnippets.siteId, session.siteId), eq(textSnippets.id, id));
const target = (id: number) => `text:${id}`;

async function findSnippet(db: Database, session: Session, id: number): Promise<SnippetRow> {
  const [row] = await db.select().from(textSnippets).where(mine(session, id));
  if (!row) throw new AppError('libraryLookup.textNotFound', { id }, { field: 'Id' });
  return row;
}

export const studioLookupRoutes = [
  defineRoute(lookups.getSystemModuleList, async ({ input, db, session }) => {
    let shopType = input.ShopType as ShopType | undefined;
    if (shopType === undefined) {
      const [site] = await db
        .select({ shopType: sites.shopType })
        .from(sites)
        .where(eq(sites.id, session.siteId));
      shopType = site!.shopType as ShopType;
    }
    return {
      ShopType: shopType,
      Data: usableBlocks(shopType).map((definition) => ({
        Type: definition.type,
        Category: definition.category,
        Icon: definition.icon,
        Placement: definition.placement === 'fixed' ? ('fixed' as const) : ('page' as const),
        MaxPerPage: definition.maxPerPage ?? null,
        Zh: catalogueZh[definition.label] ?? definition.type,
        En: catalogueEn[definition.label] ?? definition.type,
      })),
    };
  }),

  defineRoute(lookups.getShortcutDataList, async ({ db, session }) => {
    const address = await shopAddress(db, session.siteId);
    const place = [address.Area, address.Address].filter(Boolean).join(' ');
    return {
      Data: QUICK_ENTRIES.map((entry) => {
        const link: LinkValue =
          entry === 'location' && address.Latlng
            ? { linkType: LinkType.quickEntry, linkUrl: entry, latlng: address.Latlng, address: place }
            : { linkType: LinkType.quickEntry, linkUrl: entry };
        return {
          Value: entry,
          Zh: QUICK_ENTRY_TITLES[entry].zh,
          En: QUICK_ENTRY_TITLES[entry].en,
          Link: link,
          Ready: entry !== 'location' || Boolean(address.Latlng && place),
        };
      }),
    };
  }),

  defineRoute(lookups.getAddressInfo, ({ db, session }) => shopAddress(db, session.siteId)),

  defineRoute(lookups.getTextList, async ({ input, db, session }) => {
    const conditions = [eq(textSnippets.siteId, session.siteId)];
    if (input.Keyword) {
      const pattern = containsPattern(input.Keyword);
      conditions.push(or(ilike(textSnippets.title, pattern), ilike(textSnippets.content, pattern))!);
    }
    const where = and(...conditions);
    const rows = await db
      .select()
      .from(textSnippets)
      .where(where)
      .orderBy(desc(textSnippets.updatedAt), desc(textSnippets.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    return { Data: rows.map(snippetOf), Total: await db.$count(textSnippets, where) };
  }),

  defineRoute(lookups.getTextInfo, async ({ input, db, session }) =>
    snippetOf(await findSnippet(db, session, input.Id)),
  ),

  defineRoute(lookups.addText, async ({ input, db, session }) =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(textSnippets)
        .values({
          siteId: session.siteId,
          title: input.Title,
          content: input.Content,
          updatedBy: session.accountId,
        })
        .returning();
      await audit(tx, session, 'libraryLookup.textAdd', target(created!.id), { after: input });
      return { Id: created!.id, Version: created!.version };
    }),
  ),

  defineRoute(lookups.setText, async ({ input, db, session, locale, reply }) => {
    const before = await findSnippet(db, session, input.Id);
    const saved = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(textSnippets)
        .set({
          title: input.Title,
          content: input.Content,
          version: sql`${textSnippets.version} + 1`,
          updatedAt: new Date(),
          updatedBy: session.accountId,
        })
        .where(and(mine(session, input.Id), eq(textSnippets.version, input.Version)))
        .returning();
      if (row) {
        await audit(tx, session, 'libraryLookup.textEdit', target(input.Id), {
          before: { Title: before.title, Content: before.content },
          after: { Title: input.Title, Content: input.Content },
        });
      }
      return row;
    });
    if (!saved) {
      const current = await findSnippet(db, session, input.Id);
      return refuseStale(reply, {
        locale,
        message: 'libraryLookup.textStale',
        yours: input.Version,
        current: current.version,
      });
    }
    return { Id: saved.id, Version: saved.version };
  }),

  defineRoute(lookups.delText, async ({ input, db, session }) => {
    await db.transaction(async (tx) => {
      const [row] = await tx.delete(textSnippets).where(mine(session, input.Id)).returning();
      if (!row) throw new AppError('libraryLookup.textNotFound', { id: input.Id }, { field: 'Id' });
      await audit(tx, session, 'libraryLookup.textDelete', target(input.Id), { Title: row.title });
    });
    return {};
  }),
];
