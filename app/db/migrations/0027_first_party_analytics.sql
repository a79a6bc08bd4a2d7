CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"occurred_on" date NOT NULL,
	"storefront" text NOT NULL,
	"name" text NOT NULL,
	"page_type" text,
	"currency" text,
	"value_minor" integer,
	"item_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_errors" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"source" text,
	"page_type" text,
	"storefront" text,
	"occurrences" integer NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_request_id" text
);
--> statement-breakpoint
CREATE TABLE "web_vitals" (
	"id" serial PRIMARY KEY NOT NULL,
	"measured_on" date NOT NULL,
	"storefront" text NOT NULL,
	"page_type" text NOT NULL,
	"metric" text NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_day_store_idx" ON "analytics_events" USING btree ("occurred_on","storefront","name");--> statement-breakpoint
CREATE INDEX "web_vitals_metric_idx" ON "web_vitals" USING btree ("metric","page_type","measured_on");