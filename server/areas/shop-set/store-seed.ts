import { eq, sql } from 'drizzle-orm';
import type { StoreArea } from '../../../contract/endpoints/stores';
import type { Database } from '../../db/client';
import { demoPicture } from '../../db/demo-picture';
import { accounts, stores } from '../../db/schema';

const shanghai = (DistrictCode: string, District: string): StoreArea => ({
  ProvinceCode: '310000',
  CityCode: '310100',
  DistrictCode,
  Province: '上海市',
  City: '上海市',
  District,
});

/**
 * The demo shops' stores, returned in insertion order: the mall's flagship, Jing'an, Pudong (off,
 * no pickup), a deleted one (which studio links still name), and the official site's showroom.
 */
export async function seedStores(db: Database, mall: number, second: number) {
  const logo = demoPicture('#4caf50', '门店');
  return db
    .insert(stores)
    .values([
      {
        siteId: mall,
        title: '旗舰店（徐汇店）',
        image: logo,
        contact: '王店长',
        area: shanghai('310104', '徐汇区'),
        address: '上海市徐汇区漕溪北路88号',
        tel: '021-64281234',
        latlng: '31.1937,121.4368',
        hours: '09:00-22:00',
        sort: 10,
      },
      {
        siteId: mall,
        title: '静安寺店',
        image: logo,
        contact: '李经理',
        area: shanghai('310106', '静安区'),
        address: '上海市静安区南京西路1618号',
        tel: '13800001618',
        latlng: '31.2235,121.4452',
        hours: '10:00-22:00',
        sort: 5,
      },
      {
        siteId: mall,
        title: '浦东世纪大道店',
        image: logo,
        contact: '赵主管',
        area: shanghai('310115', '浦东新区'),
        address: '上海市浦东新区世纪大道100号',
        tel: '021-58881234',
        latlng: '31.2354,121.5056',
        hours: '10:00-21:30',
        weekdays: [1, 2, 3, 4, 5],
        pickup: false,
        status: 'off',
      },
      {
        siteId: mall,
        title: '虹桥店（已撤店）',
        image: logo,
        area: shanghai('310105', '长宁区'),
        address: '上海市长宁区虹桥路1号',
        tel: '021-62221234',
        latlng: '31.1980,121.4200',
        hours: '10:00-21:00',
        deleted: true,
      },
      {
        siteId: second,
        title: '北京总部展厅',
        image: logo,
        contact: '陈女士',
        area: {
          ProvinceCode: '110000',
          CityCode: '110100',
          DistrictCode: '110105',
          Province: '北京市',
          City: '北京市',
          District: '朝阳区',
        },
        address: '北京市朝阳区建国路89号',
        tel: '010-65881234',
        latlng: '39.9087,116.46',
        hours: '09:00-18:00',
        weekdays: [1, 2, 3, 4, 5, 6],
        pickup: false,
      },
    ])
    .returning();
}

/**
 * Two more store accounts of the mall, so binding has something to show: one working at Jing'an,
 * one not yet bound. They log in like the demo `store` account, with its password and menus.
 */
export async function seedStoreAccounts(db: Database, mall: number, jinganId: number) {
  const [template] = await db.select().from(accounts).where(eq(accounts.userName, 'store'));
  if (!template) return;
  const added = await db
    .insert(accounts)
    .values(
      [
        { userName: 'jingan', storeId: jinganId },
        { userName: 'pudong', storeId: null },
      ].map((entry) => ({
        siteId: mall,
        userName: entry.userName,
        kind: 'store' as const,
        passwordHash: template.passwordHash,
        roles: template.roles,
        isStore: true,
        storeId: entry.storeId,
      })),
    )
    .returning({ id: accounts.id });
  for (const account of added) {
    await db.execute(sql`insert into grants (site_id, account_id, menu_id)
      select site_id, ${account.id}, menu_id from grants where account_id = ${template.id}`);
  }
}
