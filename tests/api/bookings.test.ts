import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as forms from '../../contract/endpoints/booking-forms';
import * as bookings from '../../contract/endpoints/bookings';
import { payOrder } from '../../contract/endpoints/storefront';
import { addDays, shopDate } from '../../contract/shop-time';
import { newField } from '../../contract/smart-form';
import { startTestServer, type TestServer } from './harness';
import { expectError, MALL_SITE, SECOND_SITE, storefront, storefrontKey } from './order-helpers';
import { fieldOf } from './points-helpers';

/**
 * Booking categories, forms and bookings (issue 18 §6) against the real database: forms saved and
 * refused naming the field, bookings taken seat by seat until a slot is full (in parallel too: on
 * PostgreSQL the requests really race), confirmed, completed and cancelled with the seat given back,
 * a deposit paid and refunded, another shop and a store account kept to their own rows.
 */

let server: TestServer;
let admin: string;
let key: string;
let stores: number[];
let depositSkuId: number;

const DAY = 24 * 60 * 60 * 1000;
const tomorrow = () => addDays(shopDate(new Date()), 1);

function formInput(changes: Partial<forms.BookingFormInput> = {}): forms.BookingFormInput {
  return {
    Title: '测试预约',
    Image: '',
    Summary: '',
    CategoryId: null,
    Fields: { fields: [{ ...newField('number', 'people', '人数'), required: true, min: 1, max: 4 }] },
    CapacityMode: 'perSlot',
    DayCapacity: 0,
    Slots: [
      { Start: '10:00', End: '11:00', Capacity: 3 },
      { Start: '14:00', End: '15:00', Capacity: 3 },
    ],
    Weekdays: [1, 2, 3, 4, 5, 6, 7],
    DaysAhead: 7,
    Price: 'free',
    DepositSkuId: null,
    StoreIds: [],
    StartsAt: new Date(Date.now() - DAY).toISOString(),
    EndsAt: new Date(Date.now() + 30 * DAY).toISOString(),
    Sort: 0,
    Status: 'on',
    ...changes,
  };
}

async function createForm(changes: Partial<forms.BookingFormInput> = {}, token = admin): Promise<number> {
  const response = await server.call(forms.bindBookingForm, formInput(changes), { token });
  expect(response.body.Errmsg).toBe('');
  return response.body.Id;
}

let buyers = 0;
function bookSlot(
  FormId: number,
  changes: Record<string, unknown> = {},
  buyer = `booking-buyer-${++buyers}`,
) {
  return storefront(server, key, bookings.book, {
    Buyer: { Id: buyer, Name: '预约测试', Phone: '13800000088' },
    FormId,
    Day: tomorrow(),
    Start: '10:00',
    End: '11:00',
    Answers: { people: 2 },
    ...changes,
  });
}

