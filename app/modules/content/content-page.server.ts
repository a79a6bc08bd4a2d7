import { and, eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { contentPages, contentPageTranslations } from '#app/db/schema.ts';
import { type LocaleCode, storefrontByCode } from '#app/modules/i18n/locales.ts';
import type { StorefrontSelection } from '#app/modules/i18n/storefront-request.server.ts';
import { priceDisplayFor } from '#app/modules/pricing/price-display.server.ts';
import { type ContentWidgetName, isContentWidgetName, type WidgetContext, widgetData } from './content-widgets.server.ts';
import { contentPagePath, isContentPageCode } from './information-pages.ts';
import { sanitizeSiteHtml } from '#app/modules/rich-text/sanitize-content.server.ts';
import { pageTextOnShow } from '#app/modules/schedule/content-schedule.server.ts';

export type ContentSegment = { kind: 'html'; html: string } | { kind: 'widget'; name: ContentWidgetName };

const widgetToken = /\{\{(\w+)\}\}/g;
const hrefToken = /\{\{href:(\w+)\}\}/g;

/**
 * Fills the inline tokens of a stored body: `{{shopName}}` and `{{href:pageCode}}` (the page's path
 * in this store; `stores` is the store locator). Runs before sanitising, so what it inserts is
 * sanitised too. Unknown page codes point to the store's home page rather than to a 404.
 */
export function fillInlineTokens(html: string, locale: LocaleCode, shopName: string): string {
  const prefix = storefrontByCode(locale)?.prefix ?? 'en';
  return html
    .replaceAll('{{shopName}}', shopName)
    .replace(hrefToken, (_, code: string) =>
      code === 'stores' ? `/${prefix}/stores` : isContentPageCode(code) ? contentPagePath(prefix, code, locale) : `/${prefix}`,
    );
}

/** Cuts a sanitised body at its widget tokens; tokens that name no widget stay as text for the editor to see. */
export function splitBody(html: string): ContentSegment[] {
  const segments: ContentSegment[] = [];
  let last = 0;
  for (const match of html.matchAll(widgetToken)) {
    const name = match[1]!;
    if (!isContentWidgetName(name)) continue;
    if (match.index > last) segments.push({ kind: 'html', html: html.slice(last, match.index) });
    segments.push({ kind: 'widget', name });
    last = match.index + match[0].length;
  }
  if (last < html.length) segments.push({ kind: 'html', html: html.slice(last) });
  return segments.filter((segment) => segment.kind === 'widget' || segment.html.trim() !== '');
}

/**
 * A published content page in one locale: its body sanitised (spec §5) and cut into HTML and
 * computed parts, with its path in every store that publishes it (hreflang by page, not by slug).
 */
export async function getContentPage(db: Database, pageId: number, locale: LocaleCode, { siteUrl, shopName }: { siteUrl: string; shopName: string }) {
  const rows = await db
    .select({
      code: contentPages.code,
      layout: contentPages.layout,
      locale: contentPageTranslations.locale,
      title: contentPageTranslations.title,
      slug: contentPageTranslations.slug,
      bodyHtml: contentPageTranslations.bodyHtml,
      metaDescription: contentPageTranslations.metaDescription,
      updatedAt: contentPageTranslations.updatedAt,
    })
    .from(contentPageTranslations)
    .innerJoin(contentPages, eq(contentPages.id, contentPageTranslations.pageId))
    .where(and(eq(contentPageTranslations.pageId, pageId), pageTextOnShow(), eq(contentPages.isActive, true)));
  const own = rows.find((row) => row.locale === locale);
  if (!own) return null;
  const html = sanitizeSiteHtml(fillInlineTokens(own.bodyHtml, locale, shopName), siteUrl);
  const segments = splitBody(html);
  return {
    code: own.code,
    layout: own.layout,
    title: own.title,
    metaDescription: own.metaDescription,
    updatedAt: own.updatedAt.toISOString(),
    segments,
    alternates: Object.fromEntries(rows.map((row) => [row.locale, `/${storefrontByCode(row.locale)?.prefix}/${row.slug}`])),
  };
}

/** The id of a published page by its code (for /page?code=terms). */
export async function contentPageIdByCode(db: Database, code: string): Promise<number | null> {
  const [row] = await db
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(and(eq(contentPages.code, code), eq(contentPages.isActive, true)));
  return row?.id ?? null;
}

/** A page with the data of its computed parts, as the catch-all and /page render it. */
export async function contentPageView(
  db: Database,
  pageId: number,
  selection: StorefrontSelection,
  context: Omit<WidgetContext, 'storefront' | 'display'> & { siteUrl: string },
) {
  const locale = selection.storefront.code;
  const page = await getContentPage(db, pageId, locale, context);
  if (!page) return null;
  const names = new Set(page.segments.flatMap((segment) => (segment.kind === 'widget' ? [segment.name] : [])));
  const display = await priceDisplayFor(db, selection);
  return { ...page, widgets: widgetData(names, { ...context, storefront: selection.storefront, display }) };
}

export type ContentPageData = NonNullable<Awaited<ReturnType<typeof contentPageView>>>;
