import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { extendMessages, translate } from '../../i18n/messages';
import { enqueueSceneMessage } from '../wechat-messages/service';

/**
 * The buyers' subscribe messages of a group-buy team's and a bargain launch's result, enqueued in
 * the transaction that ended them. Each is keyed by its team (or launch) and buyer, so a second
 * call for the same end (a sweep and an operator, a replay) enqueues nothing new. Buyers read the
 * messages in Chinese.
 */

extendMessages({
  en: {
    'deals.groupResult.success': 'Group formed',
    'deals.groupResult.failed': 'Group not formed; the payment is refunded',
    'deals.bargainResult.success': 'Floor price reached',
    'deals.bargainResult.failed': 'Time ran out before the floor price',
  },
  zh: {
    'deals.groupResult.success': '拼团成功',
    'deals.groupResult.failed': '拼团失败，款项将原路退回',
    'deals.bargainResult.success': '砍价成功',
    'deals.bargainResult.failed': '砍价超时未成功',
  },
});

function yuan(fen: number): string {
  return `${(fen / 100).toFixed(2)}元`;
}

/** Every member still in an ended team hears whether it succeeded (the paid ones keep the goods). */
export async function teamResultMessages(tx: Executor, teamId: number, at: Date): Promise<void> {
  const members = await queryRows<{
    site_id: number;
    state: 'success' | 'failed';
    buyer_id: string;
    goods_name: string;
    paid_fen: number | null;
  }>(
    tx,
    sql`select t.site_id, t.state, m.buyer_id, coalesce(p.name, '') as goods_name, o.paid_fen
          from group_buy_teams t
          join group_buy_members m on m.team_id = t.id and m.state in ('joined', 'paid')
          join group_buy_activities a on a.id = t.activity_id
          left join products p on p.id = a.product_id
          left join orders o on o.id = m.order_id
         where t.id = ${teamId} and t.state in ('success', 'failed')
         order by m.id`,
  );
  for (const member of members)
    await enqueueSceneMessage(tx, {
      siteId: member.site_id,
      scene: 'groupResult',
      openId: member.buyer_id,
      fields: {
        goodsName: member.goods_name,
        result: translate('zh', `deals.groupResult.${member.state}`),
        amount: yuan(member.paid_fen ?? 0),
      },
      key: `scene:groupResult:team:${teamId}:buyer:${member.buyer_id}`,
      now: at,
    });
}

/** The launcher hears that the floor price was reached, or that the time ran out. */
export async function launchResultMessage(tx: Executor, launchId: number, at: Date): Promise<void> {
  const [launch] = await queryRows<{
    site_id: number;
    state: 'success' | 'failed';
    buyer_id: string;
    goods_name: string;
    current_fen: number;
  }>(
    tx,
    sql`select l.site_id, l.state, l.buyer_id, coalesce(p.name, '') as goods_name, l.current_fen
          from bargain_launches l left join products p on p.id = l.product_id
         where l.id = ${launchId} and l.state in ('success', 'failed')`,
  );
  if (!launch) return;
  await enqueueSceneMessage(tx, {
    siteId: launch.site_id,
    scene: 'bargainResult',
    openId: launch.buyer_id,
    fields: {
      goodsName: launch.goods_name,
      result: translate('zh', `deals.bargainResult.${launch.state}`),
      amount: yuan(launch.current_fen),
    },
    key: `scene:bargainResult:launch:${launchId}`,
    now: at,
  });
}
