CREATE TABLE "member_check_ins" (
	"site_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"growth" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"growth_per_yuan" integer NOT NULL,
	"growth_per_check_in" integer NOT NULL,
	"growth_per_review" integer NOT NULL,
	"grade_on_activity_prices" boolean NOT NULL,
	"grade_with_coupon" boolean NOT NULL,
	"excluded_product_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"pay_fen" integer NOT NULL,
	"bonus_fen" integer DEFAULT 0 NOT NULL,
	"bonus_points" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharge_rules_amounts" CHECK ("recharge_rules"."pay_fen" > 0 and "recharge_rules"."bonus_fen" >= 0 and "recharge_rules"."bonus_points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "outcome" text DEFAULT 'success' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "error" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_grades" ADD COLUMN "discount_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_grades" ADD COLUMN "free_shipping" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_grades" ADD COLUMN "privileges" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "member_grades" ADD COLUMN "icon" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_grades" ADD COLUMN "card_background" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_check_ins" ADD CONSTRAINT "member_check_ins_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_check_ins" ADD CONSTRAINT "member_check_ins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_rules" ADD CONSTRAINT "recharge_rules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_check_ins_once" ON "member_check_ins" USING btree ("site_id","member_id","day");--> statement-breakpoint
CREATE INDEX "recharge_rules_site" ON "recharge_rules" USING btree ("site_id","pay_fen");--> statement-breakpoint
CREATE INDEX "audit_log_site_account" ON "audit_log" USING btree ("site_id","account_id","at");--> statement-breakpoint
ALTER TABLE "member_grades" ADD CONSTRAINT "member_grades_discount" CHECK ("member_grades"."discount_percent" between 1 and 100);