CREATE TABLE "shop_infos" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"shop_name" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"copyright" text DEFAULT '' NOT NULL,
	"technical_support" text DEFAULT '' NOT NULL,
	"public_account_qr" text DEFAULT '' NOT NULL,
	"promotion_title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"promotion_word1" text DEFAULT '' NOT NULL,
	"promotion_word2" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"fax" text DEFAULT '' NOT NULL,
	"show_id_on_profile" boolean DEFAULT false NOT NULL,
	"closing_poster" boolean DEFAULT false NOT NULL,
	"news_comments" boolean DEFAULT true NOT NULL,
	"comment_audit" boolean DEFAULT false NOT NULL,
	"province_code" text DEFAULT '' NOT NULL,
	"city_code" text DEFAULT '' NOT NULL,
	"district_code" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"service_phone" text DEFAULT '' NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"mode" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "news_comment_flags" CASCADE;--> statement-breakpoint
ALTER TABLE "shop_infos" ADD CONSTRAINT "shop_infos_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_notices" ADD CONSTRAINT "shop_notices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_notices_site_live" ON "shop_notices" USING btree ("site_id","deleted","sort","id");