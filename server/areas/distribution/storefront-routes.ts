import { sql } from 'drizzle-orm';
import * as shop from '../../../contract/endpoints/distribution-storefront';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { translate } from '../../i18n/messages';
import { sitePaymentAdapter } from '../payment/service';
import { storefrontSite } from '../storefront/service';
import { promoterInvite } from './invite';
import { maskName, maskOpenId, readPromoter } from './promoter-routes';
import { applyToPromote, bindWechatAccount, buyerMember, promoterOfMember } from './promoters';
import { readDistributionSetting } from './settings';
import { accountText } from './withdrawal-routes';
import { applyForWithdrawal, applyPayoutAnswer, lockWithdrawal } from './withdrawals';
import './messages';

/** The promoter's side of distribution, under /storefront/ with the shop's key (DESIGN §11). */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The caller's promoter row; a buyer who does not promote is refused on `field`. */
async function callerPromoter(db: Executor, siteId: number, buyerId: string, field: string) {
  const member = await buyerMember(db, siteId, buyerId, field);
  const promoter = await promoterOfMember(db, siteId, member.id);
  if (!promoter) throw new AppError('distribution.notPromoter', {}, { field });
  return { member, promoter };
}

function applicationView(row: {
  state: shop.StorefrontApplication['State'];
  reason: string;
  applied_at: Date | string;
}) {
  return { State: row.state, Reason: row.reason, AppliedAt: iso(row.applied_at)! };
}

const buyer = () => ({ kind: 'buyer' as const, accountId: null, name: '' });

interface WithdrawalRecord extends Record<string, unknown> {
  withdrawal_no: string;
  amount_fen: number;
  fee_fen: number;
  payout_fen: number;
  channel: 'balance' | 'wechat' | 'bank';
  wechat_open_id: string;
  wechat_real_name: string;
  bank_name: string;
  bank_account_no: string;
  state: shop.StorefrontWithdrawal['State'];
  reason: string;
  applied_at: Date | string;
  paid_at: Date | string | null;
}

function withdrawalView(row: WithdrawalRecord): shop.StorefrontWithdrawal {
  return {
    WithdrawalNo: row.withdrawal_no,
    AmountFen: row.amount_fen,
    FeeFen: row.fee_fen,
    PayoutFen: row.payout_fen,
    Channel: row.channel,
    Account: accountText(row),
    State: row.state,
    Reason: row.reason,
    AppliedAt: iso(row.applied_at)!,
    PaidAt: iso(row.paid_at),
  };
}

const WITHDRAWAL_COLUMNS = sql`withdrawal_no, amount_fen, fee_fen, payout_fen, channel, wechat_open_id, wechat_real_name,
  bank_name, bank_account_no, state, reason, applied_at, paid_at`;

