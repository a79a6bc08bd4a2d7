CREATE TABLE "pickup_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"zip_code" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"zip_number" integer NOT NULL,
	"opening_hours" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pickup_points_country_zip_idx" ON "pickup_points" USING btree ("country_code","zip_number");