CREATE TABLE "live_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"price_fen" integer NOT NULL,
	"state" text DEFAULT 'auditing' NOT NULL,
	"wechat_goods_id" integer DEFAULT 0 NOT NULL,
	"audit_id" integer DEFAULT 0 NOT NULL,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_room_goods" (
	"site_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_room_goods_room_id_goods_id_pk" PRIMARY KEY("room_id","goods_id")
);
--> statement-breakpoint
CREATE TABLE "auto_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"match" text NOT NULL,
	"reply" jsonb NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"direction" text NOT NULL,
	"open_id" text NOT NULL,
	"msg_id" text,
	"msg_type" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"delivery_id" integer,
	"auto_reply_id" integer,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_consents" (
	"site_id" integer NOT NULL,
	"open_id" text NOT NULL,
	"pri_tmpl_id" text NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"last_result" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_consents_site_id_open_id_pri_tmpl_id_pk" PRIMARY KEY("site_id","open_id","pri_tmpl_id"),
	CONSTRAINT "message_consents_remaining" CHECK ("message_consents"."remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "message_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"send_id" integer,
	"scene" text DEFAULT '' NOT NULL,
	"member_id" integer,
	"open_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text NOT NULL,
	"errcode" integer DEFAULT 0 NOT NULL,
	"errmsg" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_scenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"scene" text NOT NULL,
	"template_id" integer NOT NULL,
	"mapping" jsonb NOT NULL,
	"page" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"page" text DEFAULT '' NOT NULL,
	"target" text NOT NULL,
	"tag" text,
	"grade_id" integer,
	"target_label" text NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"request_key" text NOT NULL,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"pri_tmpl_id" text NOT NULL,
	"tid" integer NOT NULL,
	"title" text NOT NULL,
	"scene_desc" text NOT NULL,
	"keywords" jsonb NOT NULL,
	"provider" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_connections" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"app_secret_sealed" text,
	"app_secret_hint" text DEFAULT '' NOT NULL,
	"push_token" text DEFAULT '' NOT NULL,
	"default_reply_on" boolean DEFAULT false NOT NULL,
	"default_reply" jsonb,
	"sandbox_errcode" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "live_room_id" integer;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "share_image" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "anchor_wechat" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "type" text DEFAULT 'phone' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "close_comment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "close_share" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "wechat_room_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_goods" ADD CONSTRAINT "live_goods_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_goods" ADD CONSTRAINT "live_goods_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_goods" ADD CONSTRAINT "live_room_goods_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_goods" ADD CONSTRAINT "live_room_goods_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_goods" ADD CONSTRAINT "live_room_goods_goods_id_live_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."live_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_replies" ADD CONSTRAINT "auto_replies_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_delivery_id_message_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."message_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_auto_reply_id_auto_replies_id_fk" FOREIGN KEY ("auto_reply_id") REFERENCES "public"."auto_replies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_consents" ADD CONSTRAINT "message_consents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_send_id_message_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."message_sends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_scenes" ADD CONSTRAINT "message_scenes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_scenes" ADD CONSTRAINT "message_scenes_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_grade_id_member_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."member_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_connections" ADD CONSTRAINT "wechat_connections_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_connections" ADD CONSTRAINT "wechat_connections_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_goods_site" ON "live_goods" USING btree ("site_id","deleted","state");--> statement-breakpoint
CREATE INDEX "auto_replies_site" ON "auto_replies" USING btree ("site_id","deleted");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_msg" ON "customer_messages" USING btree ("site_id","msg_id");--> statement-breakpoint
CREATE INDEX "customer_messages_site" ON "customer_messages" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_messages_buyer" ON "customer_messages" USING btree ("site_id","open_id","direction","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_deliveries_key" ON "message_deliveries" USING btree ("site_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "message_deliveries_due" ON "message_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "message_deliveries_send" ON "message_deliveries" USING btree ("send_id","state");--> statement-breakpoint
CREATE INDEX "message_deliveries_site" ON "message_deliveries" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_scenes_site_scene" ON "message_scenes" USING btree ("site_id","scene");--> statement-breakpoint
CREATE UNIQUE INDEX "message_sends_request" ON "message_sends" USING btree ("site_id","request_key");--> statement-breakpoint
CREATE INDEX "message_sends_due" ON "message_sends" USING btree ("state","scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_site_pri" ON "message_templates" USING btree ("site_id","pri_tmpl_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_live_room_id_live_rooms_id_fk" FOREIGN KEY ("live_room_id") REFERENCES "public"."live_rooms"("id") ON DELETE no action ON UPDATE no action;