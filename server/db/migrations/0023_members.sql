CREATE SEQUENCE "public"."member_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "member_grade_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"from_grade_id" integer,
	"to_grade_id" integer NOT NULL,
	"cause" text NOT NULL,
	"growth" integer NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"growth_threshold" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_grades_threshold" CHECK ("member_grades"."growth_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_growth_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"after" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL,
	"account_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_growth_ledger_change" CHECK ("member_growth_ledger"."delta" <> 0 and "member_growth_ledger"."after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"member_no" text DEFAULT ('M' || lpad(nextval('member_numbers')::text, 8, '0')) NOT NULL,
	"open_id" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT 'unknown' NOT NULL,
	"birthday" date,
	"grade_id" integer,
	"growth" integer DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text NOT NULL,
	"inviter_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_growth" CHECK ("members"."growth" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_grade_changes" ADD CONSTRAINT "member_grade_changes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_grade_changes" ADD CONSTRAINT "member_grade_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_grade_changes" ADD CONSTRAINT "member_grade_changes_from_grade_id_member_grades_id_fk" FOREIGN KEY ("from_grade_id") REFERENCES "public"."member_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_grade_changes" ADD CONSTRAINT "member_grade_changes_to_grade_id_member_grades_id_fk" FOREIGN KEY ("to_grade_id") REFERENCES "public"."member_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_grade_changes" ADD CONSTRAINT "member_grade_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_grades" ADD CONSTRAINT "member_grades_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_growth_ledger" ADD CONSTRAINT "member_growth_ledger_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_growth_ledger" ADD CONSTRAINT "member_growth_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_growth_ledger" ADD CONSTRAINT "member_growth_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_grade_id_member_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."member_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_inviter_id_members_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_grade_changes_member" ON "member_grade_changes" USING btree ("site_id","member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_grades_site_level" ON "member_grades" USING btree ("site_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "member_grades_one_default" ON "member_grades" USING btree ("site_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "member_growth_ledger_member" ON "member_growth_ledger" USING btree ("site_id","member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_site_open_id" ON "members" USING btree ("site_id","open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_member_no" ON "members" USING btree ("member_no");--> statement-breakpoint
CREATE INDEX "members_site_registered" ON "members" USING btree ("site_id","registered_at","id");--> statement-breakpoint
CREATE INDEX "members_site_mobile" ON "members" USING btree ("site_id","mobile");