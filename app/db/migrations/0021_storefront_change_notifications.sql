-- Issue 14: pages and read caches shared between visitors are dropped when what they show changes.
-- Every write to a table that storefront pages show tells listening app processes (NOTIFY is
-- delivered at commit, once per payload per transaction). Stock tells only when a variant sells
-- out or comes back, not on every sale; reviews only when an approved one changes (a review waiting
-- for moderation shows nowhere); carts, orders and sessions are personal and never tell.
CREATE FUNCTION notify_storefront_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER currencies_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON currencies FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER locales_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locales FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER locale_currencies_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locale_currencies FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER translated_messages_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON translated_messages FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER categories_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER category_translations_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category_translations FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER products_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER product_translations_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_translations FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER product_categories_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER attributes_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON attributes FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER attribute_translations_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON attribute_translations FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER attribute_options_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON attribute_options FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER attribute_option_translations_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON attribute_option_translations FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER product_attribute_values_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_attribute_values FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER variant_option_values_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variant_option_values FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER price_tiers_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_tiers FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER product_images_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER related_products_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON related_products FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER product_reviews_shown_insert AFTER INSERT ON product_reviews FOR EACH ROW WHEN (NEW.status = 'approved') EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER product_reviews_shown_update AFTER UPDATE ON product_reviews FOR EACH ROW WHEN (OLD.status = 'approved' OR NEW.status = 'approved') EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER product_reviews_shown_delete AFTER DELETE ON product_reviews FOR EACH ROW WHEN (OLD.status = 'approved') EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER search_documents_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_documents FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_lexicon FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER url_redirects_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON url_redirects FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER content_pages_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_pages FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER content_page_translations_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_page_translations FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER banners_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER banner_translations_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banner_translations FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER faq_categories_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faq_categories FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER faq_category_translations_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faq_category_translations FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER faq_questions_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faq_questions FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER faq_question_translations_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faq_question_translations FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER blog_posts_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_posts FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER blog_post_translations_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_post_translations FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER pickup_points_storefront_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pickup_points FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER product_variants_storefront_change AFTER INSERT OR DELETE ON product_variants FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront_change();
--> statement-breakpoint
CREATE TRIGGER product_variants_shown_change AFTER UPDATE ON product_variants FOR EACH ROW
  WHEN ((OLD.stock_quantity > 0) IS DISTINCT FROM (NEW.stock_quantity > 0)
     OR (OLD.product_id, OLD.sku, OLD.price_cents, OLD.weight_grams, OLD.position, OLD.is_active)
        IS DISTINCT FROM (NEW.product_id, NEW.sku, NEW.price_cents, NEW.weight_grams, NEW.position, NEW.is_active))
  EXECUTE FUNCTION notify_storefront_change();
