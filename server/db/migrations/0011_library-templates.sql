CREATE TABLE "product_template_categories" (
	"site_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	CONSTRAINT "product_template_categories_site_id_category_id_pk" PRIMARY KEY("site_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_template_products" (
	"site_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	CONSTRAINT "product_template_products_site_id_product_id_pk" PRIMARY KEY("site_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"layout" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_type" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"data" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_center_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_template_categories" ADD CONSTRAINT "product_template_categories_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_template_categories" ADD CONSTRAINT "product_template_categories_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_template_categories" ADD CONSTRAINT "product_template_categories_template_id_product_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."product_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_template_products" ADD CONSTRAINT "product_template_products_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_template_products" ADD CONSTRAINT "product_template_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_template_products" ADD CONSTRAINT "product_template_products_template_id_product_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."product_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_center_settings" ADD CONSTRAINT "user_center_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_template_categories_template" ON "product_template_categories" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "product_template_products_template" ON "product_template_products" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "product_templates_site" ON "product_templates" USING btree ("site_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_templates_default" ON "product_templates" USING btree ("site_id") WHERE "product_templates"."is_default";--> statement-breakpoint
CREATE INDEX "public_templates_type" ON "public_templates" USING btree ("shop_type","sort","id");