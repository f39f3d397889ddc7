CREATE TABLE "booking_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"account_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_seat_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"seat_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"taken" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"store_id" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"seat" text NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_seats_taken" CHECK ("booking_seats"."taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"booking_no" text NOT NULL,
	"form_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"store_id" integer,
	"day" date NOT NULL,
	"slot_start" text NOT NULL,
	"slot_end" text NOT NULL,
	"seat_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"buyer_remark" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"order_id" integer,
	"deposit_fen" integer DEFAULT 0 NOT NULL,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "fields" jsonb DEFAULT '{"fields":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "capacity_mode" text DEFAULT 'perSlot' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "day_capacity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "slots" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "weekdays" integer[] DEFAULT '{1,2,3,4,5,6,7}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "days_ahead" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "price" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "deposit_sku_id" integer;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "store_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "starts_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "ends_at" timestamp with time zone DEFAULT now() + interval '1 year' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_log" ADD CONSTRAINT "booking_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_log" ADD CONSTRAINT "booking_log_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_seat_log" ADD CONSTRAINT "booking_seat_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_seat_log" ADD CONSTRAINT "booking_seat_log_seat_id_booking_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."booking_seats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_seat_log" ADD CONSTRAINT "booking_seat_log_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_seats" ADD CONSTRAINT "booking_seats_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_seats" ADD CONSTRAINT "booking_seats_form_id_booking_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."booking_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_form_id_booking_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."booking_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_seat_id_booking_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."booking_seats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_categories" ADD CONSTRAINT "booking_categories_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_log_booking" ON "booking_log" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "booking_seat_log_seat" ON "booking_seat_log" USING btree ("seat_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_seats_key" ON "booking_seats" USING btree ("form_id","store_id","day","seat");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_site_no" ON "bookings" USING btree ("site_id","booking_no");--> statement-breakpoint
CREATE INDEX "bookings_site_created" ON "bookings" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_form" ON "bookings" USING btree ("form_id","state");--> statement-breakpoint
CREATE INDEX "bookings_member" ON "bookings" USING btree ("site_id","buyer_id","id");--> statement-breakpoint
CREATE INDEX "bookings_order" ON "bookings" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_live_per_slot" ON "bookings" USING btree ("form_id","member_id","day","slot_start") WHERE state in ('new', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "booking_categories_site_name" ON "booking_categories" USING btree ("site_id","name");--> statement-breakpoint
ALTER TABLE "booking_forms" ADD CONSTRAINT "booking_forms_category_id_booking_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."booking_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD CONSTRAINT "booking_forms_deposit_sku_id_skus_id_fk" FOREIGN KEY ("deposit_sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_forms" ADD CONSTRAINT "booking_forms_rules" CHECK ("booking_forms"."day_capacity" >= 0 and "booking_forms"."days_ahead" >= 1 and "booking_forms"."ends_at" > "booking_forms"."starts_at");