CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"member_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"handled_by" integer,
	"handled_by_name" text DEFAULT '' NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_site" ON "feedback" USING btree ("site_id","status","created_at");