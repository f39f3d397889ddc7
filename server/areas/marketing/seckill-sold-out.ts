/**
 * Seckill SKUs this server has just read sold out, so a flash sale's late buyers (most of them) are
 * turned away without a query. A mark lasts MARK_MILLISECONDS and names the offer as the buyer asked
 * for it (shop, seckill goods, SKU), so a shop's mark never answers another shop's buyer.
 *
 * Units that come back (an order closed or failed, an operator adding stock) forget every mark once
 * their transaction commits (seckill.ts, logStock). Another server of the same shop learns of them
 * when its own marks lapse: a buyer there may hear "sold out" for at most MARK_MILLISECONDS after
 * the units came back. Nothing is sold on a mark; only refusals are.
 */

import { LapsingMap } from '../../memory/lapsing-map';

export const MARK_MILLISECONDS = 1000;

export interface OfferKey {
  siteId: number;
  SeckillGoodsId: number;
  SkuId: number;
}

function keyOf(offer: OfferKey): string {
  return `${offer.siteId}:${offer.SeckillGoodsId}:${offer.SkuId}`;
}

export class SoldOutMarks {
  private readonly marks: LapsingMap<string>;

  constructor(clock: () => number = Date.now) {
    this.marks = new LapsingMap<string>(MARK_MILLISECONDS, clock);
  }

  /** The offer's title while it is marked sold out; undefined when it is not (or no longer). */
  title(offer: OfferKey): string | undefined {
    return this.marks.get(keyOf(offer));
  }

  mark(offer: OfferKey, title: string): void {
    this.marks.set(keyOf(offer), title);
  }

  forgetAll(): void {
    this.marks.clear();
  }

  get size(): number {
    return this.marks.size;
  }
}

export const soldOutMarks = new SoldOutMarks();
