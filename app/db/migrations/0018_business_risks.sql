ALTER TABLE "customers" ADD COLUMN "business_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "business_approved_by" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("status","payment_method","created_at");