import type { Database } from '../../db/client';
import { payStorefrontRecharge, placeStorefrontRecharge } from './service';

/** Stored value the demo buyers top up before their first order, in fen. */
const OPENING_AMOUNTS = [20_000, 50_000, 100_000] as const;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Every other demo buyer tops up stored value through a paid recharge order, before the demo
 * orders begin (`before`), so orders paid by balance have money to draw on and the ledger starts
 * at the recharge.
 */
export async function seedOpeningBalances(
  db: Database,
  siteId: number,
  buyers: readonly { Id: string; Name: string; Phone: string }[],
  before: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (let index = 0; index < buyers.length; index += 2) {
      const buyer = buyers[index]!;
      const placedAt = new Date(before - DAY + index * 60_000);
      const context = { tx, siteId, now: placedAt, locale: 'zh' as const };
      const amountFen = OPENING_AMOUNTS[(index / 2) % OPENING_AMOUNTS.length]!;
      const recharge = await placeStorefrontRecharge(context, {
        Kind: 'storedValue',
        Buyer: buyer,
        AmountFen: amountFen,
      });
      await payStorefrontRecharge(
        { ...context, now: new Date(placedAt.getTime() + 60_000) },
        {
          OrderNo: recharge.orderNo,
          BuyerId: buyer.Id,
          PaymentMethod: 'wechat',
          AmountFen: amountFen,
          TransactionNo: '',
        },
      );
    }
  });
}
