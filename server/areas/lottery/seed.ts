import { sql } from 'drizzle-orm';
import type { LotteryForm, PrizeForm } from '../../../contract/endpoints/lotteries';
import type { Address } from '../../../contract/machines/order';
import type { Executor } from '../../db/client';
import { demoPicture } from '../../db/demo-picture';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { AppError } from '../../http/errors';
import { confirmPrize, drawOnce, lockRecord, shipPrize } from './draw';
import { type Operator, saveLottery } from './lotteries';

/**
 * Demo lucky draws, made through the services operators and buyers use: in the mall a running
 * wheel paid with points (with every kind of prize), one entered by paid orders, one ended with its
 * records and one not started; in the official site one free draw. Demo buyers draw through the
 * storefront's function, the rolls taken from a fixed list so the demo is the same on every run,
 * and one goods prize is shipped and received.
 */

const DAY = 24 * 60 * 60 * 1000;

/** Rolls of 0–9,999 that land in each band of the wheel below, then in nothing. */
const ROLLS = [10, 2500, 3600, 3950, 7000, 120, 8800, 3100, 4020, 9300, 600, 5100];

function rolls() {
  let next = 0;
  return () => ROLLS[next++ % ROLLS.length]!;
}

async function firstId(tx: Executor, query: ReturnType<typeof sql>): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(tx, query);
  return row?.id ?? null;
}

function prize(
  kind: PrizeForm['Kind'],
  name: string,
  chanceBp: number,
  stock: number,
  gives: Partial<PrizeForm>,
) {
  return {
    Kind: kind,
    Name: name,
    Image: '',
    ChanceBp: chanceBp,
    Stock: stock,
    Points: 0,
    BalanceFen: 0,
    CouponId: null,
    ProductId: null,
    ...gives,
  } satisfies PrizeForm;
}

function lottery(
  title: string,
  now: Date,
  days: [number, number],
  rest: Partial<LotteryForm> & Pick<LotteryForm, 'EntryMode' | 'Prizes'>,
): LotteryForm {
  return {
    Title: title,
    Image: demoPicture('#9c27b0', '抽奖'),
    Summary: '',
    Rules: '',
    PointsCost: 0,
    DailyLimit: 3,
    TotalLimit: 0,
    StartsAt: new Date(now.getTime() + days[0] * DAY).toISOString(),
    EndsAt: new Date(now.getTime() + days[1] * DAY).toISOString(),
    NothingText: '谢谢参与',
    Sort: 0,
    Status: 'on',
    ...rest,
  };
}

interface Buyer extends Record<string, unknown> {
  open_id: string;
  nickname: string;
  mobile: string;
}