export const storefrontDistributionRoutes = [
  defineRoute(shop.getPromoterAccount, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const { setting } = await readDistributionSetting(db, siteId);
    const member = await buyerMember(db, siteId, input.buyerId, 'buyerId');
    const own = await promoterOfMember(db, siteId, member.id);
    const promoter = own ? await readPromoter(db, siteId, own.id, 'buyerId') : null;
    const [application] = own
      ? []
      : await queryRows<{ state: shop.StorefrontApplication['State']; reason: string; applied_at: Date }>(
          db,
          sql`select state, reason, applied_at from promoter_applications
               where site_id = ${siteId} and member_id = ${member.id} order by id desc limit 1`,
        );
    const [wechat] = own
      ? await queryRows<{ open_id: string; real_name: string }>(
          db,
          sql`select open_id, real_name from promoter_wechat_accounts
               where site_id = ${siteId} and promoter_id = ${own.id} and state = 'bound'`,
        )
      : [];
    return {
      Enabled: setting.Enabled,
      Promoter:
        promoter && own
          ? {
              MemberNo: promoter.MemberNo,
              Status: promoter.Status,
              GradeName: promoter.GradeName,
              ParentName: promoter.ParentName,
              TeamSize: promoter.TeamSize,
              PendingFen: promoter.PendingFen,
              EarnedFen: promoter.EarnedFen,
              WithdrawableFen: promoter.WithdrawableFen,
              FrozenFen: promoter.FrozenFen,
              WithdrawnFen: own.withdrawn_fen,
              JoinedAt: promoter.JoinedAt,
            }
          : null,
      Application: application ? applicationView(application) : null,
      Wechat: wechat ? { OpenId: maskOpenId(wechat.open_id), RealName: maskName(wechat.real_name) } : null,
      Rules: {
        Joining: setting.Joining,
        JoinSpendingFen: setting.JoinSpendingFen,
        WithdrawMinFen: setting.WithdrawMinFen,
        WithdrawFeeRate: setting.WithdrawFeeRate,
        WithdrawChannels: setting.WithdrawChannels,
        DailyLimitFen: setting.DailyLimitFen,
      },
    };
  }),

  defineRoute(shop.applyPromoter, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const application = await db.transaction((tx) => applyToPromote(tx, siteId, input.BuyerId, new Date()));
    return { Application: applicationView(application) };
  }),

  defineRoute(shop.getMyTeam, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const { promoter } = await callerPromoter(db, siteId, input.buyerId, 'buyerId');
    const levelMembers = (level: '1' | '2') =>
      level === '1'
        ? sql`select t.* from members t where t.site_id = ${siteId} and t.inviter_id = ${promoter.member_id}`
        : sql`select t.* from members t join promoters c on c.member_id = t.inviter_id
               where c.parent_id = ${promoter.id} and t.site_id = ${siteId}`;
    const [rows, [counts]] = await Promise.all([
      queryRows<{
        nickname: string;
        avatar: string;
        is_promoter: boolean;
        registered_at: Date;
        orders: number;
        commission_fen: string | number;
      }>(
        db,
        sql`select t.nickname, t.avatar, exists (select 1 from promoters x where x.member_id = t.id) as is_promoter,
                   t.registered_at,
                   (select count(distinct c.order_id)::int from commissions c
                     where c.promoter_id = ${promoter.id} and c.buyer_member_id = t.id) as orders,
                   (select coalesce(sum(c.amount_fen - c.void_fen), 0) from commissions c
                     where c.promoter_id = ${promoter.id} and c.buyer_member_id = t.id) as commission_fen
              from (${levelMembers(input.level)}) t order by t.registered_at desc, t.id desc
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ '1': number; '2': number }>(
        db,
        sql`select (select count(*)::int from (${levelMembers('1')}) a) as "1",
                   (select count(*)::int from (${levelMembers('2')}) b) as "2"`,
      ),
    ]);
    return {
      Data: rows.map((row) => ({
        Nickname: maskName(row.nickname),
        Avatar: row.avatar,
        IsPromoter: row.is_promoter,
        RegisteredAt: iso(row.registered_at)!,
        Orders: row.orders,
        CommissionFen: Number(row.commission_fen),
      })),
      Total: counts![input.level],
      Counts: counts!,
    };
  }),

  defineRoute(shop.getMyCommission, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const { promoter } = await callerPromoter(db, siteId, input.buyerId, 'buyerId');
    const where = sql`c.promoter_id = ${promoter.id} ${input.state === 'all' ? sql`` : sql`and c.state = ${input.state}`}`;
    const [rows, [count]] = await Promise.all([
      queryRows<{
        order_no: string;
        name: string;
        level: 1 | 2;
        buyer_name: string;
        amount_fen: number;
        void_fen: number;
        state: 'pending' | 'settled' | 'void';
        created_at: Date;
        settled_at: Date | null;
      }>(
        db,
        sql`select c.order_no, l.name, c.level, coalesce(nullif(b.nickname, ''), b.member_no) as buyer_name,
                   c.amount_fen, c.void_fen, c.state, c.created_at, c.settled_at
              from commissions c join order_lines l on l.id = c.line_id join members b on b.id = c.buyer_member_id
             where ${where} order by c.created_at desc, c.id desc
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ total: number }>(db, sql`select count(*)::int as total from commissions c where ${where}`),
    ]);
    return {
      Data: rows.map((row) => ({
        OrderNo: row.order_no,
        LineName: row.name,
        Level: row.level,
        BuyerName: maskName(row.buyer_name),
        AmountFen: row.amount_fen,
        VoidFen: row.void_fen,
        State: row.state,
        CreatedAt: iso(row.created_at)!,
        SettledAt: iso(row.settled_at),
      })),
      Total: count?.total ?? 0,
    };
  }),

  defineRoute(shop.getPromoterInvite, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const { member } = await callerPromoter(db, siteId, input.buyerId, 'buyerId');
    return promoterInvite(siteId, member.member_no, request);
  }),

  defineRoute(shop.bindPromoterWechat, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    await db.transaction((tx) => bindWechatAccount(tx, siteId, input, new Date()));
    return { OpenId: maskOpenId(input.OpenId), RealName: maskName(input.RealName) };
  }),

  defineRoute(shop.applyWithdrawal, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const withdrawal = await db.transaction(async (tx) => {
      const applied = await applyForWithdrawal(
        { tx, siteId, actor: buyer(), locale, now: new Date() },
        input,
      );
      const [row] = await queryRows<WithdrawalRecord>(
        tx,
        sql`select ${WITHDRAWAL_COLUMNS} from withdrawals where id = ${applied.id}`,
      );
      return row!;
    });
    return { Withdrawal: withdrawalView(withdrawal) };
  }),

  defineRoute(shop.getMyWithdrawals, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const { promoter } = await callerPromoter(db, siteId, input.buyerId, 'buyerId');
    const [rows, [count]] = await Promise.all([
      queryRows<WithdrawalRecord>(
        db,
        sql`select ${WITHDRAWAL_COLUMNS} from withdrawals where promoter_id = ${promoter.id}
             order by applied_at desc, id desc limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from withdrawals where promoter_id = ${promoter.id}`,
      ),
    ]);
    return { Data: rows.map(withdrawalView), Total: count?.total ?? 0 };
  }),

  /**
   * WeChat Pay's notification that a transfer batch finished or closed. It acts only when the
   * platform certificate signed these exact bytes and the API v3 key opens the resource, and only
   * on a withdrawal still paying under that batch number: the same notification again (WeChat Pay
   * repeats until answered) changes nothing and is answered as success.
   */
  defineRoute(shop.wechatTransferNotify, async ({ db, request, reply, config, locale }) => {
    const fail = (status: number, message: string) => {
      reply.code(status).send({ code: 'FAIL', message });
      return undefined;
    };
    const siteId = Number((request.query as Record<string, unknown>).site);
    if (!Number.isInteger(siteId) || siteId <= 0)
      return fail(404, translate(locale, 'distribution.notifySite'));
    const adapter = await sitePaymentAdapter(db, siteId, config.payment);
    if (adapter.provider !== 'wechat') return fail(404, translate(locale, 'distribution.notifySite'));
    const now = new Date();
    let notice: ReturnType<typeof adapter.readTransferNotification>;
    try {
      notice = adapter.readTransferNotification({ headers: request.headers, rawBody: request.rawBody, now });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      request.log.warn({ siteId, reason }, 'WeChat Pay transfer notification refused');
      return fail(401, translate(locale, 'distribution.notifyRefused', { reason }));
    }
    await db.transaction(async (tx) => {
      const [known] = await queryRows<{ id: number }>(
        tx,
        sql`select id from withdrawals where site_id = ${siteId} and out_batch_no = ${notice.outBatchNo}`,
      );
      // A batch this shop never sent: nothing to do, and nothing WeChat Pay should send again.
      if (!known) return;
      const withdrawal = await lockWithdrawal(tx, siteId, { id: known.id });
      await applyPayoutAnswer(
        { tx, siteId, actor: { kind: 'system', accountId: null, name: '' }, locale, now },
        withdrawal,
        notice,
      );
    });
    return {};
  }),
];
