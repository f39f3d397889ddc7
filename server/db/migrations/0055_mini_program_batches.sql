CREATE TABLE "mini_program_batch_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"version_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_program_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"template_id" integer NOT NULL,
	"user_version" text NOT NULL,
	"user_desc" text NOT NULL,
	"api_base" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mini_program_batch_items" ADD CONSTRAINT "mini_program_batch_items_batch_id_mini_program_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."mini_program_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_batch_items" ADD CONSTRAINT "mini_program_batch_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_batch_items" ADD CONSTRAINT "mini_program_batch_items_version_id_mini_program_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."mini_program_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_batches" ADD CONSTRAINT "mini_program_batches_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_batches" ADD CONSTRAINT "mini_program_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mini_program_batch_items_site" ON "mini_program_batch_items" USING btree ("batch_id","site_id");--> statement-breakpoint
CREATE INDEX "mini_program_batch_items_version" ON "mini_program_batch_items" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "mini_program_batches_site" ON "mini_program_batches" USING btree ("site_id","created_at");