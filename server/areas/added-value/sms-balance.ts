import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';

/**
 * A shop's SMS balance in billed parts (DESIGN §11 guarded counters): every change is one guarded
 * statement in the caller's transaction with its ledger row, so parallel sends can never take more
 * than there is, and a purchase or a give-back is credited once (the ledger's unique keys).
 */

/** Adds a paid purchase's messages (its payment is a guarded transition, so this runs once). */
export async function creditPurchase(
  tx: Executor,
  siteId: number,
  purchaseId: number,
  parts: number,
): Promise<void> {
  const [balance] = await queryRows<{ balance: number }>(
    tx,
    sql`insert into sms_accounts as a (site_id, balance) values (${siteId}, ${parts})
        on conflict (site_id) do update set balance = a.balance + ${parts}, updated_at = now()
        returning balance`,
  );
  // The ledger's unique purchase key refuses a second credit and so rolls the addition back.
  await tx.execute(
    sql`insert into sms_ledger (site_id, delta, balance_after, reason, purchase_id)
        values (${siteId}, ${parts}, ${balance!.balance}, 'purchase', ${purchaseId})`,
  );
}

/** Takes `parts` if the balance holds them; the balance after, or null when it is short. */
export async function takeParts(tx: Executor, siteId: number, parts: number): Promise<number | null> {
  const [row] = await queryRows<{ balance: number }>(
    tx,
    sql`update sms_accounts set balance = balance - ${parts}, updated_at = now()
         where site_id = ${siteId} and balance >= ${parts} returning balance`,
  );
  return row?.balance ?? null;
}

export async function logSend(
  tx: Executor,
  siteId: number,
  sendId: number,
  parts: number,
  balanceAfter: number,
) {
  await tx.execute(
    sql`insert into sms_ledger (site_id, delta, balance_after, reason, send_id)
        values (${siteId}, ${-parts}, ${balanceAfter}, 'send', ${sendId})`,
  );
}

/** Gives a failed message's parts back, once per message. */
export async function giveBackParts(
  tx: Executor,
  siteId: number,
  sendId: number,
  parts: number,
): Promise<void> {
  if (parts <= 0) return;
  const [balance] = await queryRows<{ balance: number }>(
    tx,
    sql`update sms_accounts set balance = balance + ${parts}, updated_at = now()
         where site_id = ${siteId} returning balance`,
  );
  await tx.execute(
    sql`insert into sms_ledger (site_id, delta, balance_after, reason, send_id)
        values (${siteId}, ${parts}, ${balance!.balance}, 'giveBack', ${sendId})`,
  );
}

export async function readBalance(db: Executor, siteId: number): Promise<number> {
  const [row] = await queryRows<{ balance: number }>(
    db,
    sql`select balance from sms_accounts where site_id = ${siteId}`,
  );
  return row?.balance ?? 0;
}
