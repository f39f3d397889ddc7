CREATE TABLE "data_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"price_fen" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "data_packages_counts" CHECK ("data_packages"."stock" >= 0 and "data_packages"."sold" >= 0 and "data_packages"."price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "data_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"size_mb" integer NOT NULL,
	"cost_fen" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_products_positive" CHECK ("data_products"."size_mb" > 0 and "data_products"."cost_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "data_stock_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"purchase_id" integer,
	"order_no" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"purchase_id" integer NOT NULL,
	"title" text NOT NULL,
	"tax_no" text NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"invoice_no" text DEFAULT '' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"purchase_no" text NOT NULL,
	"kind" text NOT NULL,
	"sms_package_id" integer,
	"data_package_id" integer,
	"quantity" integer NOT NULL,
	"item_name" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"state" text DEFAULT 'toPay' NOT NULL,
	"provider" text NOT NULL,
	"code_url" text,
	"transaction_id" text,
	"pay_due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "platform_purchases_positive" CHECK ("platform_purchases"."quantity" > 0 and "platform_purchases"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "sms_accounts" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_accounts_balance" CHECK ("sms_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"purchase_id" integer,
	"send_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"count" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_packages_positive" CHECK ("sms_packages"."count" > 0 and "sms_packages"."price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "sms_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"mobile" text NOT NULL,
	"scene" text NOT NULL,
	"template_id" integer,
	"sign_name" text NOT NULL,
	"provider_template_id" text NOT NULL,
	"params" jsonb NOT NULL,
	"content" text NOT NULL,
	"parts" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider_message_id" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_signatures" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"proof_image" text NOT NULL,
	"state" text DEFAULT 'applied' NOT NULL,
	"provider_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"scene" text NOT NULL,
	"content" text NOT NULL,
	"state" text DEFAULT 'applied' NOT NULL,
	"provider_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_verify_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_packages" ADD CONSTRAINT "data_packages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_packages" ADD CONSTRAINT "data_packages_product_id_data_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."data_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_stock_ledger" ADD CONSTRAINT "data_stock_ledger_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_stock_ledger" ADD CONSTRAINT "data_stock_ledger_package_id_data_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."data_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_stock_ledger" ADD CONSTRAINT "data_stock_ledger_purchase_id_platform_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."platform_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_purchase_id_platform_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."platform_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_purchases" ADD CONSTRAINT "platform_purchases_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_purchases" ADD CONSTRAINT "platform_purchases_sms_package_id_sms_packages_id_fk" FOREIGN KEY ("sms_package_id") REFERENCES "public"."sms_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_purchases" ADD CONSTRAINT "platform_purchases_data_package_id_data_packages_id_fk" FOREIGN KEY ("data_package_id") REFERENCES "public"."data_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_purchases" ADD CONSTRAINT "platform_purchases_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_accounts" ADD CONSTRAINT "sms_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_ledger" ADD CONSTRAINT "sms_ledger_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_ledger" ADD CONSTRAINT "sms_ledger_purchase_id_platform_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."platform_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_ledger" ADD CONSTRAINT "sms_ledger_send_id_sms_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."sms_sends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_sends" ADD CONSTRAINT "sms_sends_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_sends" ADD CONSTRAINT "sms_sends_template_id_sms_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."sms_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_sends" ADD CONSTRAINT "sms_sends_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_signatures" ADD CONSTRAINT "sms_signatures_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_verify_codes" ADD CONSTRAINT "sms_verify_codes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_packages_site_code" ON "data_packages" USING btree ("site_id","code") WHERE not deleted;--> statement-breakpoint
CREATE INDEX "data_packages_site_sort" ON "data_packages" USING btree ("site_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_products_carrier_size" ON "data_products" USING btree ("carrier","size_mb");--> statement-breakpoint
CREATE INDEX "data_stock_ledger_package" ON "data_stock_ledger" USING btree ("package_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_stock_ledger_purchase" ON "data_stock_ledger" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_stock_ledger_order_reason" ON "data_stock_ledger" USING btree ("site_id","order_no","reason") WHERE order_no <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "platform_invoices_live" ON "platform_invoices" USING btree ("purchase_id") WHERE state <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "platform_invoices_requested" ON "platform_invoices" USING btree ("requested_at") WHERE state = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "platform_purchases_no" ON "platform_purchases" USING btree ("purchase_no");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_purchases_transaction" ON "platform_purchases" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "platform_purchases_site_created" ON "platform_purchases" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "platform_purchases_pay_due" ON "platform_purchases" USING btree ("pay_due_at") WHERE state = 'toPay';--> statement-breakpoint
CREATE INDEX "sms_ledger_site_created" ON "sms_ledger" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_ledger_purchase" ON "sms_ledger" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_ledger_send_reason" ON "sms_ledger" USING btree ("send_id","reason");--> statement-breakpoint
CREATE INDEX "sms_sends_site_created" ON "sms_sends" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sms_sends_site_state" ON "sms_sends" USING btree ("site_id","state","created_at");--> statement-breakpoint
CREATE INDEX "sms_templates_site_scene" ON "sms_templates" USING btree ("site_id","scene","state") WHERE not deleted;--> statement-breakpoint
CREATE INDEX "sms_templates_applied" ON "sms_templates" USING btree ("provider_id") WHERE state = 'applied' and not deleted;--> statement-breakpoint
CREATE INDEX "sms_verify_codes_site_mobile" ON "sms_verify_codes" USING btree ("site_id","mobile","created_at");