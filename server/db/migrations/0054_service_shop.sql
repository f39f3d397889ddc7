CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"title" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 60 NOT NULL,
	"technician_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"booking_form_id" integer,
	"rating" integer DEFAULT 50 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technicians" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"title" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"store_id" integer,
	"rating" integer DEFAULT 50 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_booking_form_id_booking_forms_id_fk" FOREIGN KEY ("booking_form_id") REFERENCES "public"."booking_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_site_live" ON "services" USING btree ("site_id","deleted","sort","id");--> statement-breakpoint
CREATE INDEX "technicians_site_live" ON "technicians" USING btree ("site_id","deleted","sort","id");