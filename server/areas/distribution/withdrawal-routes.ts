import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_BASE } from '../../../contract/endpoint';
import { WECHAT_TRANSFER_NOTIFY_PATH } from '../../../contract/endpoints/distribution-storefront';
import * as withdrawals from '../../../contract/endpoints/withdrawals';
import { dateBound, parseSort } from '../../../contract/list-query';
import { type WithdrawalChannel, withdrawalMachine } from '../../../contract/machines/distribution';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDateTime } from '../../../contract/shop-time';
import { stateLabelKey } from '../../../contract/state-machine';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { PaymentEnvironment } from '../../config';
import type { Database, Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import type { ExportColumn } from '../../export/xlsx';
import { defineRoute } from '../../http/route';
import { type Locale, translate } from '../../i18n/messages';
import { sendOutboxRow } from '../payment/service';
import { reconcilePayouts } from './payouts';
import { maskName, maskOpenId } from './promoter-routes';
import { operator } from './promoters';
import {
  approveWithdrawal,
  lockWithdrawal,
  markFailed,
  markPaid,
  rejectWithdrawal,
  startPayout,
  type WithdrawalContext,
} from './withdrawals';
import './messages';

/** Withdrawals (withdrawList): listed by state, approved in bulk, paid by their channel, exported. */

type ListQuery = Omit<z.infer<typeof withdrawals.getWithdrawalList.input>, 'page' | 'pageSize'>;

interface RowRecord extends Record<string, unknown> {
  id: number;
  withdrawal_no: string;
  promoter_id: number;
  member_no: string;
  nickname: string;
  mobile: string;
  amount_fen: number;
  fee_fen: number;
  payout_fen: number;
  channel: WithdrawalChannel;
  wechat_open_id: string;
  wechat_real_name: string;
  bank_name: string;
  bank_account_no: string;
  state: withdrawals.WithdrawalRow['State'];
  reason: string;
  voucher: string;
  payout_no: string;
  applied_at: Date | string;
  paid_at: Date | string | null;
  version: number;
}

const FROM = sql`withdrawals w join members m on m.id = w.member_id`;
const COLUMNS = sql`w.id, w.withdrawal_no, w.promoter_id, m.member_no, m.nickname, m.mobile, w.amount_fen, w.fee_fen,
  w.payout_fen, w.channel, w.wechat_open_id, w.wechat_real_name, w.bank_name, w.bank_account_no, w.state, w.reason,
  w.voucher, w.payout_no, w.applied_at, w.paid_at, w.version`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Where the money goes, masked: the WeChat account, or the bank and the card's last four digits. */
export function accountText(row: {
  channel: WithdrawalChannel;
  wechat_open_id: string;
  wechat_real_name: string;
  bank_name: string;
  bank_account_no: string;
}): string {
  if (row.channel === 'wechat') return `${maskName(row.wechat_real_name)} ${maskOpenId(row.wechat_open_id)}`;
  if (row.channel === 'bank') return `${row.bank_name} **** ${row.bank_account_no.slice(-4)}`;
  return '';
}

function withdrawalRow(record: RowRecord): withdrawals.WithdrawalRow {
  return {
    Id: record.id,
    WithdrawalNo: record.withdrawal_no,
    PromoterId: record.promoter_id,
    MemberNo: record.member_no,
    Nickname: record.nickname,
    Mobile: record.mobile,
    AmountFen: record.amount_fen,
    FeeFen: record.fee_fen,
    PayoutFen: record.payout_fen,
    Channel: record.channel,
    Account: accountText(record),
    State: record.state,
    Reason: record.reason,
    Voucher: record.voucher,
    PayoutNo: record.payout_no,
    AppliedAt: iso(record.applied_at)!,
    PaidAt: iso(record.paid_at),
    Version: record.version,
  };
}

function listConditions(siteId: number, input: Omit<ListQuery, 'state' | 'sort'>): SQL[] {
  const where: SQL[] = [sql`w.site_id = ${siteId}`];
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    where.push(sql`(w.withdrawal_no ilike ${pattern} or m.nickname ilike ${pattern} or m.mobile ilike ${pattern}
                    or m.member_no ilike ${pattern})`);
  }
  if (input.channel) where.push(sql`w.channel = ${input.channel}`);
  if (input.appliedFrom)
    where.push(sql`w.applied_at >= ${dateBound(input.appliedFrom, false).toISOString()}::timestamptz`);
  if (input.appliedTo)
    where.push(sql`w.applied_at < ${dateBound(input.appliedTo, true).toISOString()}::timestamptz`);
  return where;
}

