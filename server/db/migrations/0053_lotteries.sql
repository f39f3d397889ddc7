CREATE TABLE "lottery_entries" (
	"site_id" integer NOT NULL,
	"lottery_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"day" text NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "lottery_entries_lottery_id_member_id_day_pk" PRIMARY KEY("lottery_id","member_id","day"),
	CONSTRAINT "lottery_entries_used" CHECK ("lottery_entries"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_prize_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"prize_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"after" integer NOT NULL,
	"reason" text NOT NULL,
	"record_no" text DEFAULT '' NOT NULL,
	"account_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_prize_log_change" CHECK ("lottery_prize_log"."delta" <> 0 and "lottery_prize_log"."after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"lottery_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"chance_bp" integer NOT NULL,
	"stock" integer NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"balance_fen" integer DEFAULT 0 NOT NULL,
	"coupon_id" integer,
	"product_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_prizes_counts" CHECK ("lottery_prizes"."stock" >= 0 and "lottery_prizes"."won" >= 0 and "lottery_prizes"."chance_bp" between 1 and 10000
      and "lottery_prizes"."points" >= 0 and "lottery_prizes"."balance_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"record_no" text NOT NULL,
	"lottery_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"outcome" text NOT NULL,
	"prize_id" integer,
	"prize_name" text NOT NULL,
	"prize_image" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"points_spent" integer DEFAULT 0 NOT NULL,
	"coupon_copy_id" integer,
	"product_id" integer,
	"address" jsonb,
	"receiver_name" text DEFAULT '' NOT NULL,
	"receiver_phone" text DEFAULT '' NOT NULL,
	"carrier" text,
	"tracking_no" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "lottery_records_points" CHECK ("lottery_records"."points_spent" >= 0)
);
--> statement-breakpoint
ALTER TABLE "marketing_activities" ADD COLUMN "entry_mode" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_activities" ADD COLUMN "points_cost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_activities" ADD COLUMN "daily_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_activities" ADD COLUMN "total_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_activities" ADD COLUMN "rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_activities" ADD COLUMN "nothing_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_activities" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_activities" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_entries" ADD CONSTRAINT "lottery_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entries" ADD CONSTRAINT "lottery_entries_lottery_id_marketing_activities_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."marketing_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entries" ADD CONSTRAINT "lottery_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prize_log" ADD CONSTRAINT "lottery_prize_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prize_log" ADD CONSTRAINT "lottery_prize_log_prize_id_lottery_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."lottery_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prize_log" ADD CONSTRAINT "lottery_prize_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_lottery_id_marketing_activities_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."marketing_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_records" ADD CONSTRAINT "lottery_records_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_records" ADD CONSTRAINT "lottery_records_lottery_id_marketing_activities_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."marketing_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_records" ADD CONSTRAINT "lottery_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_records" ADD CONSTRAINT "lottery_records_prize_id_lottery_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."lottery_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_records" ADD CONSTRAINT "lottery_records_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_prize_log_prize" ON "lottery_prize_log" USING btree ("prize_id","id");--> statement-breakpoint
CREATE INDEX "lottery_prizes_lottery" ON "lottery_prizes" USING btree ("lottery_id","deleted","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_records_site_no" ON "lottery_records" USING btree ("site_id","record_no");--> statement-breakpoint
CREATE INDEX "lottery_records_lottery" ON "lottery_records" USING btree ("site_id","lottery_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lottery_records_site_created" ON "lottery_records" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lottery_records_buyer" ON "lottery_records" USING btree ("site_id","buyer_id","id");--> statement-breakpoint
ALTER TABLE "marketing_activities" ADD CONSTRAINT "marketing_activities_lottery_rules" CHECK ("marketing_activities"."points_cost" >= 0 and "marketing_activities"."daily_limit" >= 0 and "marketing_activities"."total_limit" >= 0);