import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import * as lotteries from '../../../contract/endpoints/lotteries';
import { drawsLeft } from '../../../contract/lottery';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { defineRoute } from '../../http/route';
import { storefrontSite } from '../storefront/service';
import { confirmPrize, type DrawRecord, drawOnce, entryFacts, lockRecord } from './draw';
import { findLottery, lotteryRow, readPrizes } from './lotteries';
import { lotteryRecords } from './tables';
import './messages';

/** The buyer's side of lucky draws, under /storefront/ with the shop's key (DESIGN §11). */

type StorefrontRecord = z.infer<typeof lotteries.storefrontRecordSchema>;

async function recordView(db: Executor, record: DrawRecord): Promise<StorefrontRecord> {
  const [lottery] = await queryRows<{ title: string }>(
    db,
    sql`select title from marketing_activities where id = ${record.lotteryId}`,
  );
  return {
    RecordNo: record.recordNo,
    LotteryId: record.lotteryId,
    LotteryTitle: lottery?.title ?? '',
    Outcome: record.outcome,
    PrizeName: record.prizeName,
    PrizeImage: record.prizeImage,
    State: record.state,
    PointsSpent: record.pointsSpent,
    Carrier: record.carrier,
    TrackingNo: record.trackingNo,
    CreatedAt: record.createdAt.toISOString(),
  };
}

export const storefrontLotteryRoutes = [
  defineRoute(lotteries.getStorefrontLottery, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const now = new Date();
    const lottery = await findLottery(db, siteId, input.id, 'id');
    const prizes = await readPrizes(db, lottery.id);
    const facts = await entryFacts(db, siteId, lottery, input.buyerId, now);
    const row = lotteryRow(lottery, now);
    return {
      Lottery: {
        Id: row.Id,
        Title: row.Title,
        Image: row.Image,
        Summary: row.Summary,
        Rules: lottery.rules,
        EntryMode: row.EntryMode,
        PointsCost: row.PointsCost,
        DailyLimit: row.DailyLimit,
        TotalLimit: row.TotalLimit,
        StartsAt: row.StartsAt,
        EndsAt: row.EndsAt,
        State: row.State,
        NothingText: lottery.nothing_text,
        Prizes: prizes.map((prize) => ({
          Id: prize.Id,
          Kind: prize.Kind,
          Name: prize.Name,
          Image: prize.Image,
        })),
        DrawsLeft: input.buyerId === undefined ? null : drawsLeft(facts),
        NeedsAddress: prizes.some((prize) => prize.Kind === 'goods'),
      },
    };
  }),

  defineRoute(lotteries.drawLottery, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    return db.transaction(async (tx) => {
      const outcome = await drawOnce(
        { tx, siteId, now: new Date(), locale },
        {
          buyer: { id: input.Buyer.Id, name: input.Buyer.Name, phone: input.Buyer.Phone },
          lotteryId: input.LotteryId,
          address: input.Address,
        },
      );
      return { Record: await recordView(tx, outcome.record), DrawsLeft: outcome.drawsLeft };
    });
  }),

  defineRoute(lotteries.getMyLotteryRecords, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const where = and(
      eq(lotteryRecords.siteId, siteId),
      eq(lotteryRecords.buyerId, input.buyerId),
      input.lotteryId ? eq(lotteryRecords.lotteryId, input.lotteryId) : undefined,
    );
    const [records, total] = await Promise.all([
      db
        .select()
        .from(lotteryRecords)
        .where(where)
        .orderBy(desc(lotteryRecords.id))
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize),
      db.$count(lotteryRecords, where),
    ]);
    const Data: StorefrontRecord[] = [];
    for (const record of records) Data.push(await recordView(db, record));
    return { Data, Total: total };
  }),

  defineRoute(lotteries.confirmLotteryPrize, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    return db.transaction(async (tx) => {
      const record = await lockRecord(tx, siteId, { recordNo: input.RecordNo }, input.BuyerId);
      return { Record: await recordView(tx, await confirmPrize({ tx, now: new Date(), locale }, record)) };
    });
  }),
];