async function readRows(db: Executor, siteId: number, input: ListQuery, offset: number, limit: number) {
  const where = listConditions(siteId, input);
  if (input.state !== 'all') where.push(sql`w.state = ${input.state}`);
  const direction = sql.raw(parseSort(input.sort).descending ? 'desc' : 'asc');
  const rows = await queryRows<RowRecord>(
    db,
    sql`select ${COLUMNS} from ${FROM} where ${sql.join(where, sql` and `)}
         order by w.applied_at ${direction}, w.id ${direction} limit ${limit} offset ${offset}`,
  );
  return rows.map(withdrawalRow);
}

function exportColumns(locale: Locale): ExportColumn<withdrawals.WithdrawalRow>[] {
  const say = (key: string) => translate(locale, key);
  const money = { width: 14, numberFormat: '0.00' };
  return [
    { header: say('distribution.export.withdrawalNo'), width: 20, value: (row) => row.WithdrawalNo },
    {
      header: say('distribution.export.appliedAt'),
      width: 20,
      value: (row) => shopDateTime(new Date(row.AppliedAt)),
    },
    { header: say('distribution.export.memberNo'), width: 14, value: (row) => row.MemberNo },
    { header: say('distribution.export.nickname'), width: 16, value: (row) => row.Nickname },
    { header: say('distribution.export.amount'), ...money, value: (row) => row.AmountFen / 100 },
    { header: say('distribution.export.fee'), ...money, value: (row) => row.FeeFen / 100 },
    { header: say('distribution.export.payout'), ...money, value: (row) => row.PayoutFen / 100 },
    {
      header: say('distribution.export.channel'),
      width: 12,
      value: (row) => say(`distribution.channel.${row.Channel}`),
    },
    { header: say('distribution.export.account'), width: 24, value: (row) => row.Account },
    {
      header: say('distribution.export.state'),
      width: 10,
      value: (row) => say(stateLabelKey(withdrawalMachine, row.State)),
    },
    { header: say('distribution.export.reason'), width: 24, value: (row) => row.Reason },
    {
      header: say('distribution.export.paidAt'),
      width: 20,
      value: (row) => (row.PaidAt ? shopDateTime(new Date(row.PaidAt)) : ''),
    },
  ];
}

function context(tx: Executor, session: Session, locale: Locale): WithdrawalContext {
  return { tx, siteId: session.siteId, actor: operator(session), locale, now: new Date() };
}

/** Where WeChat Pay notifies the outcome of this shop's transfers. */
export function transferNotifyUrl(
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
  siteId: number,
): string {
  return `${request.protocol}://${request.host}${API_BASE}${WECHAT_TRANSFER_NOTIFY_PATH}?site=${siteId}`;
}

/**
 * After the transaction that queued payouts commits: sends each now (the operator is waiting) and
 * applies what the provider answered. A payout that cannot be sent now is left to the sweep.
 */
async function sendQueued(
  db: Database,
  siteId: number,
  queued: readonly { id: number; key: string }[],
  environment: PaymentEnvironment,
): Promise<void> {
  if (queued.length === 0) return;
  const now = new Date();
  for (const { key } of queued) await sendOutboxRow(db, key, now, environment);
  await reconcilePayouts(db, now, environment, { siteId, ids: queued.map((entry) => entry.id) });
}

const target = (id: number) => `withdrawal:${id}`;

