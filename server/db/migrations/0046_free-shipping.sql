CREATE TABLE "free_shipping_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"threshold" text NOT NULL,
	"minimum_fen" integer DEFAULT 0 NOT NULL,
	"minimum_quantity" integer DEFAULT 0 NOT NULL,
	"region_scope" text NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"goods_scope" text NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_shipping_activities_rules" CHECK ("free_shipping_activities"."minimum_fen" >= 0 and "free_shipping_activities"."minimum_quantity" >= 0 and "free_shipping_activities"."ends_at" > "free_shipping_activities"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "free_shipping_activities" ADD CONSTRAINT "free_shipping_activities_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_shipping_activities_site" ON "free_shipping_activities" USING btree ("site_id","deleted","id");