ALTER TABLE "bargain_events" DROP CONSTRAINT "bargain_events_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "seckill_activities" DROP CONSTRAINT "seckill_activities_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "bargain_events" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "bargain_events" DROP COLUMN "price_fen";--> statement-breakpoint
ALTER TABLE "bargain_events" DROP COLUMN "original_price_fen";--> statement-breakpoint
ALTER TABLE "group_buy_activities" DROP COLUMN "price_fen";--> statement-breakpoint
ALTER TABLE "group_buy_activities" DROP COLUMN "original_price_fen";--> statement-breakpoint
ALTER TABLE "seckill_activities" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "seckill_activities" DROP COLUMN "price_fen";--> statement-breakpoint
ALTER TABLE "seckill_activities" DROP COLUMN "original_price_fen";--> statement-breakpoint
ALTER TABLE "seckill_activities" DROP COLUMN "stock";