CREATE TABLE "ticket_verifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer,
	"account_id" integer,
	"store_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_verifiers_who" CHECK (("ticket_verifiers"."kind" = 'member' and "ticket_verifiers"."member_id" is not null and "ticket_verifiers"."account_id" is null)
       or ("ticket_verifiers"."kind" = 'account' and "ticket_verifiers"."account_id" is not null and "ticket_verifiers"."member_id" is null))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"member_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"goods_name" text NOT NULL,
	"unit_fen" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"store_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"used_at" timestamp with time zone,
	"used_store_id" integer,
	"end_reason" text DEFAULT '' NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "tickets_used_store" CHECK (("tickets"."state" = 'used') = ("tickets"."used_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "write_offs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reference_id" integer NOT NULL,
	"reference" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"member_name" text DEFAULT '' NOT NULL,
	"store_id" integer NOT NULL,
	"verifier_kind" text NOT NULL,
	"verifier_member_id" integer,
	"account_id" integer,
	"verifier_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "kind" text DEFAULT 'physical' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ticket_settings" jsonb;--> statement-breakpoint
ALTER TABLE "ticket_verifiers" ADD CONSTRAINT "ticket_verifiers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_verifiers" ADD CONSTRAINT "ticket_verifiers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_verifiers" ADD CONSTRAINT "ticket_verifiers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_verifiers" ADD CONSTRAINT "ticket_verifiers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_verifiers" ADD CONSTRAINT "ticket_verifiers_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_used_store_id_stores_id_fk" FOREIGN KEY ("used_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_verifier_member_id_members_id_fk" FOREIGN KEY ("verifier_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_verifiers_member_store" ON "ticket_verifiers" USING btree ("store_id","member_id") WHERE member_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_verifiers_account_store" ON "ticket_verifiers" USING btree ("store_id","account_id") WHERE account_id is not null;--> statement-breakpoint
CREATE INDEX "ticket_verifiers_site" ON "ticket_verifiers" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_site_code" ON "tickets" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "tickets_site_created" ON "tickets" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_order" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tickets_member" ON "tickets" USING btree ("site_id","member_id","id");--> statement-breakpoint
CREATE INDEX "tickets_unused_due" ON "tickets" USING btree ("valid_until") WHERE state = 'unused';--> statement-breakpoint
CREATE INDEX "write_offs_site_created" ON "write_offs" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "write_offs_site_store_created" ON "write_offs" USING btree ("site_id","store_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "write_offs_reference" ON "write_offs" USING btree ("site_id","kind","reference_id");