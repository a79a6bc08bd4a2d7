import { useState } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { imageSources } from './product-card.tsx';

/** The product's pictures: the large one and, with several, thumbnails that switch it (links with ?image= without JavaScript). */
export function ProductGallery({
  images,
  productName,
  initialIndex,
}: {
  images: { path: string; alt?: string | null }[];
  productName: string;
  initialIndex: number;
}) {
  const { t } = useI18n();
  const [imageIndex, setImageIndex] = useState(Math.min(initialIndex, Math.max(0, images.length - 1)));
  const image = images[imageIndex];
  const { search } = useLocation();
  const imageHref = (index: number) => {
    const params = new URLSearchParams(search);
    params.set('image', String(index));
    return `?${params}`;
  };
  return (
    <div className="product__gallery">
      {image && (
        <img {...imageSources(image.path, 640)} width={640} height={640} alt={image.alt || productName} fetchPriority="high" className="product__image" />
      )}
      {images.length > 1 && (
        <ul className="gallery__thumbs">
          {images.map((thumb, index) => (
            <li key={thumb.path}>
              <a
                href={imageHref(index)}
                aria-label={t('product.showImage', { number: index + 1 })}
                aria-current={index === imageIndex ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setImageIndex(index);
                }}
              >
                <img {...imageSources(thumb.path, 96)} width={96} height={96} alt="" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
