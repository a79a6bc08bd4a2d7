-- The change log's row of a transaction is written again only when the transaction touches a table
-- it has not logged yet, or its list of products changed. A row trigger of a bulk statement (the
-- seed's reviews at 100× the catalogue, an import) wrote the same row again for every row, and each
-- write had to pass every earlier version of that row in the transaction: quadratic, hours at 100×.
CREATE OR REPLACE FUNCTION notify_storefront_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held text := coalesce(current_setting('cordial.storefront_change_held', true), '');
  logged_tables text := coalesce(current_setting('cordial.storefront_logged_tables', true), '');
  table_logged boolean := TG_TABLE_NAME = ANY (string_to_array(logged_tables, ','));
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
  IF NOT table_logged
    OR (noted IS NOT NULL AND noted IS DISTINCT FROM current_setting('cordial.storefront_logged_products', true)) THEN
    INSERT INTO storefront_change_log AS logged (xid, tables, products)
      VALUES (pg_current_xact_id()::text::bigint, ARRAY[TG_TABLE_NAME], coalesce(noted, ''))
      ON CONFLICT (xid) DO UPDATE SET
        tables = CASE WHEN TG_TABLE_NAME = ANY (logged.tables) THEN logged.tables ELSE logged.tables || TG_TABLE_NAME END,
        products = coalesce(noted, logged.products);
    IF NOT table_logged THEN
      PERFORM set_config('cordial.storefront_logged_tables', concat_ws(',', nullif(logged_tables, ''), TG_TABLE_NAME), true);
    END IF;
    IF noted IS NOT NULL THEN
      PERFORM set_config('cordial.storefront_logged_products', noted, true);
    END IF;
  END IF;
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
