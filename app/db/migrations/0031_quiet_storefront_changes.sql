-- Issue 16: an import's batches hold their storefront change back instead of notifying at each
-- commit (every batch emptied every process's caches, ~20 times per 10,000 rows). A transaction
-- that sets cordial.quiet_storefront_change (transaction-local) gets cordial.storefront_change_held
-- set instead, reads it before its commit, and its runner notifies for several batches at once.
-- Every other writer (an admin edit, a sale that sells out) still notifies at its commit.
CREATE OR REPLACE FUNCTION notify_storefront_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cordial.quiet_storefront_change', true) = 'on' THEN
    PERFORM set_config('cordial.storefront_change_held', 'on', true);
  ELSE
    PERFORM pg_notify('storefront_change', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
