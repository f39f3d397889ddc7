CREATE TABLE "coupon_rule_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"event_key" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"event" text NOT NULL,
	"coupon_id" integer NOT NULL,
	"copies" integer DEFAULT 1 NOT NULL,
	"grade_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"min_recharge_fen" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_rules_copies" CHECK ("coupon_rules"."copies" between 1 and 10 and "coupon_rules"."min_recharge_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_send_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"send_id" integer NOT NULL,
	"member_id" integer,
	"mobile" text DEFAULT '' NOT NULL,
	"row" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupon_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"copies" integer DEFAULT 1 NOT NULL,
	"target" text NOT NULL,
	"target_label" text DEFAULT '' NOT NULL,
	"request_key" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "coupon_sends_counts" CHECK ("coupon_sends"."sent" + "coupon_sends"."failed" <= "coupon_sends"."total")
);
--> statement-breakpoint
CREATE TABLE "member_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"source" text NOT NULL,
	"claim_day" date NOT NULL,
	"send_item_id" integer,
	"rule_grant_id" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"order_id" integer,
	"discount_fen" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "member_coupons_used_order" CHECK ("member_coupons"."state" <> 'used' or "member_coupons"."order_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "offline_coupon_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_coupon_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_store_id" integer,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "offline_coupon_codes_used_store" CHECK (("offline_coupon_codes"."state" = 'used') = ("offline_coupon_codes"."used_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_value_positive";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "cap_fen" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "state" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "scope_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "with_activity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "total_quantity" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "issued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_member_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_day_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "validity_kind" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "valid_days" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "valid_from_tomorrow" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "audience" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "audience_grade_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "store_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_rule_grants" ADD CONSTRAINT "coupon_rule_grants_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_rule_grants" ADD CONSTRAINT "coupon_rule_grants_rule_id_coupon_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."coupon_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_rule_grants" ADD CONSTRAINT "coupon_rule_grants_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_rules" ADD CONSTRAINT "coupon_rules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_rules" ADD CONSTRAINT "coupon_rules_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_send_items" ADD CONSTRAINT "coupon_send_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_send_items" ADD CONSTRAINT "coupon_send_items_send_id_coupon_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."coupon_sends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_send_items" ADD CONSTRAINT "coupon_send_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_sends" ADD CONSTRAINT "coupon_sends_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_sends" ADD CONSTRAINT "coupon_sends_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_sends" ADD CONSTRAINT "coupon_sends_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_send_item_id_coupon_send_items_id_fk" FOREIGN KEY ("send_item_id") REFERENCES "public"."coupon_send_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_rule_grant_id_coupon_rule_grants_id_fk" FOREIGN KEY ("rule_grant_id") REFERENCES "public"."coupon_rule_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_coupon_batches" ADD CONSTRAINT "offline_coupon_batches_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_coupon_batches" ADD CONSTRAINT "offline_coupon_batches_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_coupon_batches" ADD CONSTRAINT "offline_coupon_batches_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_coupon_codes" ADD CONSTRAINT "offline_coupon_codes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_coupon_codes" ADD CONSTRAINT "offline_coupon_codes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_coupon_codes" ADD CONSTRAINT "offline_coupon_codes_batch_id_offline_coupon_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."offline_coupon_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_coupon_codes" ADD CONSTRAINT "offline_coupon_codes_used_store_id_stores_id_fk" FOREIGN KEY ("used_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_rule_grants_once" ON "coupon_rule_grants" USING btree ("rule_id","member_id","event_key");--> statement-breakpoint
CREATE INDEX "coupon_rule_grants_rule" ON "coupon_rule_grants" USING btree ("rule_id","state","id");--> statement-breakpoint
CREATE INDEX "coupon_rules_site" ON "coupon_rules" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_send_items_member" ON "coupon_send_items" USING btree ("send_id","member_id") WHERE member_id is not null;--> statement-breakpoint
CREATE INDEX "coupon_send_items_send" ON "coupon_send_items" USING btree ("send_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_sends_request" ON "coupon_sends" USING btree ("site_id","request_key");--> statement-breakpoint
CREATE INDEX "coupon_sends_site_created" ON "coupon_sends" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_sends_open" ON "coupon_sends" USING btree ("id") WHERE state <> 'done';--> statement-breakpoint
CREATE INDEX "member_coupons_member" ON "member_coupons" USING btree ("site_id","member_id","state","id");--> statement-breakpoint
CREATE INDEX "member_coupons_coupon_member" ON "member_coupons" USING btree ("coupon_id","member_id","claim_day");--> statement-breakpoint
CREATE INDEX "member_coupons_coupon_created" ON "member_coupons" USING btree ("site_id","coupon_id","created_at","id");--> statement-breakpoint
CREATE INDEX "member_coupons_order" ON "member_coupons" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "member_coupons_send_item" ON "member_coupons" USING btree ("send_item_id") WHERE send_item_id is not null;--> statement-breakpoint
CREATE INDEX "member_coupons_unused_due" ON "member_coupons" USING btree ("valid_until") WHERE state = 'unused' and order_id is null;--> statement-breakpoint
CREATE INDEX "offline_coupon_batches_coupon" ON "offline_coupon_batches" USING btree ("site_id","coupon_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offline_coupon_codes_site_code" ON "offline_coupon_codes" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "offline_coupon_codes_coupon" ON "offline_coupon_codes" USING btree ("coupon_id","batch_id","id");--> statement-breakpoint
CREATE INDEX "offline_coupon_codes_unused_due" ON "offline_coupon_codes" USING btree ("valid_until") WHERE state = 'unused';--> statement-breakpoint
CREATE INDEX "coupons_open_due" ON "coupons" USING btree ("ends_at") WHERE state in ('active', 'paused');--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_issued_within_total" CHECK ("coupons"."issued" >= 0 and ("coupons"."total_quantity" is null or "coupons"."issued" <= "coupons"."total_quantity"));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_value_positive" CHECK (("coupons"."discount_type" = 'freeShipping' or "coupons"."value" > 0) and "coupons"."threshold_fen" >= 0);