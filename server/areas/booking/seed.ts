import { sql } from 'drizzle-orm';
import { weekdayOf } from '../../../contract/booking';
import type { BookingFormInput } from '../../../contract/endpoints/booking-forms';
import { addDays, DAY_MS, shopDate, shopDayStart } from '../../../contract/shop-time';
import { type FormField, newField } from '../../../contract/smart-form';
import type { Executor } from '../../db/client';
import { demoPicture } from '../../db/demo-picture';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { payStorefrontOrder } from '../order/service';
import { advance, type BookingContext, type BookingRecord, book, cancel, findBooking } from './bookings';
import { saveForm } from './forms';

/**
 * Demo booking forms and bookings, made through the services operators and buyers use: categories,
 * forms in every state (running at stores, running with a deposit, not started, ended, switched off)
 * and bookings in every state, one slot booked full, deposits paid (with their ticket), unpaid and
 * given up; the official site's two forms with a few bookings.
 */

const HOUR = 60 * 60 * 1000;

const BUYERS = [
  { id: 'demo-booking-1', name: '韩梅梅', phone: '13900001201' },
  { id: 'demo-booking-2', name: '李雷', phone: '13900001202' },
  { id: 'demo-booking-3', name: '吴静', phone: '13900001203' },
  { id: 'demo-booking-4', name: '郑浩', phone: '13900001204' },
  { id: 'demo-booking-5', name: '孙悦', phone: '13900001205' },
  { id: 'demo-booking-6', name: '高远', phone: '13900001206' },
];

const OPERATOR = { kind: 'operator' as const, accountId: null, name: 'admin' };

function field(
  type: FormField['type'],
  id: string,
  label: string,
  changes: Partial<FormField> = {},
): FormField {
  return { ...newField(type, id, label), ...changes };
}

const VISIT_FIELDS = {
  fields: [
    field('number', 'people', '到店人数', { required: true, min: 1, max: 6 }),
    field('select', 'purpose', '到店目的', {
      required: true,
      options: ['新品体验', '售后咨询', '会员礼品领取'],
    }),
    field('textarea', 'note', '其他需求', { placeholder: '如需停车位请注明', max: 200 }),
  ],
};

const CONSULT_FIELDS = {
  fields: [
    field('radio', 'budget', '预算范围', {
      required: true,
      options: ['5000 元以下', '5000-20000 元', '20000 元以上'],
    }),
    field('text', 'style', '喜欢的风格', { max: 40 }),
    field('agreement', 'agree', '定金说明', {
      required: true,
      agreement: '定金在到店消费时抵扣，预约取消将原路退回。',
    }),
  ],
};

/** A virtual good to be the consultation's deposit: its ticket is shown at the store. */
async function depositSku(tx: Executor, siteId: number): Promise<number> {
  const [product] = await queryRows<{ id: number }>(
    tx,
    sql`insert into products (site_id, name, code, gallery, price_fen, max_price_fen, market_price_fen, shelf_state,
                              audit_state, kind, ticket_settings, total_stock, sku_count)
        values (${siteId}, '私人定制咨询定金', 'YY-DEPOSIT', ${JSON.stringify([demoPicture('#8e24aa', '定金')])}::jsonb,
                5000, 5000, 5000, 'on', 'approved', 'virtual',
                ${JSON.stringify({ Mode: 'days', Days: 30, From: null, Until: null, StoreIds: [] })}::jsonb, 200, 1)
        returning id`,
  );
  const [sku] = await queryRows<{ id: number }>(
    tx,
    sql`insert into skus (site_id, product_id, price_fen, stock, code)
        values (${siteId}, ${product!.id}, 5000, 200, 'YY-DEPOSIT') returning id`,
  );
  // The first stock is a ledger row, as for SKUs created through the API.
  await tx.execute(
    sql`insert into stock_log (site_id, product_id, sku_id, kind, delta, after, reason)
        values (${siteId}, ${product!.id}, ${sku!.id}, 'initial', 200, 200, '')`,
  );
  return sku!.id;
}