async function seedMall(db: Parameters<AreaSeed>[0], siteId: number, operator: Operator, now: Date) {
  const coupon = await firstId(
    db,
    sql`select id from coupons where site_id = ${siteId} and state = 'active' and channel = 'online' and not deleted
         and (total_quantity is null or issued + 20 <= total_quantity) order by id limit 1`,
  );
  const goods = await firstId(
    db,
    sql`select id from products where site_id = ${siteId} and kind = 'physical' and recycle_state = 'active'
         order by id limit 1`,
  );
  const wheelPrizes: PrizeForm[] = [
    prize('goods', '蓝牙音箱', 100, 3, { ProductId: goods }),
    prize('points', '50 积分', 3000, 500, { Points: 50 }),
    ...(coupon ? [prize('coupon', '满减优惠券', 800, 100, { CouponId: coupon })] : []),
    prize('balance', '5 元储值金', 300, 50, { BalanceFen: 500 }),
  ];
  const save = (form: LotteryForm) =>
    db.transaction(async (tx) => {
      const saved = await saveLottery(tx, operator, form, now);
      return 'id' in saved ? saved.id : 0;
    });
  const wheel = await save(
    lottery('幸运大转盘', now, [-7, 30], {
      Summary: '每次 10 积分，天天抽好礼',
      Rules: '每人每天可抽 3 次，活动期间共 20 次。实物奖品 7 天内发货。',
      EntryMode: 'points',
      PointsCost: 10,
      TotalLimit: 20,
      Sort: 10,
      Prizes: wheelPrizes,
    }),
  );
  await save(
    lottery('下单抽好礼', now, [-3, 20], {
      Summary: '每笔付款订单抽一次',
      EntryMode: 'order',
      DailyLimit: 0,
      Prizes: [prize('points', '100 积分', 2000, 200, { Points: 100 })],
    }),
  );
  const ended = await save(
    lottery('周年庆抽奖', now, [-40, -5], {
      Summary: '周年庆限时抽奖',
      EntryMode: 'free',
      Prizes: [prize('points', '20 积分', 5000, 100, { Points: 20 })],
    }),
  );
  await save(
    lottery('新年抽奖', now, [20, 40], {
      Summary: '新年好运来',
      EntryMode: 'free',
      DailyLimit: 1,
      Prizes: [prize('balance', '8.88 元储值金', 1000, 20, { BalanceFen: 888 })],
    }),
  );

  const buyers = await queryRows<Buyer>(
    db,
    sql`select m.open_id, m.nickname, m.mobile from members m
          join buyer_wallets w on w.site_id = m.site_id and w.buyer_id = m.open_id
         where m.site_id = ${siteId} and m.status = 'active' and w.points >= 30 and m.mobile <> ''
         order by m.id limit 4`,
  );
  const random = rolls();
  const draw = async (lotteryId: number, buyer: Buyer, at: Date) => {
    const address: Address = {
      Name: buyer.nickname || '会员',
      Phone: buyer.mobile,
      Province: '广东省',
      City: '广州市',
      District: '天河区',
      Detail: '体育西路 103 号',
    };
    try {
      return await db.transaction(
        async (tx) =>
          (
            await drawOnce(
              { tx, siteId, now: at, locale: 'zh', random },
              {
                buyer: { id: buyer.open_id, name: buyer.nickname || '会员', phone: buyer.mobile },
                lotteryId,
                address,
              },
            )
          ).record,
      );
    } catch (error) {
      // A buyer short of points or past a limit is refused as on the storefront; the demo moves on.
      if (error instanceof AppError) return null;
      throw error;
    }
  };
  const records = [];
  for (const [index, buyer] of buyers.entries()) {
    for (let times = 0; times < 2; times += 1)
      records.push(await draw(wheel, buyer, new Date(now.getTime() - (index * 2 + times) * 3600_000)));
    records.push(await draw(ended, buyer, new Date(now.getTime() - (10 + index) * DAY)));
  }
  const goodsWon = records.filter((record) => record?.outcome === 'goods');
  const first = goodsWon[0];
  if (first) {
    await db.transaction(async (tx) => {
      const context = { tx, now: new Date(now.getTime() - 3600_000), locale: 'zh' as const };
      const shipped = await shipPrize(context, await lockRecord(tx, siteId, { id: first.id }), {
        carrier: 'SF',
        trackingNo: 'SF1403829475512',
      });
      await confirmPrize({ ...context, now }, shipped);
    });
  }
}

export const lotterySeed: AreaSeed = async (db, demo) => {
  const now = new Date();
  const owners = await queryRows<{ id: number; site_id: number; user_name: string }>(
    db,
    sql`select id, site_id, user_name from accounts
         where kind = 'main' and site_id in (${demo.mallSiteId}, ${demo.secondSiteId}) order by id`,
  );
  const operatorOf = (siteId: number): Operator => {
    const owner = owners.find((account) => account.site_id === siteId)!;
    return { siteId, accountId: owner.id, name: owner.user_name };
  };
  await seedMall(db, demo.mallSiteId, operatorOf(demo.mallSiteId), now);
  await db.transaction((tx) =>
    saveLottery(
      tx,
      operatorOf(demo.secondSiteId),
      lottery('开放日抽奖', now, [-2, 20], {
        Summary: '到场签到即可抽奖',
        EntryMode: 'free',
        DailyLimit: 1,
        Prizes: [prize('points', '10 积分', 4000, 100, { Points: 10 })],
      }),
      now,
    ),
  );
};
