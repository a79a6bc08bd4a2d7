ALTER TABLE "category_translations" ADD COLUMN "meta_title" text;--> statement-breakpoint
ALTER TABLE "category_translations" ADD COLUMN "meta_description" text;