async function categories(tx: Executor, siteId: number, names: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, name] of names.entries()) {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into booking_categories (site_id, name, sort) values (${siteId}, ${name}, ${(names.length - index) * 10})
          returning id`,
    );
    ids.push(row!.id);
  }
  return ids;
}

async function saved(tx: Executor, siteId: number, form: BookingFormInput, now: Date): Promise<number> {
  const outcome = await saveForm(tx, siteId, form, now);
  if (!('id' in outcome)) throw new Error('a new booking form is never stale');
  return outcome.id;
}

interface Booker {
  tx: Executor;
  siteId: number;
}

/** Books as a buyer at `at`; the day is counted from `at`'s shop day. */
async function booked(
  site: Booker,
  at: Date,
  buyer: (typeof BUYERS)[number],
  formId: number,
  request: {
    daysAhead: number;
    start: string;
    end: string;
    storeId: number | null;
    answers: Record<string, unknown>;
  },
) {
  const context: BookingContext = {
    tx: site.tx,
    siteId: site.siteId,
    now: at,
    locale: 'zh',
    actor: { kind: 'buyer', accountId: null, name: buyer.name },
  };
  return book(context, {
    buyer: buyer,
    source: 'miniProgram',
    formId,
    storeId: request.storeId,
    day: addDays(shopDate(at), request.daysAhead),
    slot: { Start: request.start, End: request.end },
    answers: request.answers,
    remark: '',
  });
}

/** Days from `at`'s shop day to the first day at least `from` days ahead open on `weekdays`. */
function openDay(at: Date, from: number, weekdays: readonly number[]): number {
  let ahead = from;
  while (!weekdays.includes(weekdayOf(addDays(shopDate(at), ahead)))) ahead += 1;
  return ahead;
}

function operatorAt(site: Booker, at: Date): BookingContext {
  return { tx: site.tx, siteId: site.siteId, now: at, locale: 'zh', actor: OPERATOR };
}

async function reread(site: Booker, record: BookingRecord): Promise<BookingRecord> {
  return findBooking(site.tx, { siteId: site.siteId }, { id: record.id }, { lock: true });
}

async function seedMall(tx: Executor, siteId: number, now: Date): Promise<void> {
  const stores = await queryRows<{ id: number }>(
    tx,
    sql`select id from stores where site_id = ${siteId} and not deleted and status = 'on' order by sort desc, id limit 2`,
  );
  const storeIds = stores.map((store) => store.id);
  const [visit, consult, events] = await categories(tx, siteId, ['到店服务', '专家咨询', '活动报名']);
  const skuId = await depositSku(tx, siteId);
  const day = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  const everyDay = [1, 2, 3, 4, 5, 6, 7];
  const workdays = [1, 2, 3, 4, 5, 6];
  const base = {
    Image: demoPicture('#2196f3', '预约'),
    Summary: '',
    CategoryId: visit!,
    Fields: VISIT_FIELDS,
    CapacityMode: 'perSlot' as const,
    DayCapacity: 0,
    Weekdays: everyDay,
    DaysAhead: 14,
    Price: 'free' as const,
    DepositSkuId: null,
    StoreIds: storeIds,
    Sort: 0,
    Status: 'on' as const,
  };
  const visitSlots = [
    { Start: '10:00', End: '11:00', Capacity: 5 },
    { Start: '14:00', End: '15:00', Capacity: 5 },
    { Start: '16:00', End: '17:00', Capacity: 3 },
  ];
  // Running since a month ago, so bookings made then are the demo's past ones.
  const visitForm = await saved(
    tx,
    siteId,
    {
      ...base,
      Title: '到店体验预约',
      Summary: '选择门店和时段，到店体验新品，每个时段名额有限',
      Slots: visitSlots,
      StartsAt: day(-30),
      EndsAt: day(90),
      Sort: 30,
    },
    now,
  );
  const consultForm = await saved(
    tx,
    siteId,
    {
      ...base,
      Title: '私人定制咨询',
      Summary: '填写需求并支付 50 元定金，专属顾问为您一对一服务，定金到店抵扣',
      CategoryId: consult!,
      Fields: CONSULT_FIELDS,
      CapacityMode: 'perDay',
      DayCapacity: 4,
      Slots: [
        { Start: '09:30', End: '12:00', Capacity: 0 },
        { Start: '13:30', End: '17:30', Capacity: 0 },
      ],
      Weekdays: workdays,
      Price: 'deposit',
      DepositSkuId: skuId,
      StoreIds: [],
      StartsAt: day(-20),
      EndsAt: day(60),
      Sort: 20,
    },
    now,
  );
  await saved(
    tx,
    siteId,
    {
      ...base,
      Title: '周年庆沙龙报名',
      Summary: '周年庆主题沙龙，现场抽奖',
      CategoryId: events!,
      Slots: [{ Start: '19:00', End: '21:00', Capacity: 30 }],
      Weekdays: [6],
      StoreIds: storeIds.slice(0, 1),
      StartsAt: day(10),
      EndsAt: day(40),
      Sort: 10,
    },
    now,
  );
  const tasting = await saved(
    tx,
    siteId,
    {
      ...base,
      Title: '春季新品品鉴会',
      Summary: '春季新品抢先品鉴',
      CategoryId: events!,
      Slots: [{ Start: '15:00', End: '17:00', Capacity: 20 }],
      StoreIds: storeIds.slice(0, 1),
      StartsAt: day(-45),
      EndsAt: day(-15),
    },
    now,
  );
  await saved(
    tx,
    siteId,
    {
      ...base,
      Title: '会员专属护理',
      Summary: '会员专属护理服务，暂停预约中',
      Slots: [{ Start: '13:00', End: '14:00', Capacity: 2 }],
      StartsAt: day(-10),
      EndsAt: day(50),
      Status: 'off',
    },
    now,
  );

  const site = { tx, siteId };
  const visitAnswers = (people: number, purpose: string) => ({ people, purpose, note: '' });
  const [flagship, jingan] = [storeIds[0] ?? null, storeIds[1] ?? storeIds[0] ?? null];
  // Past visits: booked three weeks ago for the next day, confirmed, then done or given up.
  const past = new Date(shopDayStart(shopDate(new Date(now.getTime() - 21 * DAY_MS))).getTime() + 9 * HOUR);
  for (const [index, buyer] of BUYERS.slice(0, 4).entries()) {
    const made = await booked(site, past, buyer, visitForm, {
      daysAhead: 1 + index,
      start: '14:00',
      end: '15:00',
      storeId: index % 2 === 0 ? flagship : jingan,
      answers: visitAnswers(1 + index, '新品体验'),
    });
    await advance(operatorAt(site, new Date(past.getTime() + HOUR)), site, [made.booking.id], 'confirm');
    if (index < 3)
      await advance(
        operatorAt(site, new Date(past.getTime() + (2 + index) * DAY_MS)),
        site,
        [made.booking.id],
        'complete',
      );
    else
      await cancel(
        operatorAt(site, new Date(past.getTime() + 2 * DAY_MS)),
        await reread(site, made.booking),
        'cancel',
        '门店临时闭店，已电话通知',
      );
  }
  // The ended tasting had its bookings, done.
  const tastingAt = new Date(now.getTime() - 30 * DAY_MS);
  for (const buyer of BUYERS.slice(2, 5)) {
    const made = await booked(site, tastingAt, buyer, tasting, {
      daysAhead: 2,
      start: '15:00',
      end: '17:00',
      storeId: flagship,
      answers: visitAnswers(2, '新品体验'),
    });
    await advance(operatorAt(site, tastingAt), site, [made.booking.id], 'confirm');
    await advance(
      operatorAt(site, new Date(tastingAt.getTime() + 3 * DAY_MS)),
      site,
      [made.booking.id],
      'complete',
    );
  }
  // Upcoming visits: the 16:00 slot at the flagship two days ahead is booked full.
  const recent = new Date(now.getTime() - HOUR);
  for (const buyer of BUYERS.slice(0, 3)) {
    await booked(site, recent, buyer, visitForm, {
      daysAhead: 2,
      start: '16:00',
      end: '17:00',
      storeId: flagship,
      answers: visitAnswers(2, '会员礼品领取'),
    });
  }
  const confirmedVisit = await booked(site, recent, BUYERS[3]!, visitForm, {
    daysAhead: 1,
    start: '10:00',
    end: '11:00',
    storeId: jingan,
    answers: { ...visitAnswers(3, '售后咨询'), note: '需要一个停车位' },
  });
  await advance(operatorAt(site, now), site, [confirmedVisit.booking.id], 'confirm');
  const withdrawn = await booked(site, recent, BUYERS[4]!, visitForm, {
    daysAhead: 3,
    start: '14:00',
    end: '15:00',
    storeId: jingan,
    answers: visitAnswers(1, '新品体验'),
  });
  await cancel(
    { ...operatorAt(site, now), actor: { kind: 'buyer', accountId: null, name: BUYERS[4]!.name } },
    await reread(site, withdrawn.booking),
    'withdraw',
    '行程有变',
  );
  await booked(site, recent, BUYERS[5]!, visitForm, {
    daysAhead: 4,
    start: '10:00',
    end: '11:00',
    storeId: flagship,
    answers: visitAnswers(2, '新品体验'),
  });

  // Consultations with a deposit: one paid and confirmed (its ticket issued), one waiting to be paid,
  // one given up before paying.
  const consultAnswers = { budget: '5000-20000 元', style: '简约北欧', agree: true };
  const paid = await booked(site, recent, BUYERS[0]!, consultForm, {
    daysAhead: openDay(recent, 2, workdays),
    start: '09:30',
    end: '12:00',
    storeId: null,
    answers: consultAnswers,
  });
  await payStorefrontOrder(
    { tx, siteId, now: new Date(recent.getTime() + 5 * 60_000), locale: 'zh' },
    {
      OrderNo: paid.order!.orderNo,
      BuyerId: BUYERS[0]!.id,
      PaymentMethod: 'wechat',
      AmountFen: paid.order!.totalFen,
      TransactionNo: '',
    },
  );
  await advance(operatorAt(site, now), site, [paid.booking.id], 'confirm');
  await booked(site, recent, BUYERS[1]!, consultForm, {
    daysAhead: openDay(recent, 3, workdays),
    start: '13:30',
    end: '17:30',
    storeId: null,
    answers: { ...consultAnswers, budget: '20000 元以上' },
  });
  const givenUp = await booked(site, recent, BUYERS[2]!, consultForm, {
    daysAhead: openDay(recent, 3, workdays),
    start: '09:30',
    end: '12:00',
    storeId: null,
    answers: consultAnswers,
  });
  await cancel(
    { ...operatorAt(site, now), actor: { kind: 'buyer', accountId: null, name: BUYERS[2]!.name } },
    await reread(site, givenUp.booking),
    'withdraw',
    '暂时不需要了',
  );
}

async function seedSecond(tx: Executor, siteId: number, now: Date): Promise<void> {
  const [store] = await queryRows<{ id: number }>(
    tx,
    sql`select id from stores where site_id = ${siteId} and not deleted order by sort desc, id limit 1`,
  );
  const [consult] = await categories(tx, siteId, ['商务咨询']);
  const day = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  const common = {
    Image: demoPicture('#2196f3', '预约'),
    CategoryId: consult!,
    Fields: {
      fields: [
        field('text', 'company', '公司名称', { required: true, max: 40 }),
        field('select', 'topic', '咨询方向', {
          required: true,
          options: ['小程序开发', '品牌官网', '运营托管'],
        }),
      ],
    },
    DaysAhead: 14,
    Price: 'free' as const,
    DepositSkuId: null,
    StartsAt: day(-15),
    EndsAt: day(120),
    Sort: 0,
    Status: 'on' as const,
  };
  const free = await saved(
    tx,
    siteId,
    {
      ...common,
      Title: '免费咨询预约',
      Summary: '留下联系方式，顾问一小时内回电',
      CapacityMode: 'perDay',
      DayCapacity: 8,
      Slots: [{ Start: '09:00', End: '18:00', Capacity: 0 }],
      Weekdays: [1, 2, 3, 4, 5, 6, 7],
      StoreIds: [],
    },
    now,
  );
  const showroom = await saved(
    tx,
    siteId,
    {
      ...common,
      Title: '参观展厅预约',
      Summary: '周一至周五 9:00-17:00',
      CapacityMode: 'perSlot',
      DayCapacity: 0,
      Slots: [
        { Start: '09:00', End: '11:00', Capacity: 4 },
        { Start: '14:00', End: '17:00', Capacity: 4 },
      ],
      Weekdays: [1, 2, 3, 4, 5],
      StoreIds: store ? [store.id] : [],
    },
    now,
  );
  const site = { tx, siteId };
  const recent = new Date(now.getTime() - HOUR);
  const made = await booked(site, recent, BUYERS[0]!, free, {
    daysAhead: 1,
    start: '09:00',
    end: '18:00',
    storeId: null,
    answers: { company: '杭州云栖科技', topic: '小程序开发' },
  });
  await advance(operatorAt(site, now), site, [made.booking.id], 'confirm');
  await booked(site, recent, BUYERS[1]!, showroom, {
    daysAhead: openDay(recent, 1, [1, 2, 3, 4, 5]),
    start: '14:00',
    end: '17:00',
    storeId: store?.id ?? null,
    answers: { company: '上海青禾文化', topic: '品牌官网' },
  });
}

export const bookingSeed: AreaSeed = async (db, demo) => {
  const now = new Date();
  await db.transaction(async (tx) => {
    await seedMall(tx, demo.mallSiteId, now);
    await seedSecond(tx, demo.secondSiteId, now);
  });
};
