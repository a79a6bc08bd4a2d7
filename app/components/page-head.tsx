import { useLocation, useRouteLoaderData } from 'react-router';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { type LocaleCode, storefrontByCode, storefronts } from '#app/modules/i18n/locales.ts';
import { canonicalUrl } from '#app/modules/seo/canonical.ts';
import { openGraphAlternates, openGraphLocale } from '#app/modules/seo/open-graph.ts';
import type { loader as rootLoader } from '#app/root.tsx';

/** Paths of the same page in every storefront, for hreflang links and the locale switcher. */
export type Alternates = Partial<Record<LocaleCode, string>>;

/** The alternates of pages that exist in every storefront at the same path below the prefix. */
export function samePathAlternates(pathBelowPrefix: string): Alternates {
  return Object.fromEntries(storefronts.map((s) => [s.code, `/${s.prefix}${pathBelowPrefix}`]));
}

/**
 * Title, description, canonical link, hreflang alternates and Open Graph tags of a page.
 * React hoists these into <head>.
 */
export function PageHead({
  title,
  description,
  alternates,
  noindex,
  image,
}: {
  title: string;
  description?: string;
  alternates: Alternates;
  noindex?: boolean;
  /** absolute URL of the picture shared links show */
  image?: string | null;
}) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { locale } = useI18n();
  const { pathname, search } = useLocation();
  const siteUrl = root?.siteUrl ?? '';
  const fullTitle = `${title} | ${root?.shopName ?? 'Cordial'}`;
  const canonical = canonicalUrl(siteUrl, pathname, search);
  const fallback = alternates['en-US'] ?? alternates.en;
  const ogLocale = openGraphLocale(locale);
  return (
    <>
      <title>{fullTitle}</title>
      {description && <meta name="description" content={description} />}
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={canonical} />
      {Object.entries(alternates).map(([code, path]) => (
        <link key={code} rel="alternate" hrefLang={storefrontByCode(code)?.code ?? code} href={`${siteUrl}${path}`} />
      ))}
      {fallback && <link rel="alternate" hrefLang="x-default" href={`${siteUrl}${fallback}`} />}
      <meta property="og:title" content={fullTitle} />
      {description && <meta property="og:description" content={description} />}
      <meta property="og:url" content={canonical} />
      {image && <meta property="og:image" content={image} />}
      {image && <meta name="twitter:card" content="summary_large_image" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={root?.shopName ?? 'Cordial'} />
      {ogLocale && <meta property="og:locale" content={ogLocale} />}
      {openGraphAlternates(locale, Object.keys(alternates) as LocaleCode[]).map((value) => (
        <meta key={value} property="og:locale:alternate" content={value} />
      ))}
    </>
  );
}
