import type {
  ActivityProductRow,
  BookingFormRow,
  CouponRow,
  CourseRow,
  DataSource,
  LiveRoomRow,
  LotteryRow,
  NewsRow,
  NoticeRow,
  PointsProductRow,
  ProductRow,
  RoomRow,
  ServiceRow,
  StoreRow,
  VoteRow,
} from './data-rows';

/**
 * Made-up rows the studio's canvas draws in a data block that has none yet, so the designer sees the
 * layout (cards, columns, prices) before choosing goods. Only the canvas asks for them and marks them
 * as samples; they are never props, so nothing of them is saved or published.
 */

type Translate = (id: string, values?: Record<string, string | number>) => string;

const SAMPLE_COUNT = 3;
const HOUR = 3_600_000;
const numbers = Array.from({ length: SAMPLE_COUNT }, (_, index) => index + 1);

function products(t: Translate): ProductRow[] {
  return numbers.map((n) => ({
    id: -n,
    name: t('sample.product', { n }),
    image: '',
    price: 9900 * n,
    originalPrice: 12_900 * n,
    sellingPoint: t('sample.sellingPoint'),
    sales: 100 * n,
  }));
}

function offers(t: Translate, now: number): ActivityProductRow[] {
  return products(t).map((row, index) => ({
    ...row,
    name: t('sample.offer', { n: index + 1 }),
    startsAt: new Date(now - HOUR).toISOString(),
    endsAt: new Date(now + (index + 2) * HOUR).toISOString(),
    stock: 50,
    soldPercent: 30 * (index + 1),
    groupSize: 2,
    joined: index + 1,
  }));
}

const SAMPLES: Record<DataSource, (t: Translate, now: number) => readonly unknown[]> = {
  products,
  coupons: (t) =>
    numbers.map(
      (n): CouponRow => ({
        id: -n,
        name: t('sample.coupon', { n }),
        type: n === 2 ? 'discount' : 'amount',
        value: n === 2 ? 85 : 1000 * n,
        threshold: n === 1 ? 0 : 9900,
        validText: t('sample.validText'),
      }),
    ),
  seckill: offers,
  groupBuy: offers,
  bargain: offers,
  pointsProducts: (t) =>
    numbers.map(
      (n): PointsProductRow => ({
        id: -n,
        name: t('sample.points', { n }),
        image: '',
        points: 500 * n,
        price: 0,
      }),
    ),
  news: (t, now) =>
    numbers.map(
      (n): NewsRow => ({
        id: -n,
        title: t('sample.news', { n }),
        image: '',
        summary: t('sample.summary'),
        publishedAt: new Date(now).toISOString(),
        views: 120 * n,
      }),
    ),
  stores: (t) =>
    numbers.map(
      (n): StoreRow => ({
        id: -n,
        name: t('sample.store', { n }),
        image: '',
        address: t('sample.address', { n }),
        tel: '',
        hours: t('sample.hours'),
      }),
    ),
  courses: (t) =>
    numbers.map(
      (n): CourseRow => ({
        id: -n,
        title: t('sample.course', { n }),
        image: '',
        price: 19_900 * n,
        lessons: 10 * n,
        students: 200 * n,
        teacher: t('sample.teacher'),
      }),
    ),
  rooms: (t) =>
    numbers.map(
      (n): RoomRow => ({
        id: -n,
        name: t('sample.room', { n }),
        image: '',
        price: 39_900 * n,
        area: t('sample.area', { area: 20 + 10 * n }),
        bed: t('sample.bed'),
        tags: [],
      }),
    ),
  services: (t) => services(t),
  technicians: (t) => services(t),
  // A video has no sample: the block draws its poster until the link resolves.
  video: () => [],
  liveRooms: (t, now) =>
    numbers.map(
      (n): LiveRoomRow => ({
        id: -n,
        name: t('sample.liveRoom', { n }),
        cover: '',
        anchor: t('sample.anchor'),
        status: n === 1 ? 'live' : 'upcoming',
        startsAt: new Date(now + (n - 1) * HOUR).toISOString(),
      }),
    ),
  votes: (t, now) =>
    numbers.map(
      (n): VoteRow => ({
        id: -n,
        title: t('sample.vote', { n }),
        image: '',
        options: [1, 2].map((option) => ({
          text: t('sample.voteOption', { n: option }),
          votes: 10 * option,
        })),
        endsAt: new Date(now + 24 * HOUR).toISOString(),
      }),
    ),
  lotteries: (t, now) =>
    numbers.map(
      (n): LotteryRow => ({
        id: -n,
        title: t('sample.lottery', { n }),
        image: '',
        summary: t('sample.lotterySummary'),
        state: 'running',
        entryMode: n === 2 ? 'points' : 'free',
        pointsCost: n === 2 ? 100 : 0,
        startsAt: new Date(now - HOUR).toISOString(),
        endsAt: new Date(now + 24 * n * HOUR).toISOString(),
      }),
    ),
  bookingForms: (t) =>
    numbers.map(
      (n): BookingFormRow => ({
        id: -n,
        title: t('sample.bookingForm', { n }),
        image: '',
        summary: t('sample.bookingSummary'),
        state: 'running',
        price: 'free',
      }),
    ),
  notices: (t) =>
    numbers.map(
      (n): NoticeRow => ({ id: -n, title: t('sample.notice', { n }), content: '', mode: 'scroll' }),
    ),
};

function services(t: Translate): ServiceRow[] {
  return numbers.map((n) => ({
    id: -n,
    name: t('sample.service', { n }),
    image: '',
    price: 9900 * n,
    minutes: 30 * n,
    rating: 5,
    subtitle: t('sample.serviceSubtitle'),
  }));
}

export function sampleRows(source: DataSource, t: Translate, now: number): readonly unknown[] {
  return SAMPLES[source](t, now);
}
