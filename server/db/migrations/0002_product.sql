CREATE TABLE "attribute_specs" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"name" text NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_comment_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"comment_id" integer NOT NULL,
	"author" text NOT NULL,
	"author_name" text NOT NULL,
	"account_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_custom_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"score" integer NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'visible' NOT NULL,
	"added_by_shop" boolean DEFAULT false NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"shop_replied" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "product_comments_score" CHECK ("product_comments"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "product_custom_type_links" (
	"site_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"custom_type_id" integer NOT NULL,
	CONSTRAINT "product_custom_type_links_product_id_custom_type_id_pk" PRIMARY KEY("product_id","custom_type_id")
);
--> statement-breakpoint
CREATE TABLE "product_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"audit_required" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_specs" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"max_price_fen" integer DEFAULT 0 NOT NULL,
	"market_price_fen" integer DEFAULT 0 NOT NULL,
	"sales_base" integer DEFAULT 0 NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"freight_template_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"shelf_state" text DEFAULT 'off' NOT NULL,
	"audit_state" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"recycle_state" text DEFAULT 'active' NOT NULL,
	"auto_shelf" boolean DEFAULT false NOT NULL,
	"total_stock" integer DEFAULT 0 NOT NULL,
	"sku_count" integer DEFAULT 0 NOT NULL,
	"recycled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "products_total_stock_non_negative" CHECK ("products"."total_stock" >= 0),
	CONSTRAINT "products_price_non_negative" CHECK ("products"."price_fen" >= 0 and "products"."max_price_fen" >= 0 and "products"."market_price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "related_products" (
	"site_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"related_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "related_products_product_id_related_id_pk" PRIMARY KEY("product_id","related_id")
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"spec_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spec_text" text DEFAULT '' NOT NULL,
	"price_fen" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"weight_g" integer DEFAULT 0 NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skus_stock_non_negative" CHECK ("skus"."stock" >= 0),
	CONSTRAINT "skus_price_non_negative" CHECK ("skus"."price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"after" integer NOT NULL,
	"reason" text NOT NULL,
	"account_id" integer,
	"account_name" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_product_types" (
	"site_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "store_product_types_store_id_category_id_pk" PRIMARY KEY("store_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "attribute_specs" ADD CONSTRAINT "attribute_specs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_specs" ADD CONSTRAINT "attribute_specs_type_id_attribute_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."attribute_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_types" ADD CONSTRAINT "attribute_types_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_comment_replies" ADD CONSTRAINT "product_comment_replies_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_comment_replies" ADD CONSTRAINT "product_comment_replies_comment_id_product_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."product_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_comment_replies" ADD CONSTRAINT "product_comment_replies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_custom_types" ADD CONSTRAINT "product_custom_types_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_templates" ADD CONSTRAINT "freight_templates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_parent_id_product_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_comments" ADD CONSTRAINT "product_comments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_comments" ADD CONSTRAINT "product_comments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_custom_type_links" ADD CONSTRAINT "product_custom_type_links_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_custom_type_links" ADD CONSTRAINT "product_custom_type_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_custom_type_links" ADD CONSTRAINT "product_custom_type_links_custom_type_id_product_custom_types_id_fk" FOREIGN KEY ("custom_type_id") REFERENCES "public"."product_custom_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_settings" ADD CONSTRAINT "product_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_freight_template_id_freight_templates_id_fk" FOREIGN KEY ("freight_template_id") REFERENCES "public"."freight_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_related_id_products_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_log" ADD CONSTRAINT "stock_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_log" ADD CONSTRAINT "stock_log_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_log" ADD CONSTRAINT "stock_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_types" ADD CONSTRAINT "store_product_types_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_types" ADD CONSTRAINT "store_product_types_store_id_accounts_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_types" ADD CONSTRAINT "store_product_types_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribute_specs_type" ON "attribute_specs" USING btree ("type_id","sort");--> statement-breakpoint
CREATE INDEX "attribute_types_site" ON "attribute_types" USING btree ("site_id","sort");--> statement-breakpoint
CREATE INDEX "product_comment_replies_comment" ON "product_comment_replies" USING btree ("comment_id","created_at");--> statement-breakpoint
CREATE INDEX "product_custom_types_site" ON "product_custom_types" USING btree ("site_id","sort");--> statement-breakpoint
CREATE INDEX "freight_templates_site" ON "freight_templates" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "product_categories_site_parent" ON "product_categories" USING btree ("site_id","parent_id","sort");--> statement-breakpoint
CREATE INDEX "product_comments_site" ON "product_comments" USING btree ("site_id","state","created_at");--> statement-breakpoint
CREATE INDEX "product_comments_product" ON "product_comments" USING btree ("site_id","product_id","created_at");--> statement-breakpoint
CREATE INDEX "product_custom_type_links_type" ON "product_custom_type_links" USING btree ("custom_type_id");--> statement-breakpoint
CREATE INDEX "product_specs_product" ON "product_specs" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "products_site_sort" ON "products" USING btree ("site_id","recycle_state","sort","id");--> statement-breakpoint
CREATE INDEX "products_site_shelf_sort" ON "products" USING btree ("site_id","recycle_state","shelf_state","sort","id");--> statement-breakpoint
CREATE INDEX "products_site_audit" ON "products" USING btree ("site_id","recycle_state","audit_state","id");--> statement-breakpoint
CREATE INDEX "products_site_created" ON "products" USING btree ("site_id","recycle_state","created_at");--> statement-breakpoint
CREATE INDEX "products_site_price" ON "products" USING btree ("site_id","recycle_state","price_fen");--> statement-breakpoint
CREATE INDEX "products_site_stock" ON "products" USING btree ("site_id","recycle_state","total_stock");--> statement-breakpoint
CREATE INDEX "products_site_category" ON "products" USING btree ("site_id","category_id");--> statement-breakpoint
CREATE INDEX "skus_product" ON "skus" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "skus_site_code" ON "skus" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "stock_log_product" ON "stock_log" USING btree ("site_id","product_id","at");--> statement-breakpoint
CREATE INDEX "stock_log_sku" ON "stock_log" USING btree ("sku_id");