import { type SQL, sql } from 'drizzle-orm';
import type { MemberDealKind } from '../../contract/endpoints/member-deals';

/**
 * The one row shape of a member's deals (contract/endpoints/member-deals.ts). Each area whose
 * ledger holds a kind of money movement selects its rows in this shape through its service.ts, and
 * the customer area's deals list puts the selects together with UNION ALL: the columns must come
 * in the same order with the same types, which this builder guarantees.
 */

/** Whose deals: the member's row id (distribution keys by it) and open id (orders and wallets key by it). */
export interface DealMember {
  siteId: number;
  memberId: number;
  openId: string;
}

export interface DealColumns {
  kind: MemberDealKind;
  id: SQL;
  /** Signed fen, from the member's side. */
  amountFen: SQL;
  balanceAfterFen: SQL;
  reference: SQL;
  sourceId: SQL;
  detail: SQL;
  at: SQL;
  /** The store the movement belongs to (orders served by a store); null for the site's own. */
  storeId: SQL;
}

/** `select <the deal columns> <rest>`, where `rest` is the from and where of the source. */
export function dealSelect(columns: DealColumns, rest: SQL): SQL {
  return sql`select ${columns.kind}::text as kind, (${columns.id})::bigint as id,
                    (${columns.amountFen})::int as amount_fen, (${columns.balanceAfterFen})::int as balance_after_fen,
                    (${columns.reference})::text as reference, (${columns.sourceId})::int as source_id,
                    (${columns.detail})::text as detail, (${columns.at})::timestamptz as at,
                    (${columns.storeId})::int as store_id
             ${rest}`;
}
