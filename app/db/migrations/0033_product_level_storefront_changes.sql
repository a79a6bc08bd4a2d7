-- Issue 18: a change names the products it touched, so each process's listing index re-reads only
-- those products instead of the whole catalogue (about 20 minutes at 100×; decision 0033).
-- Row triggers on the tables whose rows belong to a product note its id in the transaction-local
-- setting cordial.storefront_changed_products (comma-separated; '*' = every product, when the list
-- passes 4,000 characters, on TRUNCATE, or set so by a bulk writer such as the demo seed, whose rows
-- then skip the trigger in its WHEN). The statement triggers notify `table;ids` (or `table;*`);
-- tables without product rows still notify their name alone.
CREATE FUNCTION note_storefront_changed_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  noted text := coalesce(current_setting('cordial.storefront_changed_products', true), '');
  changed bigint[] := '{}';
  product bigint;
BEGIN
  IF noted = '*' THEN
    RETURN NULL;
  END IF;
  -- TG_ARGV[0]: the column that names the product (a variant, for variant_option_values).
  IF TG_OP <> 'INSERT' THEN
    changed := changed || (to_jsonb(OLD) ->> TG_ARGV[0])::bigint;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    changed := changed || (to_jsonb(NEW) ->> TG_ARGV[0])::bigint;
  END IF;
  IF TG_TABLE_NAME = 'variant_option_values' THEN
    -- A variant deleted with its option values was noted by its own trigger.
    SELECT coalesce(array_agg(v.product_id), '{}') INTO changed FROM product_variants v WHERE v.id = ANY (changed);
  END IF;
  FOREACH product IN ARRAY changed LOOP
    IF product IS NOT NULL AND strpos(',' || noted || ',', ',' || product || ',') = 0 THEN
      noted := concat_ws(',', nullif(noted, ''), product::text);
    END IF;
  END LOOP;
  IF length(noted) > 4000 THEN
    noted := '*';
  END IF;
  PERFORM set_config('cordial.storefront_changed_products', noted, true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TG_ARGV[0] = 'products': the table's rows belong to products, noted by the row triggers above.
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
--> statement-breakpoint
DROP TRIGGER products_storefront_change ON products;
--> statement-breakpoint
DROP TRIGGER product_translations_storefront_change ON product_translations;
--> statement-breakpoint
DROP TRIGGER product_categories_storefront_change ON product_categories;
--> statement-breakpoint
DROP TRIGGER product_images_storefront_change ON product_images;
--> statement-breakpoint
DROP TRIGGER product_attribute_values_storefront_change ON product_attribute_values;
--> statement-breakpoint
DROP TRIGGER variant_option_values_storefront_change ON variant_option_values;
--> statement-breakpoint
DROP TRIGGER product_variants_storefront_change ON product_variants;
--> statement-breakpoint
DROP TRIGGER product_variants_shown_change ON product_variants;
--> statement-breakpoint
CREATE TRIGGER products_changed_products AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW
  WHEN (current_setting('cordial.storefront_changed_products', true) IS DISTINCT FROM '*') EXECUTE FUNCTION note_storefront_changed_products('id');
--> statement-breakpoint
CREATE TRIGGER product_translations_changed_products AFTER INSERT OR UPDATE OR DELETE ON product_translations FOR EACH ROW
  WHEN (current_setting('cordial.storefront_changed_products', true) IS DISTINCT FROM '*') EXECUTE FUNCTION note_storefront_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER product_categories_changed_products AFTER INSERT OR UPDATE OR DELETE ON product_categories FOR EACH ROW
  WHEN (current_setting('cordial.storefront_changed_products', true) IS DISTINCT FROM '*') EXECUTE FUNCTION note_storefront_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER product_images_changed_products AFTER INSERT OR UPDATE OR DELETE ON product_images FOR EACH ROW
  WHEN (current_setting('cordial.storefront_changed_products', true) IS DISTINCT FROM '*') EXECUTE FUNCTION note_storefront_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER product_attribute_values_changed_products AFTER INSERT OR UPDATE OR DELETE ON product_attribute_values FOR EACH ROW
  WHEN (current_setting('cordial.storefront_changed_products', true) IS DISTINCT FROM '*') EXECUTE FUNCTION note_storefront_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER variant_option_values_changed_products AFTER INSERT OR UPDATE OR DELETE ON variant_option_values FOR EACH ROW
  WHEN (current_setting('cordial.storefront_changed_products', true) IS DISTINCT FROM '*') EXECUTE FUNCTION note_storefront_changed_products('variant_id');
--> statement-breakpoint
CREATE TRIGGER product_variants_changed_products AFTER INSERT OR DELETE ON product_variants FOR EACH ROW
  WHEN (current_setting('cordial.storefront_changed_products', true) IS DISTINCT FROM '*') EXECUTE FUNCTION note_storefront_changed_products('product_id');
--> statement-breakpoint
-- As before (migration 0021): stock tells only when a variant sells out or comes back.
CREATE TRIGGER product_variants_shown_changed_products AFTER UPDATE ON product_variants FOR EACH ROW
  WHEN (current_setting('cordial.storefront_changed_products', true) IS DISTINCT FROM '*'
    AND ((OLD.stock_quantity > 0) IS DISTINCT FROM (NEW.stock_quantity > 0)
     OR (OLD.product_id, OLD.sku, OLD.price_cents, OLD.weight_grams, OLD.position, OLD.is_active)
        IS DISTINCT FROM (NEW.product_id, NEW.sku, NEW.price_cents, NEW.weight_grams, NEW.position, NEW.is_active)))
  EXECUTE FUNCTION note_storefront_changed_products('product_id');
--> statement-breakpoint
CREATE TRIGGER products_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change('products');
--> statement-breakpoint
CREATE TRIGGER product_translations_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_translations FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change('products');
--> statement-breakpoint
CREATE TRIGGER product_categories_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change('products');
--> statement-breakpoint
CREATE TRIGGER product_images_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change('products');
--> statement-breakpoint
CREATE TRIGGER product_attribute_values_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_attribute_values FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change('products');
--> statement-breakpoint
CREATE TRIGGER variant_option_values_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variant_option_values FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change('products');
--> statement-breakpoint
CREATE TRIGGER product_variants_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change('products');
