ALTER TABLE "freight_templates" ALTER COLUMN "rules" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "freight_templates" ADD COLUMN "charge_mode" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "volume_cm3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "freight_templates_site_name" ON "freight_templates" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "freight_templates_one_default" ON "freight_templates" USING btree ("site_id") WHERE "freight_templates"."is_default";--> statement-breakpoint
CREATE INDEX "products_freight_template" ON "products" USING btree ("freight_template_id");