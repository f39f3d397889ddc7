CREATE TABLE "points_exchange_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"exchange_id" integer NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"account_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"exchange_no" text NOT NULL,
	"state" text NOT NULL,
	"member_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"buyer_phone" text DEFAULT '' NOT NULL,
	"goods_id" integer NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer,
	"title" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_points" integer NOT NULL,
	"points" integer NOT NULL,
	"unit_cash_fen" integer DEFAULT 0 NOT NULL,
	"cash_fen" integer DEFAULT 0 NOT NULL,
	"address" jsonb,
	"receiver_name" text DEFAULT '' NOT NULL,
	"receiver_phone" text DEFAULT '' NOT NULL,
	"buyer_remark" text DEFAULT '' NOT NULL,
	"carrier" text,
	"tracking_no" text DEFAULT '' NOT NULL,
	"payment_method" text,
	"transaction_no" text DEFAULT '' NOT NULL,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"confirm_due_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "points_exchanges_amounts" CHECK ("points_exchanges"."quantity" > 0 and "points_exchanges"."points" = "points_exchanges"."unit_points" * "points_exchanges"."quantity"
      and "points_exchanges"."cash_fen" = "points_exchanges"."unit_cash_fen" * "points_exchanges"."quantity" and "points_exchanges"."cash_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_goods_stock_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"after" integer NOT NULL,
	"reason" text NOT NULL,
	"exchange_no" text DEFAULT '' NOT NULL,
	"account_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_goods_stock_log_change" CHECK ("points_goods_stock_log"."delta" <> 0 and "points_goods_stock_log"."after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"deduction_enabled" boolean NOT NULL,
	"deduct_points_per_yuan" integer NOT NULL,
	"max_deduct_percent" integer NOT NULL,
	"min_order_fen" integer NOT NULL,
	"expiry" text NOT NULL,
	"sign_in_points" integer NOT NULL,
	"expired_through" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_settings_ranges" CHECK ("points_settings"."deduct_points_per_yuan" > 0 and "points_settings"."max_deduct_percent" between 1 and 100
      and "points_settings"."min_order_fen" >= 0 and "points_settings"."sign_in_points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "order_line_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "points_products" ADD COLUMN "kind" text DEFAULT 'physical' NOT NULL;--> statement-breakpoint
ALTER TABLE "points_products" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "points_products" ADD COLUMN "exchanged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_products" ADD COLUMN "per_member_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_products" ADD COLUMN "starts_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "points_products" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points_products" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "points_products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "exchange_id" integer;--> statement-breakpoint
ALTER TABLE "points_exchange_log" ADD CONSTRAINT "points_exchange_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchange_log" ADD CONSTRAINT "points_exchange_log_exchange_id_points_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."points_exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchange_log" ADD CONSTRAINT "points_exchange_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD CONSTRAINT "points_exchanges_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD CONSTRAINT "points_exchanges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD CONSTRAINT "points_exchanges_goods_id_points_products_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."points_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_goods_stock_log" ADD CONSTRAINT "points_goods_stock_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_goods_stock_log" ADD CONSTRAINT "points_goods_stock_log_goods_id_points_products_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."points_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_goods_stock_log" ADD CONSTRAINT "points_goods_stock_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_settings" ADD CONSTRAINT "points_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_exchange_log_exchange" ON "points_exchange_log" USING btree ("exchange_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_exchanges_site_no" ON "points_exchanges" USING btree ("site_id","exchange_no");--> statement-breakpoint
CREATE INDEX "points_exchanges_site_created" ON "points_exchanges" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "points_exchanges_site_state" ON "points_exchanges" USING btree ("site_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "points_exchanges_member_goods" ON "points_exchanges" USING btree ("site_id","member_id","goods_id");--> statement-breakpoint
CREATE INDEX "points_exchanges_buyer" ON "points_exchanges" USING btree ("site_id","buyer_id","id");--> statement-breakpoint
CREATE INDEX "points_exchanges_pay_due" ON "points_exchanges" USING btree ("pay_due_at") WHERE state = 'toPay';--> statement-breakpoint
CREATE INDEX "points_exchanges_confirm_due" ON "points_exchanges" USING btree ("confirm_due_at") WHERE state = 'shipped';--> statement-breakpoint
CREATE INDEX "points_goods_stock_log_goods" ON "points_goods_stock_log" USING btree ("goods_id","id");--> statement-breakpoint
ALTER TABLE "points_products" ADD CONSTRAINT "points_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_exchange_id_points_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."points_exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_exchange" ON "tickets" USING btree ("exchange_id") WHERE exchange_id is not null;--> statement-breakpoint
ALTER TABLE "points_products" ADD CONSTRAINT "points_products_amounts" CHECK ("points_products"."points" > 0 and "points_products"."price_fen" >= 0 and "points_products"."stock" >= 0
      and "points_products"."exchanged" >= 0 and "points_products"."per_member_limit" >= 0);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_one_source" CHECK (("tickets"."order_id" is not null and "tickets"."order_line_id" is not null and "tickets"."exchange_id" is null)
       or ("tickets"."order_id" is null and "tickets"."order_line_id" is null and "tickets"."exchange_id" is not null));