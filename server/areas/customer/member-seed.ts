import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signInMember } from './members';

const DAY = 24 * 60 * 60 * 1000;

interface DemoMember {
  openId: string;
  nickname: string;
  mobile: string;
  gender: 'unknown' | 'male' | 'female';
  daysAgo: number;
  tags: string[];
  remark?: string;
  /** Index of the inviter among the same site's demo members. */
  invitedBy?: number;
  disabled?: boolean;
}

/**
 * The mall's first demo buyers sign up before the order seed places their orders, so the members
 * list shows tagged members with real spending and their inviters; buyers named `demo-member-…` never order (a
 * disabled member could not), so the disabled ones stay apart from the order seed.
 */
const MALL: DemoMember[] = [
  {
    openId: 'demo-buyer-001',
    nickname: '张三',
    mobile: '13800000001',
    gender: 'male',
    daysAgo: 88,
    tags: ['VIP', '老客户'],
    remark: '常买咖啡豆，偏好顺丰',
  },
  {
    openId: 'demo-buyer-002',
    nickname: '李四',
    mobile: '13800000002',
    gender: 'female',
    daysAgo: 75,
    tags: ['VIP'],
    invitedBy: 0,
  },
  {
    openId: 'demo-buyer-003',
    nickname: '王芳',
    mobile: '13800000003',
    gender: 'female',
    daysAgo: 60,
    tags: ['团购'],
    invitedBy: 0,
  },
  {
    openId: 'demo-buyer-004',
    nickname: '赵磊',
    mobile: '13800000004',
    gender: 'male',
    daysAgo: 45,
    tags: ['老客户', '企业采购'],
    remark: '开专票，抬头见订单',
  },
  {
    openId: 'demo-buyer-005',
    nickname: '陈静',
    mobile: '13800000005',
    gender: 'female',
    daysAgo: 30,
    tags: [],
    invitedBy: 1,
  },
  {
    openId: 'demo-buyer-006',
    nickname: '刘洋',
    mobile: '13800000006',
    gender: 'unknown',
    daysAgo: 20,
    tags: ['新客'],
  },
  {
    openId: 'demo-member-001',
    nickname: '周敏',
    mobile: '13900000011',
    gender: 'female',
    daysAgo: 12,
    tags: ['新客'],
  },
  {
    openId: 'demo-member-002',
    nickname: '吴刚',
    mobile: '13900000012',
    gender: 'male',
    daysAgo: 9,
    tags: ['羊毛党'],
    remark: '多次恶意退款，已停用',
    disabled: true,
  },
  {
    openId: 'demo-member-003',
    nickname: '郑丽',
    mobile: '',
    gender: 'female',
    daysAgo: 5,
    tags: [],
    invitedBy: 3,
  },
  {
    openId: 'demo-member-004',
    nickname: '孙强',
    mobile: '13900000014',
    gender: 'male',
    daysAgo: 2,
    tags: ['测试账号'],
    remark: '内部测试用',
    disabled: true,
  },
];

const SECOND: DemoMember[] = [
  {
    openId: 'site2-member-001',
    nickname: '官网访客甲',
    mobile: '13700000001',
    gender: 'male',
    daysAgo: 40,
    tags: ['咨询客户'],
    remark: '关注企业定制',
  },
  {
    openId: 'site2-member-002',
    nickname: '官网访客乙',
    mobile: '13700000002',
    gender: 'female',
    daysAgo: 15,
    tags: ['咨询客户', 'VIP'],
    invitedBy: 0,
  },
  {
    openId: 'site2-member-003',
    nickname: '官网访客丙',
    mobile: '',
    gender: 'unknown',
    daysAgo: 3,
    tags: [],
    disabled: true,
  },
  {
    openId: 'site2-member-004',
    nickname: '郑凯',
    mobile: '13700000004',
    gender: 'male',
    daysAgo: 25,
    tags: ['企业客户'],
    remark: '年度框架采购',
  },
  {
    openId: 'site2-member-005',
    nickname: '王芳',
    mobile: '',
    gender: 'female',
    daysAgo: 20,
    tags: [],
    invitedBy: 3,
  },
];

async function seedSite(db: Database, siteId: number, list: DemoMember[], now: number) {
  const memberNos: string[] = [];
  for (const demo of list) {
    const inviter = demo.invitedBy === undefined ? undefined : memberNos[demo.invitedBy];
    const { Member } = await db.transaction((tx) =>
      signInMember(
        tx,
        siteId,
        {
          OpenId: demo.openId,
          Source: demo.openId.endsWith('3') ? 'h5' : 'miniProgram',
          Nickname: demo.nickname,
          Avatar: '',
          Mobile: demo.mobile,
          Gender: demo.gender,
          InviterMemberNo: inviter,
        },
        new Date(now - demo.daysAgo * DAY),
      ),
    );
    memberNos.push(Member.MemberNo);
    const tags =
      demo.tags.length === 0
        ? sql`'{}'::text[]`
        : sql`array[${sql.join(
            demo.tags.map((tag) => sql`${tag}`),
            sql`, `,
          )}]::text[]`;
    await db.execute(
      sql`update members set tags = ${tags}, remark = ${demo.remark ?? ''},
                 status = ${demo.disabled ? 'disabled' : 'active'}
           where site_id = ${siteId} and open_id = ${demo.openId}`,
    );
  }
}

/** Demo members of both shops: tags, remarks, inviters and a few disabled. */
export async function seedMembers(db: Database, demo: { mallSiteId: number; secondSiteId: number }) {
  const now = Date.now();
  await seedSite(db, demo.mallSiteId, MALL, now);
  await seedSite(db, demo.secondSiteId, SECOND, now);
}
