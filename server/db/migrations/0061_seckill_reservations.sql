CREATE TABLE "seckill_reservations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"seckill_sku_id" integer NOT NULL,
	"seckill_goods_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seckill_reservations" ADD CONSTRAINT "seckill_reservations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seckill_reservations_order" ON "seckill_reservations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "seckill_reservations_held" ON "seckill_reservations" USING btree ("reserved_at") WHERE "seckill_reservations"."state" = 'held';