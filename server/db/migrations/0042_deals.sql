CREATE TABLE "bargain_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"floor_price_fen" integer NOT NULL,
	"first_cut_fen" integer DEFAULT 0 NOT NULL,
	"cut_mode" text DEFAULT 'random' NOT NULL,
	"helpers_needed" integer NOT NULL,
	"hours" integer DEFAULT 24 NOT NULL,
	"buy_mode" text DEFAULT 'floor' NOT NULL,
	"launch_limit" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bargain_goods_rules" CHECK ("bargain_goods"."floor_price_fen" >= 0 and "bargain_goods"."first_cut_fen" >= 0 and "bargain_goods"."helpers_needed" > 0)
);
--> statement-breakpoint
CREATE TABLE "bargain_helps" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"launch_id" integer NOT NULL,
	"helper_id" text NOT NULL,
	"helper_name" text NOT NULL,
	"cut_fen" integer NOT NULL,
	"after_fen" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bargain_helps_cut" CHECK ("bargain_helps"."cut_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bargain_launches" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"buyer_name" text NOT NULL,
	"state" text DEFAULT 'cutting' NOT NULL,
	"cut_mode" text NOT NULL,
	"buy_mode" text NOT NULL,
	"start_fen" integer NOT NULL,
	"floor_fen" integer NOT NULL,
	"current_fen" integer NOT NULL,
	"helps_needed" integer NOT NULL,
	"helps" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bargain_launches_floor" CHECK ("bargain_launches"."current_fen" >= "bargain_launches"."floor_fen" and "bargain_launches"."current_fen" <= "bargain_launches"."start_fen" and "bargain_launches"."helps" <= "bargain_launches"."helps_needed")
);
--> statement-breakpoint
CREATE TABLE "deal_member_quotas" (
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deal_member_quotas_kind_ref_id_buyer_id_pk" PRIMARY KEY("kind","ref_id","buyer_id"),
	CONSTRAINT "deal_member_quotas_used" CHECK ("deal_member_quotas"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "group_buy_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"buyer_name" text NOT NULL,
	"leader" boolean DEFAULT false NOT NULL,
	"order_id" integer NOT NULL,
	"state" text DEFAULT 'joined' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_buy_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"price_fen" integer NOT NULL,
	CONSTRAINT "group_buy_skus_price" CHECK ("group_buy_skus"."price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "group_buy_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"leader_buyer_id" text NOT NULL,
	"leader_name" text NOT NULL,
	"state" text DEFAULT 'forming' NOT NULL,
	"size" integer NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"virtual_filled" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "group_buy_teams_seats" CHECK ("group_buy_teams"."joined" >= 0 and "group_buy_teams"."joined" <= "group_buy_teams"."size" and "group_buy_teams"."paid" >= 0 and "group_buy_teams"."paid" <= "group_buy_teams"."joined")
);
--> statement-breakpoint
CREATE TABLE "seckill_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"limit_per_member" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seckill_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"seckill_sku_id" integer NOT NULL,
	"seckill_goods_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"released" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seckill_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"seckill_goods_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seckill_skus_counts" CHECK ("seckill_skus"."stock" >= 0 and "seckill_skus"."sold" >= 0 and "seckill_skus"."price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "seckill_stock_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"seckill_sku_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"after" integer NOT NULL,
	"reason" text NOT NULL,
	"account_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bargain_events" ALTER COLUMN "price_fen" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "bargain_events" ALTER COLUMN "original_price_fen" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "group_buy_activities" ALTER COLUMN "price_fen" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "group_buy_activities" ALTER COLUMN "original_price_fen" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "seckill_activities" ALTER COLUMN "price_fen" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "seckill_activities" ALTER COLUMN "original_price_fen" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "bargain_events" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bargain_events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bargain_events" ADD COLUMN "rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "group_buy_activities" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "group_buy_activities" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "group_buy_activities" ADD COLUMN "fill_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "group_buy_activities" ADD COLUMN "virtual_fill" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "group_buy_activities" ADD COLUMN "limit_per_member" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seckill_activities" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "seckill_activities" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "seckill_activities" ADD COLUMN "sessions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "seckill_activities" ADD COLUMN "rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bargain_goods" ADD CONSTRAINT "bargain_goods_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bargain_goods" ADD CONSTRAINT "bargain_goods_event_id_bargain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."bargain_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bargain_helps" ADD CONSTRAINT "bargain_helps_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bargain_helps" ADD CONSTRAINT "bargain_helps_launch_id_bargain_launches_id_fk" FOREIGN KEY ("launch_id") REFERENCES "public"."bargain_launches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bargain_launches" ADD CONSTRAINT "bargain_launches_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bargain_launches" ADD CONSTRAINT "bargain_launches_goods_id_bargain_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."bargain_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bargain_launches" ADD CONSTRAINT "bargain_launches_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_member_quotas" ADD CONSTRAINT "deal_member_quotas_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_members" ADD CONSTRAINT "group_buy_members_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_members" ADD CONSTRAINT "group_buy_members_team_id_group_buy_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."group_buy_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_members" ADD CONSTRAINT "group_buy_members_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_skus" ADD CONSTRAINT "group_buy_skus_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_skus" ADD CONSTRAINT "group_buy_skus_activity_id_group_buy_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."group_buy_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_teams" ADD CONSTRAINT "group_buy_teams_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_teams" ADD CONSTRAINT "group_buy_teams_activity_id_group_buy_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."group_buy_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_goods" ADD CONSTRAINT "seckill_goods_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_goods" ADD CONSTRAINT "seckill_goods_activity_id_seckill_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."seckill_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_order_lines" ADD CONSTRAINT "seckill_order_lines_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_order_lines" ADD CONSTRAINT "seckill_order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_skus" ADD CONSTRAINT "seckill_skus_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_skus" ADD CONSTRAINT "seckill_skus_seckill_goods_id_seckill_goods_id_fk" FOREIGN KEY ("seckill_goods_id") REFERENCES "public"."seckill_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_stock_log" ADD CONSTRAINT "seckill_stock_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bargain_goods_event" ON "bargain_goods" USING btree ("event_id","deleted","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "bargain_helps_once" ON "bargain_helps" USING btree ("launch_id","helper_id");--> statement-breakpoint
CREATE INDEX "bargain_launches_site_created" ON "bargain_launches" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "bargain_launches_goods" ON "bargain_launches" USING btree ("goods_id","state");--> statement-breakpoint
CREATE INDEX "bargain_launches_due" ON "bargain_launches" USING btree ("expires_at") WHERE state = 'cutting';--> statement-breakpoint
CREATE INDEX "group_buy_members_team" ON "group_buy_members" USING btree ("team_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_buy_members_order" ON "group_buy_members" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_buy_members_live_seat" ON "group_buy_members" USING btree ("team_id","buyer_id") WHERE state in ('joined', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "group_buy_skus_activity_sku" ON "group_buy_skus" USING btree ("activity_id","sku_id");--> statement-breakpoint
CREATE INDEX "group_buy_teams_site_created" ON "group_buy_teams" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "group_buy_teams_activity" ON "group_buy_teams" USING btree ("activity_id","state");--> statement-breakpoint
CREATE INDEX "group_buy_teams_due" ON "group_buy_teams" USING btree ("expires_at") WHERE state = 'forming';--> statement-breakpoint
CREATE INDEX "seckill_goods_activity" ON "seckill_goods" USING btree ("activity_id","deleted","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "seckill_goods_live_product" ON "seckill_goods" USING btree ("activity_id","product_id") WHERE not deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "seckill_order_lines_order" ON "seckill_order_lines" USING btree ("order_id","seckill_sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seckill_skus_goods_sku" ON "seckill_skus" USING btree ("seckill_goods_id","sku_id");--> statement-breakpoint
CREATE INDEX "seckill_skus_activity" ON "seckill_skus" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "seckill_stock_log_sku" ON "seckill_stock_log" USING btree ("seckill_sku_id","id");