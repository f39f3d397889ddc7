CREATE TABLE "certificate_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"certificate_id" integer NOT NULL,
	"holder_name" text NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poster_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"data" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"in_use" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_posters" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"poster_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"in_use" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_records" ADD CONSTRAINT "certificate_records_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_records" ADD CONSTRAINT "certificate_records_certificate_id_poster_documents_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."poster_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poster_documents" ADD CONSTRAINT "poster_documents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_posters" ADD CONSTRAINT "share_posters_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_posters" ADD CONSTRAINT "share_posters_poster_id_poster_documents_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."poster_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_records_number" ON "certificate_records" USING btree ("site_id","number");--> statement-breakpoint
CREATE INDEX "certificate_records_certificate" ON "certificate_records" USING btree ("site_id","certificate_id");--> statement-breakpoint
CREATE INDEX "poster_documents_site" ON "poster_documents" USING btree ("site_id","kind","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "poster_documents_in_use" ON "poster_documents" USING btree ("site_id","kind") WHERE "poster_documents"."in_use";--> statement-breakpoint
CREATE UNIQUE INDEX "share_posters_poster" ON "share_posters" USING btree ("site_id","poster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_posters_in_use" ON "share_posters" USING btree ("site_id") WHERE "share_posters"."in_use";