export const withdrawalRoutes = [
  defineRoute(withdrawals.getWithdrawalList, async ({ db, session, input }) => {
    const where = sql.join(listConditions(session.siteId, input), sql` and `);
    const counted = withdrawals.WITHDRAWAL_TABS.filter((tab) => tab !== 'all').map(
      (tab) => sql`(count(*) filter (where w.state = ${tab}))::int as ${sql.identifier(tab)}`,
    );
    const [rows, [counts]] = await Promise.all([
      readRows(db, session.siteId, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<Record<(typeof withdrawals.WITHDRAWAL_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all", ${sql.join(counted, sql`, `)} from ${FROM} where ${where}`,
      ),
    ]);
    return { Data: rows, Total: counts![input.state], Counts: counts! };
  }),

  defineRoute(withdrawals.exportWithdrawalList, async ({ db, session, input, locale, reply }) => {
    sendExport(reply, {
      format: input.format,
      fileName: translate(locale, 'distribution.export.withdrawals'),
      asciiName: 'withdrawals',
      sheetName: translate(locale, 'distribution.export.withdrawals'),
      columns: exportColumns(locale),
      batches: pagedBatches(
        (offset, limit) => readRows(db, session.siteId, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(withdrawals.approveWithdrawals, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      let changed = 0;
      for (const id of [...input.Ids].sort((a, b) => a - b)) {
        const withdrawal = await lockWithdrawal(tx, session.siteId, { id }, 'Ids');
        if (withdrawal.state === 'approved') continue;
        await approveWithdrawal(context(tx, session, locale), withdrawal);
        changed += 1;
      }
      await audit(tx, session, 'distribution.withdrawal.approve', `withdrawals:${input.Ids.join(',')}`, {
        changed,
      });
      return { Changed: changed };
    }),
  ),

  defineRoute(withdrawals.payWithdrawals, async ({ db, session, input, locale, request, config }) => {
    const { keys: queued, changed } = await db.transaction(async (tx) => {
      const keys: { id: number; key: string }[] = [];
      let count = 0;
      for (const id of [...input.Ids].sort((a, b) => a - b)) {
        const withdrawal = await lockWithdrawal(tx, session.siteId, { id }, 'Ids');
        if (withdrawal.state === 'paying' || withdrawal.state === 'paid') continue;
        count += 1;
        const started = await startPayout(
          context(tx, session, locale),
          withdrawal,
          'pay',
          transferNotifyUrl(request, session.siteId),
        );
        if (started.transferKey) keys.push({ id, key: started.transferKey });
        await audit(tx, session, 'distribution.withdrawal.pay', target(id), {
          withdrawalNo: withdrawal.withdrawalNo,
          channel: withdrawal.channel,
          payoutFen: withdrawal.payoutFen,
        });
      }
      return { keys, changed: count };
    });
    await sendQueued(db, session.siteId, queued, config.payment);
    return { Changed: changed };
  }),

  defineRoute(withdrawals.retryWithdrawal, async ({ db, session, input, locale, request, config }) => {
    const queued = await db.transaction(async (tx) => {
      const withdrawal = await lockWithdrawal(tx, session.siteId, { id: input.Id });
      const started = await startPayout(
        context(tx, session, locale),
        withdrawal,
        'retry',
        transferNotifyUrl(request, session.siteId),
      );
      await audit(tx, session, 'distribution.withdrawal.retry', target(input.Id), {
        withdrawalNo: withdrawal.withdrawalNo,
        channel: withdrawal.channel,
      });
      return started.transferKey ? [{ id: input.Id, key: started.transferKey }] : [];
    });
    await sendQueued(db, session.siteId, queued, config.payment);
    return {};
  }),

  defineRoute(withdrawals.rejectWithdrawal, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const withdrawal = await lockWithdrawal(tx, session.siteId, { id: input.Id });
      await rejectWithdrawal(context(tx, session, locale), withdrawal, input.Reason);
      await audit(tx, session, 'distribution.withdrawal.reject', target(input.Id), {
        withdrawalNo: withdrawal.withdrawalNo,
        reason: input.Reason,
      });
      return {};
    }),
  ),

  defineRoute(withdrawals.markWithdrawalPaid, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const withdrawal = await lockWithdrawal(tx, session.siteId, { id: input.Id });
      await markPaid(context(tx, session, locale), withdrawal, input.Voucher);
      await audit(tx, session, 'distribution.withdrawal.markPaid', target(input.Id), {
        withdrawalNo: withdrawal.withdrawalNo,
        voucher: input.Voucher,
      });
      return {};
    }),
  ),

  defineRoute(withdrawals.markWithdrawalFailed, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const withdrawal = await lockWithdrawal(tx, session.siteId, { id: input.Id });
      await markFailed(context(tx, session, locale), withdrawal, input.Reason);
      await audit(tx, session, 'distribution.withdrawal.markFailed', target(input.Id), {
        withdrawalNo: withdrawal.withdrawalNo,
        reason: input.Reason,
      });
      return {};
    }),
  ),
];
