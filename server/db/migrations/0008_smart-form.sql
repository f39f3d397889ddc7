CREATE TABLE "smart_form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"notice_enabled" boolean DEFAULT false NOT NULL,
	"notice_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notice_phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smart_form_submissions" ADD CONSTRAINT "smart_form_submissions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_form_submissions" ADD CONSTRAINT "smart_form_submissions_form_id_smart_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."smart_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_forms" ADD CONSTRAINT "smart_forms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_form_submissions_site" ON "smart_form_submissions" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "smart_form_submissions_form" ON "smart_form_submissions" USING btree ("form_id","created_at");--> statement-breakpoint
CREATE INDEX "smart_forms_site" ON "smart_forms" USING btree ("site_id","updated_at");