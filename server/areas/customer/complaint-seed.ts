import { sql } from 'drizzle-orm';
import type { FileComplaintInput } from '../../../contract/endpoints/complaints';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import {
  assignComplaintTo,
  type ComplaintOperator,
  closeComplaintsOf,
  fileComplaintFor,
  replyToComplaint,
} from './complaint-routes';

const HOUR = 60 * 60 * 1000;

type Step = 'assign' | 'reply' | 'close';

interface DemoComplaint {
  input: Omit<FileComplaintInput, 'StoreId'> & { atStore?: boolean };
  hoursAgo: number;
  steps: Step[];
  reply?: string;
}

const MALL: DemoComplaint[] = [
  {
    input: {
      BuyerId: 'demo-buyer-001',
      Kind: 'complaint',
      Subject: 'shop',
      OrderNo: '',
      Content: '快递太慢了，下单三天还没发货',
      Images: [],
      Contact: '13800000001',
    },
    hoursAgo: 3,
    steps: [],
  },
  {
    input: {
      BuyerId: 'demo-buyer-002',
      Kind: 'suggestion',
      Subject: 'shop',
      OrderNo: '',
      Content: '希望增加夜间配送时段',
      Images: [],
      Contact: '',
    },
    hoursAgo: 20,
    steps: [],
  },
  {
    input: {
      BuyerId: 'demo-buyer-003',
      Kind: 'complaint',
      Subject: 'store',
      atStore: true,
      OrderNo: '',
      Content: '门店店员态度不好，排队很久',
      Images: ['/uploads/demo/complaint-queue.jpg'],
      Contact: '王女士 13800000003',
    },
    hoursAgo: 30,
    steps: ['assign'],
  },
  {
    input: {
      BuyerId: 'demo-buyer-004',
      Kind: 'complaint',
      Subject: 'shop',
      OrderNo: '',
      Content: '收到的商品包装破损',
      Images: ['/uploads/demo/complaint-box-1.jpg', '/uploads/demo/complaint-box-2.jpg'],
      Contact: '13800000004',
    },
    hoursAgo: 50,
    steps: ['assign', 'reply'],
    reply: '非常抱歉，已为您补发新品，请留意物流信息。',
  },
  {
    input: {
      BuyerId: 'demo-buyer-005',
      Kind: 'suggestion',
      Subject: 'store',
      atStore: true,
      OrderNo: '',
      Content: '建议门店增加自助取货柜',
      Images: [],
      Contact: '',
    },
    hoursAgo: 80,
    steps: ['reply'],
    reply: '感谢建议，我们正在评估自助取货柜方案。',
  },
  {
    input: {
      BuyerId: 'demo-buyer-006',
      Kind: 'complaint',
      Subject: 'shop',
      OrderNo: '',
      Content: '优惠券无法使用',
      Images: [],
      Contact: '13800000006',
    },
    hoursAgo: 120,
    steps: ['assign', 'reply', 'close'],
    reply: '优惠券已补发到您的账户。',
  },
  {
    input: {
      BuyerId: 'demo-member-001',
      Kind: 'suggestion',
      Subject: 'shop',
      OrderNo: '',
      Content: '重复提交，请忽略',
      Images: [],
      Contact: '',
    },
    hoursAgo: 150,
    steps: ['close'],
  },
];

const SECOND: DemoComplaint[] = [
  {
    input: {
      BuyerId: 'site2-member-001',
      Kind: 'suggestion',
      Subject: 'shop',
      OrderNo: '',
      Content: '官网希望提供英文版',
      Images: [],
      Contact: '',
    },
    hoursAgo: 10,
    steps: [],
  },
  {
    input: {
      BuyerId: 'site2-member-002',
      Kind: 'complaint',
      Subject: 'shop',
      OrderNo: '',
      Content: '留言一直没人回复',
      Images: [],
      Contact: '13700000002',
    },
    hoursAgo: 40,
    steps: ['reply'],
    reply: '抱歉久等，客服已电话联系您。',
  },
];

async function seedSite(db: Database, siteId: number, list: DemoComplaint[]) {
  const [owner] = await queryRows<{ id: number; user_name: string }>(
    db,
    sql`select id, user_name from accounts where site_id = ${siteId} and kind = 'main' order by id limit 1`,
  );
  const [helper] = await queryRows<{ id: number }>(
    db,
    sql`select id from accounts where site_id = ${siteId} and kind in ('main', 'sub') order by kind desc, id limit 1`,
  );
  const [store] = await queryRows<{ id: number }>(
    db,
    sql`select id from stores where site_id = ${siteId} and not deleted order by id limit 1`,
  );
  const operator: ComplaintOperator = { siteId, accountId: owner!.id, userName: owner!.user_name, ip: '' };
  const now = Date.now();
  for (const demo of list) {
    const { atStore, ...input } = demo.input;
    const filing: FileComplaintInput =
      atStore && store
        ? { ...input, StoreId: store.id }
        : { ...input, Subject: input.Subject === 'store' ? 'shop' : input.Subject };
    await db.transaction(async (tx) => {
      const id = await fileComplaintFor(tx, siteId, filing, new Date(now - demo.hoursAgo * HOUR));
      for (const step of demo.steps) {
        if (step === 'assign') await assignComplaintTo(tx, operator, id, helper!.id);
        if (step === 'reply') await replyToComplaint(tx, operator, id, demo.reply!);
        if (step === 'close') await closeComplaintsOf(tx, operator, [id]);
      }
    });
  }
}

/** Complaints and suggestions in every state, in both demo shops. */
export async function seedComplaints(db: Database, demo: { mallSiteId: number; secondSiteId: number }) {
  await seedSite(db, demo.mallSiteId, MALL);
  await seedSite(db, demo.secondSiteId, SECOND);
}
