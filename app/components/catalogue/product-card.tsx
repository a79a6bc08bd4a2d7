import { Link } from 'react-router';
import type { ProductCard as ProductCardData } from '#app/modules/catalogue/product-detail.server.ts';
import { trackEcommerce } from '#app/modules/analytics/tracking.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import type { ImagePreset } from '#app/modules/media/image-pipeline.server.ts';
import type { ImageWidth } from '#app/modules/media/image-widths.ts';
import { CatalogueUnitPrice } from './unit-price.tsx';
import { usePriceDisplay } from '#app/modules/pricing/price-context.tsx';
import { formatPrice } from '#app/modules/pricing/price-display.ts';
import { ListingAddToCart } from './add-to-cart-form.tsx';
import { WishlistButton } from './wishlist-button.tsx';
import { usePlainLinkClicks } from '#app/components/ui/plain-links.tsx';

/** Image sources through the image pipeline: webp at 1x and 2x of the shown width (one the pipeline serves). */
export function imageSources(path: string, width: ImageWidth, preset?: ImagePreset) {
  const base = `/images/${path}?w=${width}`;
  const presetParameter = preset ? `&preset=${preset}` : '';
  return { src: `${base}${presetParameter}`, srcSet: `${base}${presetParameter} 1x, ${base}&dpr=2${presetParameter} 2x` };
}

/** The widest file the pipeline draws (decision 0015), asked for as 1280 CSS px at 2x. */
const widestDrawnPixels = 2560;

/**
 * Image sources for an image whose shown width depends on the screen: each served width at 1x
 * and the widest file the pipeline draws, with `sizes` telling the browser the shown width, so a
 * phone picks a file near its own pixels instead of the 2x of the desktop width (the home banner
 * was 2560 px on every phone).
 */
export function responsiveImageSources(path: string, widths: readonly ImageWidth[], sizes: string, preset?: ImagePreset) {
  const presetParameter = preset ? `&preset=${preset}` : '';
  const candidates = [
    ...widths.map((width) => `/images/${path}?w=${width}${presetParameter} ${width}w`),
    `/images/${path}?w=${widestDrawnPixels / 2}&dpr=2${presetParameter} ${widestDrawnPixels}w`,
  ];
  return { src: `/images/${path}?w=${Math.max(...widths)}${presetParameter}`, srcSet: candidates.join(', '), sizes };
}

/**
 * A card's picture as wide as the grid shows it: two columns on a phone, three from 768 px, four
 * from 1024 px (at most ~300 px). A phone then takes the 480 px file, not the 640 px one its
 * pixel ratio would pick from a 1x/2x pair.
 */
const cardImageWidths = [160, 320, 480, 640] as const;
const cardImageSizes = '(min-width: 1024px) 300px, (min-width: 768px) 33vw, 50vw';

/** `wishlist`: show the save and add-to-cart buttons (on category listings, whose page action handles them). */
export function ProductCard({
  product,
  prefix,
  eager = false,
  wishlist = false,
}: {
  product: ProductCardData;
  prefix: string;
  eager?: boolean;
  wishlist?: boolean;
}) {
  const { t } = useI18n();
  const display = usePriceDisplay();
  return (
    <li className="product-card">
      <a
        className="product-card__link"
        href={`/${prefix}/${product.urlKey}`}
        onClick={() =>
          trackEcommerce('select_item', {
            item_list_id: location.pathname.slice(0, 100),
            items: [{ item_id: product.sku, item_name: product.name.slice(0, 200) }],
          })
        }
      >
        {product.imagePath && (
          <img
            {...responsiveImageSources(product.imagePath, cardImageWidths, cardImageSizes)}
            width={320}
            height={320}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="product-card__image"
          />
        )}
        <span className="product-card__name">{product.name}</span>
      </a>
      {product.colourHexes.length > 0 && (
        <span className="swatches" role="img" aria-label={t('product.colours')}>
          {product.colourHexes.map((hex, index) => (
            <span key={`${hex}${index}`} className="swatch" style={{ backgroundColor: hex }} />
          ))}
        </span>
      )}
      <span className="product-card__price">{t('product.priceFrom', { price: formatPrice(product.priceFromCents, display) })}</span>
      <CatalogueUnitPrice netEurCents={product.priceFromCents} lengthCm={product.priceFromLengthCm} />
      <span className={`stock-badge ${product.inStock ? 'stock-badge--in' : 'stock-badge--out'}`}>
        {product.inStock ? t('product.inStock') : t('product.outOfStock')}
      </span>
      {wishlist && product.variantId !== null && product.inStock && (
        <ListingAddToCart productId={product.id} variantId={product.variantId} productName={product.name} />
      )}
      {wishlist && <WishlistButton productId={product.id} productName={product.name} compact />}
    </li>
  );
}

export function ProductGrid({
  products,
  prefix,
  eagerCount = 0,
  wishlist = false,
}: {
  products: ProductCardData[];
  prefix: string;
  eagerCount?: number;
  wishlist?: boolean;
}) {
  const followLink = usePlainLinkClicks();
  return (
    // The cards' links are plain <a> elements followed by one handler (decision 0050).
    <ul className="product-grid" onClick={followLink}>
      {products.map((product, index) => (
        <ProductCard key={product.sku} product={product} prefix={prefix} eager={index < eagerCount} wishlist={wishlist} />
      ))}
    </ul>
  );
}

export function Breadcrumbs({ items }: { items: { name: string; href?: string }[] }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('product.breadcrumbs')} className="breadcrumbs">
      <ol>
        {items.map((item, index) =>
          item.href && index < items.length - 1 ? (
            <li key={item.href}>
              <Link to={item.href}>{item.name}</Link>
            </li>
          ) : (
            <li key={item.name} aria-current="page">
              {item.name}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
