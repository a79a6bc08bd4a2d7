CREATE TABLE "listing_index_snapshot_parts" (
	"snapshot_id" integer NOT NULL,
	"part" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "listing_index_snapshot_parts_snapshot_id_part_pk" PRIMARY KEY("snapshot_id","part")
);
--> statement-breakpoint
CREATE TABLE "listing_index_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"database_snapshot" text NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_change_log" (
	"xid" bigint PRIMARY KEY NOT NULL,
	"tables" text[] NOT NULL,
	"products" text NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_index_snapshot_parts" ADD CONSTRAINT "listing_index_snapshot_parts_snapshot_id_listing_index_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."listing_index_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 0039: every storefront change is also written to storefront_change_log, one row per
-- transaction (its tables and the products noted so far, as the notification tells them), quiet
-- (held) changes too, so that a process starting from a listing-index snapshot reads again exactly
-- the products changed since (those whose transaction the snapshot's reads did not see).
CREATE OR REPLACE FUNCTION notify_storefront_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held text := coalesce(current_setting('cordial.storefront_change_held', true), '');
  noted text;
  payload text := TG_TABLE_NAME;
BEGIN
  IF TG_ARGV[0] = 'products' THEN
    IF TG_OP = 'TRUNCATE' THEN
      PERFORM set_config('cordial.storefront_changed_products', '*', true);
    END IF;
    noted := coalesce(current_setting('cordial.storefront_changed_products', true), '');
    -- No product's row changed (no row at all, or a sale that left the stock above 0).
    IF noted = '' THEN
      RETURN NULL;
    END IF;
    payload := TG_TABLE_NAME || ';' || noted;
  END IF;
  -- The products noted are those of the whole transaction so far: the latest list holds the earlier ones.
  INSERT INTO storefront_change_log AS logged (xid, tables, products)
    VALUES (pg_current_xact_id()::text::bigint, ARRAY[TG_TABLE_NAME], coalesce(noted, ''))
    ON CONFLICT (xid) DO UPDATE SET
      tables = CASE WHEN TG_TABLE_NAME = ANY (logged.tables) THEN logged.tables ELSE logged.tables || TG_TABLE_NAME END,
      products = coalesce(noted, logged.products);
  IF current_setting('cordial.quiet_storefront_change', true) = 'on' THEN
    IF NOT TG_TABLE_NAME = ANY (string_to_array(held, ',')) THEN
      PERFORM set_config('cordial.storefront_change_held', concat_ws(',', nullif(held, ''), TG_TABLE_NAME), true);
    END IF;
  ELSIF noted IS NULL OR noted = '*' OR noted IS DISTINCT FROM current_setting('cordial.storefront_products_told', true) THEN
    -- The same products told again for another table of theirs would be read again for nothing.
    PERFORM pg_notify('storefront_change', payload);
    IF noted IS NOT NULL THEN
      PERFORM set_config('cordial.storefront_products_told', noted, true);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
