CREATE TABLE "image_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_buyer_days" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"buyer" text NOT NULL,
	CONSTRAINT "order_buyer_days_site_id_day_buyer_pk" PRIMARY KEY("site_id","day","buyer")
);
--> statement-breakpoint
CREATE TABLE "order_sales_days" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_orders" integer DEFAULT 0 NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"paying_buyers" integer DEFAULT 0 NOT NULL,
	"sales_fen" bigint DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_sales_days_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
DROP INDEX "orders_site_created";--> statement-breakpoint
ALTER TABLE "image_folders" ADD CONSTRAINT "image_folders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_buyer_days" ADD CONSTRAINT "order_buyer_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sales_days" ADD CONSTRAINT "order_sales_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "image_folders_site_name" ON "image_folders" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "image_folders_site" ON "image_folders" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "orders_site_created" ON "orders" USING btree ("site_id","created_at","id","state","refund_state","delivery_type","type","source","payment_method","total_fen","paid_at");