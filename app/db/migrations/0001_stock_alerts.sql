CREATE TABLE "stock_alert_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stock_alert_subscriptions" ADD CONSTRAINT "stock_alert_subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alert_subscriptions" ADD CONSTRAINT "stock_alert_subscriptions_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alert_subscriptions" ADD CONSTRAINT "stock_alert_subscriptions_locale_locales_code_fk" FOREIGN KEY ("locale") REFERENCES "public"."locales"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alert_subscriptions_unique_idx" ON "stock_alert_subscriptions" USING btree (lower("email"),"product_id",coalesce("variant_id", 0));--> statement-breakpoint
CREATE INDEX "stock_alert_subscriptions_pending_idx" ON "stock_alert_subscriptions" USING btree ("product_id") WHERE "stock_alert_subscriptions"."notified_at" is null;