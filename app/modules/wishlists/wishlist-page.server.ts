import type { Database } from '#app/db/client.server.ts';
import { getListingIndex, indexedProductsById } from '#app/modules/catalogue/listing-index.server.ts';
import { lineOptionsByVariant } from '#app/modules/catalogue/variant-options.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { getWishlists } from './wishlists.server.ts';

/**
 * The customer's lists with each item as the page shows it: the product's name, link, picture and
 * price in the shop's language, the saved variant's options, number, price and stock. An item
 * whose product is no longer listed is left out.
 */
export async function wishlistPageData(db: Database, customerId: number, locale: LocaleCode) {
  const [lists, index] = await Promise.all([getWishlists(db, customerId), getListingIndex(db)]);
  const products = indexedProductsById(index);
  const variantIds = lists.flatMap((list) => list.items.flatMap((item) => (item.variantId ? [item.variantId] : [])));
  const options = await lineOptionsByVariant(db, variantIds, locale);
  return lists.map((list) => ({
    ...list,
    items: list.items.flatMap((item) => {
      const product = products.get(item.productId);
      if (!product) return [];
      return [
        {
          id: item.id,
          variantId: item.variantId,
          name: product.names[locale] ?? product.sku,
          isSample: false,
          options: (item.variantId && options.get(item.variantId)) || [],
          urlKey: product.urlKeys[locale] ?? '',
          imagePath: product.imagePath,
          sku: item.variantSku ?? product.sku,
          priceCents: item.variantPriceCents ?? product.minPriceCents,
          inStock: item.variantInStock ?? product.inStock,
        },
      ];
    }),
  }));
}
