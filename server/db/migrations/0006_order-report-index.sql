DROP INDEX "orders_site_paid";--> statement-breakpoint
CREATE INDEX "orders_site_paid_buyer" ON "orders" USING btree ("site_id","paid_at","buyer_id","paid_fen","id") WHERE paid_at is not null;