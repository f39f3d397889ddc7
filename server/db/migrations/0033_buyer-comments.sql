ALTER TABLE "product_comments" ADD COLUMN "buyer_id" text;--> statement-breakpoint
ALTER TABLE "product_comments" ADD COLUMN "order_no" text;--> statement-breakpoint
CREATE UNIQUE INDEX "product_comments_order_product" ON "product_comments" USING btree ("site_id","order_no","product_id");--> statement-breakpoint
ALTER TABLE "product_comments" ADD CONSTRAINT "product_comments_buyer_order" CHECK (("product_comments"."buyer_id" is null) = ("product_comments"."order_no" is null));