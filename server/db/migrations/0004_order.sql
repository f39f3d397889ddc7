CREATE TABLE "face_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"carrier" text NOT NULL,
	"paper" text NOT NULL,
	"sender" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"provider" text DEFAULT 'none' NOT NULL,
	"kuaidi100" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_delivery_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"setting" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"category_id" integer,
	"name" text NOT NULL,
	"spec_text" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sku_code" text DEFAULT '' NOT NULL,
	"freight_template_id" integer,
	"unit_fen" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"shipment_id" integer,
	CONSTRAINT "order_lines_quantity" CHECK ("order_lines"."quantity" > 0 and "order_lines"."unit_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"actor" text NOT NULL,
	"account_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_parameter_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"unpaid_close_minutes" integer NOT NULL,
	"seckill_close_minutes" integer NOT NULL,
	"group_buy_close_minutes" integer NOT NULL,
	"bargain_close_minutes" integer NOT NULL,
	"auto_confirm_days" integer NOT NULL,
	"after_sale_days" integer NOT NULL,
	"auto_good_review_days" integer NOT NULL,
	"stock_deduction" text NOT NULL,
	"points_grant" text NOT NULL,
	"invoice_enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"state" text NOT NULL,
	"requested_fen" integer NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"account_id" integer,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"type" text DEFAULT 'normal' NOT NULL,
	"source" text NOT NULL,
	"state" text DEFAULT 'toPay' NOT NULL,
	"refund_state" text DEFAULT 'none' NOT NULL,
	"delivery_type" text NOT NULL,
	"buyer_id" text DEFAULT '' NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"buyer_phone" text DEFAULT '' NOT NULL,
	"address" jsonb,
	"receiver_name" text DEFAULT '' NOT NULL,
	"receiver_phone" text DEFAULT '' NOT NULL,
	"pickup_point" jsonb,
	"pickup_code" text,
	"goods_name" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"goods_fen" integer DEFAULT 0 NOT NULL,
	"freight_fen" integer DEFAULT 0 NOT NULL,
	"discount_fen" integer DEFAULT 0 NOT NULL,
	"adjust_fen" integer DEFAULT 0 NOT NULL,
	"total_fen" integer DEFAULT 0 NOT NULL,
	"paid_fen" integer DEFAULT 0 NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"payment_method" text,
	"transaction_no" text DEFAULT '' NOT NULL,
	"stock_mode" text NOT NULL,
	"stock_deducted" boolean DEFAULT false NOT NULL,
	"buyer_remark" text DEFAULT '' NOT NULL,
	"seller_remark" text DEFAULT '' NOT NULL,
	"close_reason" text DEFAULT '' NOT NULL,
	"invoice" jsonb,
	"cashier_id" integer,
	"cashier_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"confirm_due_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"complete_due_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"review_due_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orders_amounts" CHECK ("orders"."total_fen" >= 0 and "orders"."goods_fen" >= 0 and "orders"."freight_fen" >= 0
      and "orders"."discount_fen" >= 0 and "orders"."refunded_fen" >= 0 and "orders"."refunded_fen" <= "orders"."paid_fen")
);
--> statement-breakpoint
CREATE TABLE "receipt_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"setting" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'toPay' NOT NULL,
	"buyer_id" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"phone" text NOT NULL,
	"package_code" text DEFAULT '' NOT NULL,
	"package_name" text DEFAULT '' NOT NULL,
	"amount_fen" integer NOT NULL,
	"payment_method" text,
	"transaction_no" text DEFAULT '' NOT NULL,
	"refund_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "recharge_orders_amount" CHECK ("recharge_orders"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "waybills" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"face_config_id" integer NOT NULL,
	"batch_no" text NOT NULL,
	"carrier" text NOT NULL,
	"tracking_no" text NOT NULL,
	"state" text DEFAULT 'printed' NOT NULL,
	"print_count" integer DEFAULT 1 NOT NULL,
	"from_provider" boolean DEFAULT false NOT NULL,
	"provider_task_id" text DEFAULT '' NOT NULL,
	"sorting_code" text DEFAULT '' NOT NULL,
	"paper" text NOT NULL,
	"sender" jsonb NOT NULL,
	"receiver" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"item_count" integer NOT NULL,
	"buyer_remark" text DEFAULT '' NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "storefront_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "face_configs" ADD CONSTRAINT "face_configs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_delivery_settings" ADD CONSTRAINT "order_delivery_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_log" ADD CONSTRAINT "order_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_log" ADD CONSTRAINT "order_log_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_log" ADD CONSTRAINT "order_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parameter_settings" ADD CONSTRAINT "order_parameter_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cashier_id_accounts_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_settings" ADD CONSTRAINT "receipt_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_face_config_id_face_configs_id_fk" FOREIGN KEY ("face_config_id") REFERENCES "public"."face_configs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_keys" ADD CONSTRAINT "storefront_keys_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_keys" ADD CONSTRAINT "storefront_keys_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_configs_site" ON "face_configs" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "face_configs_site_default" ON "face_configs" USING btree ("site_id") WHERE is_default and deleted_at is null;--> statement-breakpoint
CREATE INDEX "order_lines_order" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_site_product" ON "order_lines" USING btree ("site_id","product_id");--> statement-breakpoint
CREATE INDEX "order_log_order" ON "order_log" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_refunds_order" ON "order_refunds" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_refunds_site_refunded" ON "order_refunds" USING btree ("site_id","refunded_at") WHERE refunded_at is not null;--> statement-breakpoint
CREATE INDEX "order_shipments_order" ON "order_shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_shipments_tracking" ON "order_shipments" USING btree ("site_id","tracking_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_site_no" ON "orders" USING btree ("site_id","order_no");--> statement-breakpoint
CREATE INDEX "orders_site_created" ON "orders" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_site_state_created" ON "orders" USING btree ("site_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_site_paid" ON "orders" USING btree ("site_id","paid_at") WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "orders_site_refunding" ON "orders" USING btree ("site_id","created_at") WHERE refund_state in ('requested', 'approved');--> statement-breakpoint
CREATE INDEX "orders_pay_due" ON "orders" USING btree ("pay_due_at") WHERE state = 'toPay';--> statement-breakpoint
CREATE INDEX "orders_confirm_due" ON "orders" USING btree ("confirm_due_at") WHERE state = 'shipped';--> statement-breakpoint
CREATE INDEX "orders_complete_due" ON "orders" USING btree ("complete_due_at") WHERE state = 'received';--> statement-breakpoint
CREATE INDEX "orders_review_due" ON "orders" USING btree ("review_due_at") WHERE reviewed_at is null and review_due_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_site_pickup_code" ON "orders" USING btree ("site_id","pickup_code") WHERE pickup_code is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_site_no" ON "recharge_orders" USING btree ("site_id","order_no");--> statement-breakpoint
CREATE INDEX "recharge_orders_site_created" ON "recharge_orders" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "recharge_orders_site_state" ON "recharge_orders" USING btree ("site_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "recharge_orders_pay_due" ON "recharge_orders" USING btree ("pay_due_at") WHERE state = 'toPay';--> statement-breakpoint
CREATE INDEX "waybills_site_created" ON "waybills" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "waybills_site_batch" ON "waybills" USING btree ("site_id","batch_no");--> statement-breakpoint
CREATE INDEX "waybills_order" ON "waybills" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waybills_order_printed" ON "waybills" USING btree ("order_id") WHERE state = 'printed';--> statement-breakpoint
CREATE UNIQUE INDEX "storefront_keys_hash" ON "storefront_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "storefront_keys_site" ON "storefront_keys" USING btree ("site_id");