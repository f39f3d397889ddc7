-- Coupons made before the coupon module had an on/off switch and a claim window only: a switched-on
-- one is on offer (active), a switched-off one paused, and their copies are valid through the same
-- days as the window (shop days, UTC+8). Runs before the switch column is dropped.
UPDATE "coupons" SET
  "state" = CASE WHEN "status" = 'off' THEN 'paused' ELSE 'active' END,
  "validity_kind" = 'fixed',
  "valid_from" = ("starts_at" AT TIME ZONE 'Asia/Shanghai')::date,
  "valid_until" = (("ends_at" - interval '1 microsecond') AT TIME ZONE 'Asia/Shanghai')::date
WHERE "valid_from" IS NULL AND "valid_days" IS NULL;
