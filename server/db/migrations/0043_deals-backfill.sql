-- The first release kept one product, one price and (for seckill) one stock on each activity row.
-- Those offers move to the goods tables here, before the next migration drops the columns:
-- every SKU of the product takes part at the old price (never above its own, never below 1 fen);
-- a seckill's stock goes to the product's first SKU; a bargain takes the first SKU with the old
-- price as its floor, five helps to reach it within 24 hours.
INSERT INTO "seckill_goods" ("site_id", "activity_id", "product_id")
SELECT a.site_id, a.id, a.product_id FROM seckill_activities a
  JOIN products p ON p.id = a.product_id AND p.site_id = a.site_id;
--> statement-breakpoint
INSERT INTO "seckill_skus" ("site_id", "activity_id", "seckill_goods_id", "product_id", "sku_id", "price_fen", "stock")
SELECT g.site_id, g.activity_id, g.id, g.product_id, s.id, greatest(1, least(a.price_fen, s.price_fen)),
       CASE WHEN s.id = (SELECT min(first.id) FROM skus first WHERE first.product_id = g.product_id)
            THEN greatest(0, a.stock) ELSE 0 END
  FROM seckill_goods g
  JOIN seckill_activities a ON a.id = g.activity_id
  JOIN skus s ON s.product_id = g.product_id;
--> statement-breakpoint
INSERT INTO "group_buy_skus" ("site_id", "activity_id", "sku_id", "price_fen")
SELECT a.site_id, a.id, s.id, greatest(1, least(a.price_fen, s.price_fen))
  FROM group_buy_activities a JOIN skus s ON s.product_id = a.product_id AND s.site_id = a.site_id;
--> statement-breakpoint
INSERT INTO "bargain_goods" ("site_id", "event_id", "product_id", "sku_id", "floor_price_fen", "helpers_needed")
SELECT e.site_id, e.id, e.product_id, s.id, greatest(0, least(e.price_fen, s.price_fen)), 5
  FROM bargain_events e
  JOIN LATERAL (SELECT id, price_fen FROM skus WHERE product_id = e.product_id AND site_id = e.site_id
                 ORDER BY position, id LIMIT 1) s ON true;
