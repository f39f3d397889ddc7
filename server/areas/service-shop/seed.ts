import { eq } from 'drizzle-orm';
import { ShopType } from '../../../contract/enums';
import { DEFAULT_GRANT_PREFIXES } from '../../../contract/menu-tree';
import { demoPicture } from '../../db/demo-picture';
import { pathsForPrefixes } from '../../db/menus-sync';
import { accounts, grants, menus, sites, stores } from '../../db/schema';
import type { AreaSeed } from '../../db/seed';
import { bookingForms } from '../marketing/tables';
import { startFromPublicTemplate } from '../module-library/service';
import { services, technicians } from './tables';

/** The demo service shop's main account; its password is the other demo accounts'. */
export const SERVICE_SHOP_LOGIN = 'service';

interface DemoTechnician {
  name: string;
  jobTitle: string;
  skills: string[];
  rating: number;
  colour: string;
}

const TECHNICIANS: DemoTechnician[] = [
  { name: '李师傅', jobTitle: '首席理疗师', skills: ['推拿', '正骨'], rating: 49, colour: '#3c8dbc' },
  { name: '王技师', jobTitle: '高级技师', skills: ['艾灸', '拔罐'], rating: 48, colour: '#00a65a' },
  { name: '陈老师', jobTitle: '足疗师', skills: ['足底按摩'], rating: 47, colour: '#f39c12' },
  { name: '赵技师', jobTitle: '美容师', skills: ['面部护理', '肩颈'], rating: 46, colour: '#dd4b39' },
];

const SERVICES = [
  { name: '肩颈推拿', priceFen: 12800, minutes: 45, by: [0, 1], colour: '#605ca8' },
  { name: '全身精油SPA', priceFen: 29800, minutes: 90, by: [1, 3], colour: '#d81b60' },
  { name: '中式足疗', priceFen: 9800, minutes: 60, by: [2], colour: '#39cccc' },
  { name: '艾灸调理', priceFen: 15800, minutes: 60, by: [1], colour: '#ff851b' },
  { name: '面部深层护理', priceFen: 19800, minutes: 75, by: [3], colour: '#001f3f' },
];

async function seedRows(db: Parameters<AreaSeed>[0], siteId: number, count: number, storeId: number | null) {
  const [form] = await db
    .insert(bookingForms)
    .values({ siteId, title: '到店预约', summary: '选择时间与技师，到店享受服务' })
    .returning({ id: bookingForms.id });
  const people = await db
    .insert(technicians)
    .values(
      TECHNICIANS.slice(0, count).map((person, index) => ({
        siteId,
        title: person.name,
        image: demoPicture(person.colour, person.name.slice(0, 1)),
        jobTitle: person.jobTitle,
        skills: person.skills,
        storeId,
        rating: person.rating,
        sort: 100 - index,
      })),
    )
    .returning({ id: technicians.id });
  await db.insert(services).values(
    SERVICES.slice(0, count + 1).map((service, index) => ({
      siteId,
      title: service.name,
      image: demoPicture(service.colour, service.name.slice(0, 2)),
      priceFen: service.priceFen,
      minutes: service.minutes,
      technicianIds: service.by.flatMap((at) => (people[at] ? [people[at].id] : [])),
      bookingFormId: form!.id,
      rating: 50 - index,
      sort: 100 - index,
    })),
  );
}

/**
 * A service shop (type 7) with its own login, a store, technicians and services, so its studio
 * draws real rows; the mall gets a few too, as it does of every vertical's content.
 */
export const serviceShopSeed: AreaSeed = async (db, demo) => {
  const [site] = await db
    .insert(sites)
    .values({ name: '演示服务店', shopType: ShopType.service, description: '服务' })
    .returning();
  const [owner] = await db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, demo.adminAccountId));
  const [account] = await db
    .insert(accounts)
    .values({
      siteId: site!.id,
      userName: SERVICE_SHOP_LOGIN,
      kind: 'main',
      passwordHash: owner!.passwordHash,
      roles: ['admin'],
      introduction: 'Service shop owner',
    })
    .returning();
  const menuRows = await db.select({ id: menus.id, path: menus.path }).from(menus);
  const menuIds = new Map(menuRows.map((row) => [row.path, row.id]));
  await db.insert(grants).values(
    pathsForPrefixes([...menuIds.keys()], DEFAULT_GRANT_PREFIXES.main).map((path) => ({
      siteId: site!.id,
      accountId: account!.id,
      menuId: menuIds.get(path)!,
    })),
  );
  const [store] = await db
    .insert(stores)
    .values({
      siteId: site!.id,
      title: '静安养生馆',
      image: demoPicture('#3c8dbc', '静安'),
      address: '上海市静安区南京西路1266号',
      tel: '021-62881234',
      latlng: '31.2292,121.4537',
      hours: '10:00-22:00',
    })
    .returning({ id: stores.id });
  await seedRows(db, site!.id, TECHNICIANS.length, store!.id);
  // Its studio opens on the service template, whose service lists now draw these rows.
  await startFromPublicTemplate(db, site!.id);
  await seedRows(db, demo.mallSiteId, 2, null);
};
