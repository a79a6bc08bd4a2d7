import type { AppServices } from '#app/context.ts';
import { cartSetCookie } from '#app/modules/cart/add-to-cart.server.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import type { CurrencyCode, StorefrontLocale } from '#app/modules/i18n/locales.ts';
import { storeTranslators } from '#app/modules/mail/shopper-mail.server.ts';
import { addGiftCardToCart, giftCardVariantId } from './gift-card-cart.server.ts';
import { giftCardBoundsEurCents, giftCardFields, giftCardSchema, purchaseOf } from './gift-card-purchase.ts';

/** The bounds as the page and its messages name them (in euros: the card's currency). */
export const giftCardBoundsText = (storefront: StorefrontLocale) => {
  const bounds = giftCardBoundsEurCents[storefront.code];
  return { min: formatMoney(bounds.min, 'EUR', storefront.code), max: formatMoney(bounds.max, 'EUR', storefront.code) };
};

/**
 * The gift-card form posted: a failure to show next to the fields (every value kept, the amount
 * message naming both bounds), or the card in the cart with the cart cookie to set.
 */
export async function buyGiftCard(
  services: AppServices,
  visitor: { storefront: StorefrontLocale; currency: CurrencyCode; cartId: string | undefined; customerId: number | null },
  form: FormData,
) {
  const parsed = parseForm(giftCardSchema(visitor.storefront.code), form, giftCardFields);
  if (!parsed.ok) {
    const bounds = giftCardBoundsText(visitor.storefront);
    const amountError = parsed.fieldErrors.amount;
    const fieldErrors =
      amountError?.key === 'giftCards.amountBounds' ? { ...parsed.fieldErrors, amount: { key: amountError.key, values: bounds } } : parsed.fieldErrors;
    return { ok: false as const, failure: formFailure(form, giftCardFields, fieldErrors) };
  }
  const variantId = await giftCardVariantId(services.db, () => storeTranslators(services));
  const { cartId } = await addGiftCardToCart(
    services.db,
    { cartId: visitor.cartId, customerId: visitor.customerId, locale: visitor.storefront.code, currency: visitor.currency },
    variantId,
    purchaseOf(parsed.data),
  );
  return { ok: true as const, setCookie: cartSetCookie(cartId, services.secureCookies) };
}
