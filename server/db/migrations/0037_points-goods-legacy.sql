-- Points goods made before they named a catalogue good cannot ship or issue tickets: they stay
-- for the links that name them, switched off until an operator chooses the good they give.
UPDATE "points_products" SET "status" = 'off' WHERE "product_id" IS NULL;
