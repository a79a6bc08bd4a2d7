/**
 * The web app manifest of one storefront (issue 17, spec §1 and §7): the app opens in the visitor's
 * store and stays in it (scope), in the theme colours of spec §9 (primary green, secondary yellow).
 * The icons are drawn at build time from public/favicon.svg (scripts/app-build/service-worker-plugin.ts);
 * the screenshots are photos of a seeded shop taken by scripts/app-screenshots.ts and kept in public/.
 */
import type { Translate } from '#app/modules/i18n/i18n.tsx';
import type { StorefrontLocale } from '#app/modules/i18n/locales.ts';

export const themeColours = { primary: '#1f6b36', secondary: '#f5c400', background: '#ffffff' } as const;

export const appIcons = [
  { src: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { src: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { src: 'icons/maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

/** What the install dialog shows: the home page on a phone and on a desktop (sizes in CSS pixels at scale 1). */
export const appScreenshots = [
  { src: 'app-screenshots/narrow.webp', width: 390, height: 844, formFactor: 'narrow', label: 'app.screenshotNarrow' },
  { src: 'app-screenshots/wide.webp', width: 1280, height: 800, formFactor: 'wide', label: 'app.screenshotWide' },
] as const;

export const webManifestPath = '/manifest.webmanifest';

export function webManifest(storefront: StorefrontLocale, shopName: string, t: Translate) {
  const base = `/${storefront.prefix}/`;
  return {
    id: base,
    name: t('app.name', { shopName }),
    short_name: shopName,
    description: t('meta.homeDescription'),
    lang: storefront.code,
    dir: 'ltr',
    start_url: `${base}?source=app`,
    scope: base,
    display: 'standalone',
    orientation: 'any',
    theme_color: themeColours.primary,
    background_color: themeColours.background,
    categories: ['shopping'],
    icons: appIcons.map((icon) => ({ src: `/${icon.src}`, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.purpose })),
    screenshots: appScreenshots.map((shot) => ({
      src: `/${shot.src}`,
      sizes: `${shot.width}x${shot.height}`,
      type: 'image/webp',
      form_factor: shot.formFactor,
      label: t(shot.label),
    })),
    shortcuts: [
      { name: t('app.shortcutSearch'), url: `${base}search`, icons: [{ src: `/${appIcons[0].src}`, sizes: '192x192' }] },
      { name: t('app.shortcutCart'), url: `${base}checkout`, icons: [{ src: `/${appIcons[0].src}`, sizes: '192x192' }] },
    ],
  };
}
