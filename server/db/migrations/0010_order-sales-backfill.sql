-- The sales report's per-day summaries for the orders placed before they existed; from here on the
-- order commands keep them (server/areas/order/sales-summary.ts, whose rebuildSalesSummaries runs
-- the same statements). Business days are China time (UTC+8).
INSERT INTO "order_buyer_days" ("site_id", "day", "buyer")
SELECT DISTINCT site_id, ((paid_at at time zone 'UTC') + interval '8 hours')::date,
       CASE WHEN buyer_id = '' THEN 'order:' || id ELSE buyer_id END
  FROM orders WHERE paid_at IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_sales_days" ("site_id", "day", "created_orders", "paid_orders", "paying_buyers", "sales_fen", "refund_fen")
SELECT site_id, day, sum(created), sum(paid), sum(buyers), sum(sales), sum(refunds) FROM (
  SELECT site_id, ((created_at at time zone 'UTC') + interval '8 hours')::date AS day, count(*) AS created,
         0 AS paid, 0 AS buyers, 0 AS sales, 0 AS refunds
    FROM orders GROUP BY 1, 2
  UNION ALL
  SELECT site_id, ((paid_at at time zone 'UTC') + interval '8 hours')::date, 0, count(*), 0, sum(paid_fen), 0
    FROM orders WHERE paid_at IS NOT NULL GROUP BY 1, 2
  UNION ALL
  SELECT site_id, day, 0, 0, count(*), 0, 0 FROM order_buyer_days GROUP BY 1, 2
  UNION ALL
  SELECT site_id, ((refunded_at at time zone 'UTC') + interval '8 hours')::date, 0, 0, 0, 0, sum(amount_fen)
    FROM order_refunds WHERE refunded_at IS NOT NULL GROUP BY 1, 2) figures
GROUP BY 1, 2;
