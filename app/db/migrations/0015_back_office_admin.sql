ALTER TABLE "gift_cards" ADD COLUMN "recipient_email" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "discarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "replied_at" timestamp with time zone;