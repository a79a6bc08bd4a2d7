-- Issue 16: a transaction that holds its storefront changes back (migration 0031) now records
-- which tables it changed (cordial.storefront_change_held: their names, comma-separated), so that
-- its runner's notification names them too and a stock or price import refreshes only the listing
-- index's variant figures instead of rebuilding it (decision 0029).
CREATE OR REPLACE FUNCTION notify_storefront_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held text := coalesce(current_setting('cordial.storefront_change_held', true), '');
BEGIN
  IF current_setting('cordial.quiet_storefront_change', true) = 'on' THEN
    IF NOT TG_TABLE_NAME = ANY (string_to_array(held, ',')) THEN
      PERFORM set_config('cordial.storefront_change_held', concat_ws(',', nullif(held, ''), TG_TABLE_NAME), true);
    END IF;
  ELSE
    PERFORM pg_notify('storefront_change', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