async function bookingId(bookingNo: string): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from bookings where booking_no = ${bookingNo}`,
  );
  return row!.id;
}

async function slotLeft(FormId: number, Start = '10:00', storeId?: number): Promise<number> {
  const response = await storefront(server, key, bookings.getStorefrontBookingSlots, {
    formId: FormId,
    from: tomorrow(),
    days: 1,
    ...(storeId ? { storeId } : {}),
  });
  expect(response.body.Errmsg).toBe('');
  return response.body.Days[0]!.Slots.find((slot) => slot.Start === Start)!.Left;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  const rows = await server.query<{ id: number }>(
    sql`select id from stores where site_id = ${MALL_SITE} and not deleted and status = 'on' order by id limit 2`,
  );
  stores = rows.map((row) => row.id);
  const [deposit] = await server.query<{ id: number }>(
    sql`select id from skus where site_id = ${MALL_SITE} and code = 'YY-DEPOSIT'`,
  );
  depositSkuId = deposit!.id;
});
afterAll(() => server.close());

describe('categories', () => {
  it('creates, lists, refuses a taken name and a category still in use', async () => {
    const made = await server.call(
      forms.bindBookingCategory,
      { Name: '测试分类', Sort: 5 },
      { token: admin },
    );
    expect(made.body.Errmsg).toBe('');
    const id = made.body.Id;
    const list = await server.call(forms.getBookingCategoryList, { keyword: '测试分类' }, { token: admin });
    expect(list.body.Data).toEqual([expect.objectContaining({ Id: id, Name: '测试分类', Forms: 0 })]);
    const taken = await server.call(
      forms.bindBookingCategory,
      { Name: '测试分类', Sort: 0 },
      { token: admin },
    );
    expectError(taken, 'There is already a category named “测试分类”');
    expect(fieldOf(taken)).toBe('Name');
    const empty = await server.call(forms.bindBookingCategory, { Name: '', Sort: 0 }, { token: admin });
    expect(fieldOf(empty)).toBe('Name');
    const formId = await createForm({ Title: '分类中的表单', CategoryId: id });
    const inUse = await server.call(forms.deleteBookingCategory, { Ids: [id] }, { token: admin });
    expectError(inUse, /still files 1 form/);
    await server.call(forms.deleteBookingForm, { Ids: [formId] }, { token: admin });
    const deleted = await server.call(forms.deleteBookingCategory, { Ids: [id] }, { token: admin });
    expect(deleted.body.Errmsg).toBe('');
  });
});

describe('forms', () => {
  it('creates a form, reads it back and lists it by state', async () => {
    const id = await createForm({ Title: '读取预约', StoreIds: stores });
    const info = await server.call(forms.getBookingFormInfo, { id }, { token: admin });
    expect(info.body).toMatchObject({
      Id: id,
      Title: '读取预约',
      CapacityMode: 'perSlot',
      SeatsPerDay: 6,
      SlotCount: 2,
      StoreCount: 2,
      StoreIds: stores,
      State: 'running',
      Bookings: 0,
      Version: 1,
    });
    const list = await server.call(
      forms.getBookingFormList,
      { state: 'running', keyword: '读取预约' },
      { token: admin },
    );
    expect(list.body.Data.map((row) => row.Id)).toEqual([id]);
    const later = await createForm({
      Title: '读取预约未开始',
      StartsAt: new Date(Date.now() + DAY).toISOString(),
    });
    const notStarted = await server.call(
      forms.getBookingFormList,
      { state: 'notStarted', keyword: '读取预约' },
      { token: admin },
    );
    expect(notStarted.body.Data.map((row) => row.Id)).toEqual([later]);
  });

  it.each([
    [
      'an end before the start',
      { EndsAt: new Date(Date.now() - 2 * DAY).toISOString() },
      'EndsAt',
      /after the start/,
    ],
    [
      'no seats a day by the day',
      { CapacityMode: 'perDay' as const, DayCapacity: 0 },
      'DayCapacity',
      /how many/,
    ],
    ['a deposit without goods', { Price: 'deposit' as const }, 'DepositSkuId', /deposit goods/],
    [
      'a slot ending before it starts',
      { Slots: [{ Start: '11:00', End: '10:00', Capacity: 1 }] },
      'Slots.0.End',
      /end after it starts/,
    ],
    [
      'overlapping slots',
      {
        Slots: [
          { Start: '10:00', End: '11:00', Capacity: 1 },
          { Start: '10:30', End: '11:30', Capacity: 1 },
        ],
      },
      'Slots.1.Start',
      /overlaps/,
    ],
    [
      'a slot with no seat',
      { Slots: [{ Start: '10:00', End: '11:00', Capacity: 0 }] },
      'Slots.0.Capacity',
      /seat/,
    ],
    ['a title of 31 characters', { Title: '约'.repeat(31) }, 'Title', undefined],
    ['a store of no shop', { StoreIds: [99_999_999] }, 'StoreIds', /not a store of this shop/],
    [
      'a deposit of no shop',
      { Price: 'deposit' as const, DepositSkuId: 99_999_999 },
      'DepositSkuId',
      /not goods/,
    ],
    ['a weekday twice', { Weekdays: [1, 1] }, 'Weekdays', /twice/],
  ])('refuses %s, naming the field', async (_, changes, field, message) => {
    const response = await server.call(forms.bindBookingForm, formInput(changes), { token: admin });
    expectError(response, message);
    expect(fieldOf(response)).toBe(field);
  });

  it('saves with the version read and refuses a stale save', async () => {
    const id = await createForm({ Title: '版本预约' });
    const saved = await server.call(
      forms.bindBookingForm,
      { ...formInput({ Title: '版本预约2' }), Id: id, Version: 1 },
      { token: admin },
    );
    expect(saved.body).toMatchObject({ Errcode: 0, Version: 2 });
    const stale = await server.call(
      forms.bindBookingForm,
      { ...formInput({ Title: '旧版本' }), Id: id, Version: 1 },
      { token: admin },
    );
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: 2 });
  });
});

describe('booking a slot', () => {
  it('takes a seat each, refuses the next one when full, and gives a seat back on cancel', async () => {
    const formId = await createForm({ Title: '约满测试' });
    expect(await slotLeft(formId)).toBe(3);
    const made = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await bookSlot(formId);
      expect(response.body.Errmsg).toBe('');
      made.push(response.body.Booking);
    }
    expect(made[0]).toMatchObject({ State: 'new', Deposit: 'none', Day: tomorrow(), Start: '10:00' });
    expect(made[0]!.BookingNo).toMatch(/^YY\d{8}\d{6}$/);
    expect(await slotLeft(formId)).toBe(0);
    const full = await bookSlot(formId);
    expectError(full, `The slot 10:00-11:00 on ${tomorrow()} is full`);
    expect(fieldOf(full)).toBe('Start');
    // The other slot keeps its own seats.
    expect((await bookSlot(formId, { Start: '14:00', End: '15:00' })).body.Errmsg).toBe('');

    const id = await bookingId(made[0]!.BookingNo);
    const noReason = await server.call(bookings.cancelBooking, { Id: id, Reason: '' }, { token: admin });
    expect(fieldOf(noReason)).toBe('Reason');
    const cancelled = await server.call(
      bookings.cancelBooking,
      { Id: id, Reason: '门店装修' },
      { token: admin },
    );
    expect(cancelled.body.Booking).toMatchObject({ State: 'cancelled' });
    expect(await slotLeft(formId)).toBe(1);
    expect((await bookSlot(formId)).body.Errmsg).toBe('');
    const [ledger] = await server.query<{ count: number; sum: number }>(
      sql`select count(*)::int as count, sum(l.delta)::int as sum from booking_seat_log l
            join booking_seats s on s.id = l.seat_id where s.form_id = ${formId} and s.seat = '10:00-11:00'`,
    );
    expect(ledger).toEqual({ count: 5, sum: 3 });
  });

  it('never seats more than the slot holds when buyers book at once', async () => {
    const formId = await createForm({
      Title: '并发预约',
      Slots: [{ Start: '10:00', End: '11:00', Capacity: 5 }],
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => bookSlot(formId)));
    const made = answers.filter((answer) => answer.body.Errcode === 0);
    expect(made).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.body.Errcode !== 0))
      expect(refused.body.Errmsg).toMatch(/is full/);
    const [seat] = await server.query<{ taken: number }>(
      sql`select taken from booking_seats where form_id = ${formId}`,
    );
    expect(seat!.taken).toBe(5);
    const [live] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from bookings where form_id = ${formId} and state <> 'cancelled'`,
    );
    expect(live!.count).toBe(5);
  });

  it('shares a day’s seats between its slots, at once too', async () => {
    const formId = await createForm({
      Title: '按天并发',
      CapacityMode: 'perDay',
      DayCapacity: 4,
      Slots: [
        { Start: '10:00', End: '11:00', Capacity: 0 },
        { Start: '14:00', End: '15:00', Capacity: 0 },
      ],
    });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        bookSlot(formId, index % 2 === 0 ? {} : { Start: '14:00', End: '15:00' }),
      ),
    );
    expect(answers.filter((answer) => answer.body.Errcode === 0)).toHaveLength(4);
    expect(await slotLeft(formId, '14:00')).toBe(0);
  });

  it('refuses a second booking of the same slot, bad answers and closed days, naming the field', async () => {
    const formId = await createForm({
      Title: '拒绝测试',
      StoreIds: stores.slice(0, 1),
      Weekdays: [1, 2, 3, 4, 5, 6, 7],
    });
    const twice = 'booking-twice';
    expect((await bookSlot(formId, { StoreId: stores[0] }, twice)).body.Errmsg).toBe('');
    const again = await bookSlot(formId, { StoreId: stores[0] }, twice);
    expectError(again, /booked this slot already/);
    expect(fieldOf(again)).toBe('Start');
    expect(fieldOf(await bookSlot(formId))).toBe('StoreId');
    expect(fieldOf(await bookSlot(formId, { StoreId: stores[0], Answers: { people: 5 } }))).toBe(
      'Answers.people',
    );
    expect(fieldOf(await bookSlot(formId, { StoreId: stores[0], Answers: {} }))).toBe('Answers.people');
    expect(fieldOf(await bookSlot(formId, { StoreId: stores[0], Start: '12:00', End: '13:00' }))).toBe(
      'Start',
    );
    expect(fieldOf(await bookSlot(formId, { StoreId: stores[0], Day: addDays(tomorrow(), 30) }))).toBe('Day');
    expect(fieldOf(await bookSlot(formId, { StoreId: stores[0], Day: 'tomorrow' }))).toBe('Day');
    await server.call(forms.setBookingFormStatus, { Ids: [formId], Status: 'off' }, { token: admin });
    expectError(await bookSlot(formId, { StoreId: stores[0] }), 'This form is not taking bookings now');
  });
});

