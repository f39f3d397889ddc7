CREATE TABLE "pay_applyments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'editing' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"business_code" text DEFAULT '' NOT NULL,
	"draft" jsonb NOT NULL,
	"id_card_number_sealed" text,
	"id_card_number_mask" text DEFAULT '' NOT NULL,
	"account_number_sealed" text,
	"account_number_mask" text DEFAULT '' NOT NULL,
	"contact_mobile_sealed" text,
	"contact_mobile_mask" text DEFAULT '' NOT NULL,
	"applyment_id" text DEFAULT '' NOT NULL,
	"sign_url" text DEFAULT '' NOT NULL,
	"sub_mch_id" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"polled_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_applyments" ADD CONSTRAINT "pay_applyments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_applyments" ADD CONSTRAINT "pay_applyments_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_applyments_site" ON "pay_applyments" USING btree ("site_id","created_at");