import type { HomeBanner } from '#app/modules/content/banners.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** The home page's banners on show (content-pages, issue 11): picture, heading, text and a link. */
export function HomeBanners({ banners }: { banners: readonly HomeBanner[] }) {
  const { t } = useI18n();
  if (banners.length === 0) return null;
  return (
    <section aria-label={t('content.banners.label')} className="home-banners">
      <ul>
        {banners.map((banner) => (
          <li key={banner.code} className="home-banner">
            <img
              src={`/images/${banner.imagePath}?w=640&preset=banner`}
              srcSet={`/images/${banner.imagePath}?w=640&preset=banner 1x, /images/${banner.imagePath}?w=640&dpr=2&preset=banner 2x`}
              width={640}
              height={240}
              alt={banner.imageAlt}
              loading="lazy"
              decoding="async"
              className="home-banner__image"
            />
            <div className="home-banner__text">
              <h2>{banner.heading}</h2>
              <p>{banner.text}</p>
              {banner.href.startsWith('/') ? (
                // followed in the page by the home page's handler (decision 0050)
                <a className="button" href={banner.href}>
                  {banner.linkLabel}
                </a>
              ) : (
                <a href={banner.href} className="button" rel="noopener noreferrer">
                  {banner.linkLabel}
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
