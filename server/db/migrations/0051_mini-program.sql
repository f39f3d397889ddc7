CREATE TABLE "mini_program_version_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"event" text NOT NULL,
	"account_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_program_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"provider" text NOT NULL,
	"app_id" text NOT NULL,
	"template_id" integer NOT NULL,
	"user_version" text NOT NULL,
	"user_desc" text NOT NULL,
	"ext_json" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"audit_id" text DEFAULT '' NOT NULL,
	"audit_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version_desc" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"committed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_authorizers" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"app_id" text NOT NULL,
	"state" text DEFAULT 'authorized' NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"head_image" text DEFAULT '' NOT NULL,
	"principal_name" text DEFAULT '' NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"domains" jsonb DEFAULT '{"request":[],"ws":[],"upload":[],"download":[]}'::jsonb NOT NULL,
	"visit_open" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"authorized_at" timestamp with time zone NOT NULL,
	"authorized_by" integer,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_tokens" (
	"key" text PRIMARY KEY NOT NULL,
	"token_sealed" text,
	"expires_at" timestamp with time zone,
	"refreshing_until" timestamp with time zone,
	"refresh_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_verify_tickets" (
	"component_app_id" text PRIMARY KEY NOT NULL,
	"ticket" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mini_program_version_events" ADD CONSTRAINT "mini_program_version_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_version_events" ADD CONSTRAINT "mini_program_version_events_version_id_mini_program_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."mini_program_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_version_events" ADD CONSTRAINT "mini_program_version_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_versions" ADD CONSTRAINT "mini_program_versions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_versions" ADD CONSTRAINT "mini_program_versions_committed_by_accounts_id_fk" FOREIGN KEY ("committed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_authorizers" ADD CONSTRAINT "wechat_authorizers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_authorizers" ADD CONSTRAINT "wechat_authorizers_authorized_by_accounts_id_fk" FOREIGN KEY ("authorized_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mini_program_version_events_version" ON "mini_program_version_events" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "mini_program_versions_site" ON "mini_program_versions" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "mini_program_versions_audit" ON "mini_program_versions" USING btree ("app_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_authorizers_app" ON "wechat_authorizers" USING btree ("provider","app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_pushes_dedupe" ON "wechat_pushes" USING btree ("dedupe_key");