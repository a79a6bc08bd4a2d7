ALTER TABLE "banners" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_page_translations" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "faq_categories" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "faq_questions" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;