ALTER TABLE "orders" ADD COLUMN "breakdown" jsonb;--> statement-breakpoint
UPDATE "orders" SET "breakdown" = "price_breakdown" WHERE "breakdown" IS NULL AND "price_breakdown" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "price_breakdown";
