ALTER TABLE "votes" ADD COLUMN "option_votes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "order_buyer_days" ADD COLUMN "previous_day" date;--> statement-breakpoint
CREATE INDEX "order_buyer_days_buyer" ON "order_buyer_days" USING btree ("site_id","buyer","day");--> statement-breakpoint
ALTER TABLE "order_sales_days" DROP COLUMN "paying_buyers";--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_counts_match_options" CHECK (cardinality("votes"."option_votes") in (0, cardinality("votes"."options")));