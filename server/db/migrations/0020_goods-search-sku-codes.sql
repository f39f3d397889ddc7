-- The goods search reads the SKU codes kept on products (sku_code_search, 0018) instead.
ALTER TABLE "skus" DROP COLUMN "code_search";