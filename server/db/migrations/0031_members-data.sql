-- The members list and details sum each member's paid orders (spent, order count, last order);
-- this index lets that lookup read one buyer's payments from the index alone. Idempotent.
CREATE INDEX IF NOT EXISTS "orders_site_buyer_paid" ON "orders" USING btree ("site_id", "buyer_id", "paid_at")
  INCLUDE ("paid_fen", "refunded_fen") WHERE paid_at IS NOT NULL;
