import { z } from 'zod';
import type { Database } from '#app/db/client.server.ts';
import { bannerTranslations, banners, contentPages, contentPageTranslations } from '#app/db/schema.ts';
import { storefronts } from '#app/modules/i18n/locales.ts';
import { readSeedTexts } from '#app/modules/seed-texts/seed-texts.server.ts';
import { type ContentPageCode, contentPageCodes, informationPageSlug } from './information-pages.ts';

/**
 * Seed texts of the content pages and banners, one JSON file per language in ./seed/pages/, read
 * like the FAQ's and the blog's (seed-texts.server.ts). Bodies are lists of HTML blocks;
 * `{{name}}` marks a part the page renderer computes (content-body.server.ts), so nothing that
 * comes from the shop's rules is typed here.
 */
export const contentSeedFolder = new URL('./seed/pages/', import.meta.url);

const pageTextsSchema = z.object({ title: z.string().min(1), metaDescription: z.string().min(1), body: z.array(z.string()).min(1) });
const bannerTextsSchema = z.object({ heading: z.string().min(1), text: z.string().min(1), linkLabel: z.string().min(1), imageAlt: z.string() });

export const seedTextsSchema = z.object({
  pages: z.record(z.string(), pageTextsSchema),
  banners: z.record(z.string(), bannerTextsSchema),
});
export type SeedTexts = z.infer<typeof seedTextsSchema>;

/** The seed texts of a language, or of English when the language has no file yet. */
export const seedTexts = (language: string): SeedTexts => seedTextsSchema.parse(readSeedTexts(contentSeedFolder, language));

/** The home-page banners: where they link (a content page, or a path that exists without the demo catalogue) and their picture; texts come from the seed files. */
export const seedBanners = [
  { code: 'cutToLength', imagePath: 'banners/cut-to-length.svg', link: { path: 'search?q=paracord' } },
  { code: 'freeSamples', imagePath: 'banners/free-samples.svg', link: { page: 'whyBuy' } },
  { code: 'showroom', imagePath: 'banners/showroom.svg', link: { page: 'showroom' } },
] as const satisfies readonly { code: string; imagePath: string; link: { page: ContentPageCode } | { path: string } }[];

const shopNameToken = /\{\{shopName\}\}/g;

/**
 * Adds the content pages (in every store's language) and the banners the database does not have
 * yet. Pages already there are left as they are, so an edited or unpublished page stays so.
 * Runs at every start; legal pages are needed with or without the demo catalogue.
 */
export async function seedContent(db: Database, { shopName }: { shopName: string }): Promise<{ pages: number; banners: number }> {
  const texts = new Map(storefronts.map((store) => [store.code, seedTexts(store.language)]));
  const fill = (value: string) => value.replace(shopNameToken, shopName);
  return db.transaction(async (tx) => {
    // Only what is missing is inserted: even an insert that adds no row tells every process to drop its pages (decision 0019).
    const existingPages = new Set((await tx.select({ code: contentPages.code }).from(contentPages)).map((row) => row.code));
    const missingPages = contentPageCodes.filter((code) => !existingPages.has(code));
    const newPages =
      missingPages.length === 0
        ? []
        : await tx
            .insert(contentPages)
            .values(missingPages.map((code) => ({ code })))
            .onConflictDoNothing()
            .returning({ id: contentPages.id, code: contentPages.code });
    const pageRows = newPages.flatMap(({ id, code }) =>
      storefronts.map((store) => {
        const page = texts.get(store.code)!.pages[code] ?? seedTexts('en').pages[code];
        if (!page) throw new Error(`no seed text for content page ${code}`);
        return {
          pageId: id,
          locale: store.code,
          title: fill(page.title),
          slug: informationPageSlug(code as ContentPageCode, store.code),
          bodyHtml: page.body.join('\n'),
          metaDescription: fill(page.metaDescription),
        };
      }),
    );
    if (pageRows.length > 0) await tx.insert(contentPageTranslations).values(pageRows).onConflictDoNothing();

    const existingBanners = new Set((await tx.select({ code: banners.code }).from(banners)).map((row) => row.code));
    const missingBanners = seedBanners.flatMap(({ code, imagePath }, index) => (existingBanners.has(code) ? [] : [{ code, imagePath, sortOrder: index }]));
    const newBanners =
      missingBanners.length === 0
        ? []
        : await tx.insert(banners).values(missingBanners).onConflictDoNothing().returning({ id: banners.id, code: banners.code });
    const bannerRows = newBanners.flatMap(({ id, code }) => {
      const banner = seedBanners.find((seed) => seed.code === code)!;
      return storefronts.map((store) => {
        const text = texts.get(store.code)!.banners[code] ?? seedTexts('en').banners[code]!;
        const linkPath = 'page' in banner.link ? informationPageSlug(banner.link.page, store.code) : banner.link.path;
        return {
          bannerId: id,
          locale: store.code,
          heading: fill(text.heading),
          text: fill(text.text),
          linkPath,
          linkLabel: fill(text.linkLabel),
          imageAlt: fill(text.imageAlt),
        };
      });
    });
    if (bannerRows.length > 0) await tx.insert(bannerTranslations).values(bannerRows).onConflictDoNothing();
    return { pages: newPages.length, banners: newBanners.length };
  });
}
