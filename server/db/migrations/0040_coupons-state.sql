ALTER TABLE "coupons" ALTER COLUMN "validity_kind" SET DEFAULT 'relative';--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "valid_days" SET DEFAULT 30;--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_validity" CHECK (("coupons"."validity_kind" = 'fixed' and "coupons"."valid_from" is not null and "coupons"."valid_until" is not null)
       or ("coupons"."validity_kind" = 'relative' and "coupons"."valid_days" between 1 and 365));