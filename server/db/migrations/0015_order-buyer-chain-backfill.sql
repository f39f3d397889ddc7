-- Each buyer's previous paying day, for the rows written before the column existed; from here on
-- countPayment (server/areas/order/sales-summary.ts) keeps the chain.
UPDATE "order_buyer_days" d SET "previous_day" = chain.previous_day
  FROM (SELECT site_id, day, buyer, lag(day) OVER (PARTITION BY site_id, buyer ORDER BY day) AS previous_day
          FROM order_buyer_days) chain
 WHERE chain.site_id = d.site_id AND chain.day = d.day AND chain.buyer = d.buyer
   AND chain.previous_day IS NOT NULL;