describe('operators', () => {
  it('confirm and complete by the machine; illegal steps are refused naming the state', async () => {
    const formId = await createForm({ Title: '确认测试' });
    const made = await bookSlot(formId);
    const id = await bookingId(made.body.Booking.BookingNo);
    const early = await server.call(bookings.completeBookings, { Ids: [id] }, { token: admin });
    expectError(early, /cannot be completed: it is new/);
    const confirmed = await server.call(bookings.confirmBookings, { Ids: [id] }, { token: admin });
    expect(confirmed.body.Changed).toEqual([id]);
    const done = await server.call(bookings.completeBookings, { Ids: [id] }, { token: admin });
    expect(done.body.Changed).toEqual([id]);
    const info = await server.call(bookings.getBookingInfo, { id }, { token: admin });
    expect(info.body).toMatchObject({
      State: 'done',
      FormTitle: '确认测试',
      Answers: [expect.objectContaining({ FieldId: 'people', Label: '人数', Text: '2' })],
    });
    expect(info.body.Log.map((entry) => entry.Event)).toEqual(['book', 'confirm', 'complete']);
    const late = await server.call(bookings.cancelBooking, { Id: id, Reason: '太晚' }, { token: admin });
    expectError(late, /cannot be cancelled: it is done/);
    const list = await server.call(bookings.getBookingList, { state: 'done', formId }, { token: admin });
    expect(list.body.Data.map((row) => row.Id)).toEqual([id]);
    expect(list.body.Counts).toMatchObject({ done: expect.any(Number) });
    const [logged] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from audit_log where target = ${`booking:${id}`}`,
    );
    expect(logged!.count).toBe(2);
  });

  it('holds a booking with an unpaid deposit; paid, it confirms; cancelled, the deposit is refunded in full', async () => {
    const formId = await createForm({ Title: '定金测试', Price: 'deposit', DepositSkuId: depositSkuId });
    const made = await bookSlot(formId, {}, 'booking-deposit');
    expect(made.body.Booking).toMatchObject({ Deposit: 'toPay', DepositFen: 5000 });
    const order = made.body.Order!;
    const id = await bookingId(made.body.Booking.BookingNo);
    expectError(
      await server.call(bookings.confirmBookings, { Ids: [id] }, { token: admin }),
      /waits for its deposit/,
    );
    const paid = await storefront(server, key, payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: 'booking-deposit',
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    });
    expect(paid.body.Errmsg).toBe('');
    expect(
      (await server.call(bookings.confirmBookings, { Ids: [id] }, { token: admin })).body.Changed,
    ).toEqual([id]);
    const cancelled = await server.call(
      bookings.cancelBooking,
      { Id: id, Reason: '设计师请假' },
      { token: admin },
    );
    expect(cancelled.body.Booking.State).toBe('cancelled');
    const [refund] = await server.query<{ refunded_fen: number }>(
      sql`select refunded_fen::int from orders where order_no = ${order.OrderNo}`,
    );
    expect(refund!.refunded_fen).toBe(5000);
  });

  it('exports the filtered list as a spreadsheet', async () => {
    const response = await server.call(
      bookings.exportBookingList,
      { format: 'xlsx', state: 'all' },
      { token: admin },
    );
    expect(response.status).toBe(200);
    expect(response.raw.headers['content-type']).toMatch(/spreadsheet/);
    const bad = await server.call(
      bookings.getBookingList,
      { dayFrom: '2026-05-02', dayTo: '2026-05-01' },
      { token: admin },
    );
    expect(fieldOf(bad)).toBe('dayFrom');
  });
});

describe('who sees what', () => {
  it('refuses accounts without the booking menus', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    for (const [endpoint, input] of [
      [forms.getBookingCategoryList, {}],
      [forms.getBookingFormList, {}],
      [forms.getBookingFormInfo, { id: 1 }],
      [forms.bindBookingForm, formInput()],
      [bookings.getBookingList, {}],
      [bookings.getBookingInfo, { id: 1 }],
      [bookings.confirmBookings, { Ids: [1] }],
      [bookings.cancelBooking, { Id: 1, Reason: 'x' }],
    ] as const) {
      expect((await server.call(endpoint, input, { token: sub })).status).toBe(403);
    }
  });

  it('keeps another shop from this shop’s forms and bookings, and its key from booking them', async () => {
    const formId = await createForm({ Title: '本店表单' });
    const made = await bookSlot(formId);
    const id = await bookingId(made.body.Booking.BookingNo);
    const site2 = await server.login('site2');
    expectError(
      await server.call(forms.getBookingFormInfo, { id: formId }, { token: site2 }),
      /no booking form/,
    );
    expectError(
      await server.call(forms.bindBookingForm, { ...formInput(), Id: formId, Version: 1 }, { token: site2 }),
      /no booking form/,
    );
    expectError(
      await server.call(forms.deleteBookingForm, { Ids: [formId] }, { token: site2 }),
      /no booking form/,
    );
    expectError(await server.call(bookings.getBookingInfo, { id }, { token: site2 }), /no booking/);
    expectError(await server.call(bookings.confirmBookings, { Ids: [id] }, { token: site2 }), /no booking/);
    expectError(
      await server.call(bookings.cancelBooking, { Id: id, Reason: 'x' }, { token: site2 }),
      /no booking/,
    );
    const theirs = await server.call(bookings.getBookingList, { pageSize: 100 }, { token: site2 });
    expect(theirs.body.Data.some((row) => row.Id === id)).toBe(false);
    const theirKey = await storefrontKey(server, site2);
    expectError(
      await storefront(server, theirKey, bookings.book, {
        Buyer: { Id: 'other-shop', Name: '外店', Phone: '13800000089' },
        FormId: formId,
        Day: tomorrow(),
        Start: '10:00',
        End: '11:00',
        Answers: { people: 1 },
      }),
      /no booking form/,
    );
    const [row] = await server.query<{ state: string; site_id: number }>(
      sql`select state, site_id from bookings where id = ${id}`,
    );
    expect(row).toEqual({ state: 'new', site_id: MALL_SITE });
    expect(SECOND_SITE).not.toBe(MALL_SITE);
  });

  it('shows a store account its own store’s bookings only', async () => {
    const [account] = await server.query<{ id: number; store_id: number }>(
      sql`select id, store_id from accounts where user_name = 'store'`,
    );
    await server.query(
      sql`insert into grants (site_id, account_id, menu_id)
          select ${MALL_SITE}, ${account!.id}, m.id from menus m
           where m.path in (${forms.getBookingFormList.permission}, ${bookings.getBookingList.permission},
                            ${bookings.getBookingInfo.permission})
          on conflict do nothing`,
    );
    const store = await server.login('store');
    const other = stores.find((storeId) => storeId !== account!.store_id)!;
    const formId = await createForm({ Title: '门店范围', StoreIds: [account!.store_id, other] });
    const own = await bookSlot(formId, { StoreId: account!.store_id });
    const elsewhere = await bookSlot(formId, { StoreId: other });
    const ownId = await bookingId(own.body.Booking.BookingNo);
    const otherId = await bookingId(elsewhere.body.Booking.BookingNo);
    const list = await server.call(bookings.getBookingList, { formId }, { token: store });
    expect(list.body.Data.map((row) => row.Id)).toEqual([ownId]);
    expectError(await server.call(bookings.getBookingInfo, { id: otherId }, { token: store }), /no booking/);
    expectError(
      await server.call(bookings.confirmBookings, { Ids: [otherId] }, { token: store }),
      /no booking/,
    );
    expect(
      (await server.call(bookings.confirmBookings, { Ids: [ownId] }, { token: store })).body.Changed,
    ).toEqual([ownId]);
  });
});
