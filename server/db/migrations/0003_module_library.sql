CREATE TABLE "module_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"shop_type" integer NOT NULL,
	"name" text NOT NULL,
	"data" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"published_data" text,
	"published_version" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "module_templates" ADD CONSTRAINT "module_templates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "module_templates_site" ON "module_templates" USING btree ("site_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "module_templates_current" ON "module_templates" USING btree ("site_id") WHERE "module_templates"."is_current";