CREATE TABLE "category_page_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"style" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_page_settings" ADD CONSTRAINT "category_page_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;