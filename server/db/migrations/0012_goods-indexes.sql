ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || chr(10) || code)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "code_search" text GENERATED ALWAYS AS (lower(code)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_site_tabs" ON "products" USING btree ("site_id","recycle_state","shelf_state","audit_state","total_stock");--> statement-breakpoint
CREATE INDEX "products_site_sales" ON "products" USING btree ("site_id","recycle_state",("sales_base" + "sold_count"),"id");--> statement-breakpoint
CREATE INDEX "products_site_name" ON "products" USING btree ("site_id","recycle_state","name","id");--> statement-breakpoint
CREATE INDEX "products_site_updated" ON "products" USING btree ("site_id","recycle_state","updated_at","id");