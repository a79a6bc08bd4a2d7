ALTER TABLE "order_items" ADD COLUMN "is_sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders placed before this column named their samples "… (sample)" in English.
UPDATE "order_items" SET "is_sample" = true, "name" = left("name", length("name") - length(' (sample)')) WHERE "name" LIKE '% (sample)' AND "unit_price_cents" = 0;
