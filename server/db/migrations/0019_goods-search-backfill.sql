-- The SKU codes of goods saved before products kept them; from here on every SKU write refreshes
-- them with the goods' totals (refreshTotals in server/areas/product/product-save.ts).
UPDATE products p SET sku_code_search = codes.search
  FROM (SELECT product_id, string_agg(lower(code), chr(10) ORDER BY position, id) AS search
          FROM skus GROUP BY product_id) codes
 WHERE codes.product_id = p.id;
