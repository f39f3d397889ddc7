CREATE TABLE "buyer_wallets" (
	"site_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"balance_fen" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_wallets_balance" CHECK ("buyer_wallets"."balance_fen" >= 0),
	CONSTRAINT "buyer_wallets_points" CHECK ("buyer_wallets"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"currency" text NOT NULL,
	"delta" integer NOT NULL,
	"after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL,
	"account_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_change" CHECK ("wallet_ledger"."delta" <> 0 and "wallet_ledger"."after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_parameter_settings" ADD COLUMN "points_per_yuan" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku_code_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_grams" integer[] GENERATED ALWAYS AS (search_gram_hashes(lower(name || chr(10) || code || chr(10) || sku_code_search))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_wallets" ADD CONSTRAINT "buyer_wallets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_wallets_site_buyer" ON "buyer_wallets" USING btree ("site_id","buyer_id");--> statement-breakpoint
CREATE INDEX "wallet_ledger_buyer" ON "wallet_ledger" USING btree ("site_id","buyer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_one_grant" ON "wallet_ledger" USING btree ("site_id","order_no") WHERE reason = 'points_grant';--> statement-breakpoint
CREATE INDEX "products_search_grams" ON "products" USING gin ("search_grams");