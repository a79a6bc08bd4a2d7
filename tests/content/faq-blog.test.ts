import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { testServices } from '../support/services.ts';
import { blogPostTranslations, faqCategories } from '#app/db/schema.ts';
import { blogAtomFeed } from '#app/modules/blog/blog-feed.server.ts';
import { blogPageSize } from '#app/modules/blog/blog-paths.ts';
import { keepOldPath } from '#app/modules/catalogue/url-redirects.server.ts';
import { seedBlog } from '#app/modules/blog/blog-seed.server.ts';
import { drawBlogHero } from '../../scripts/demo-catalogue/blog-heroes.ts';
import { blogSitemapPaths, getBlogListing, getBlogPost, latestBlogPosts } from '#app/modules/blog/blog.server.ts';
import { seedFaq } from '#app/modules/faq/faq-seed.server.ts';
import { getFaqCategory, getFaqIndex } from '#app/modules/faq/faq.server.ts';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { getSearchPage } from '#app/modules/search/search-page.server.ts';
import { rebuildSearchIndex } from '#app/modules/search/search-index.server.ts';
import { storefrontSitemapXml } from '#app/modules/seo/sitemap.server.ts';
import { loader as faqAliasLoader } from '#app/routes/faq/faq-alias.ts';
import { loader as faqItalianAliasLoader } from '#app/routes/faq/faq-alias-italian.ts';
import { loader as faqPageLoader } from '#app/routes/faq/faq-page.tsx';
import { loader as blogListingLoader } from '#app/routes/blog/blog-listing.tsx';
import { loader as blogPostLoader } from '#app/routes/blog/blog-post.tsx';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const siteUrl = 'https://cordial.example';
const display = { currency: 'EUR', includeVat: false, rate: 1 } as never;

/** The request context the storefront layout gives a page: the services and the chosen store. */
function contextFor(db: TestDatabase['db'], locale: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, testServices(db));
  context.set(storefrontContext, { storefront: storefrontByCode(locale)!, currency: 'EUR', includeVat: false, hasChosenLocale: true });
  return context;
}

/** Calls a route loader the way React Router does; a thrown Response (redirect, 404) is returned. */
async function runLoader(loader: (args: never) => unknown, url: string, params: Record<string, string>, context: RouterContextProvider) {
  // A client-side navigation asks for `{path}.data`; React Router hands loaders the normalized `url`.
  const normalized = new URL(url.replace(/\.data(?=\?|$)/, ''));
  try {
    return await loader({ request: new Request(url), url: normalized, params, context } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === 'object' && 'init' in thrown) return thrown as { init: { status: number } };
    throw thrown;
  }
}

type SeedCategory = { key: string; slug: string; parent: string | null; title: string };
const seedFile = (kind: 'faq' | 'blog', language: string) =>
  JSON.parse(readFileSync(new URL(`../../app/modules/${kind}/seed/${language}.json`, import.meta.url), 'utf8'));
const seedCategory = (language: string, key: string) => (seedFile('faq', language).categories as SeedCategory[]).find((category) => category.key === key)!;
/** A FAQ category's path below /faq in a language, as its seed file names it. */
function faqPath(language: string, key: string): string {
  const category = seedCategory(language, key);
  return category.parent ? `${faqPath(language, category.parent)}/${category.slug}` : category.slug;
}
const postSlug = (language: string, key: string) =>
  (seedFile('blog', language).posts as { key: string; slug: string }[]).find((post) => post.key === key)!.slug;

describe.each(testDrivers)('FAQ and blog on %s', (driver) => {
  let database: TestDatabase;
  const mediaDir = mkdtempSync(join(tmpdir(), 'cordial-blog-media-'));
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    expect(await seedFaq(database.db)).toBe(true);
    expect(await seedBlog(database.db, mediaDir, drawBlogHero)).toBe(true);
  });
  afterAll(async () => {
    await database?.destroy();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('seeds once: a second start leaves the FAQ and the blog alone', async () => {
    const before = await database.db.select().from(faqCategories);
    expect(await seedFaq(database.db)).toBe(false);
    expect(await seedBlog(database.db, mediaDir, drawBlogHero)).toBe(false);
    // Every post has its drawn hero picture in the media folder.
    expect(readdirSync(join(mediaDir, 'blog')).sort()).toEqual((seedFile('blog', 'en').posts as { key: string }[]).map((post) => `${post.key}.svg`).sort());
    expect(await database.db.select().from(faqCategories)).toHaveLength(before.length);
    expect(before.length).toBeGreaterThanOrEqual(6);
  });

  it('finds FAQ categories at any depth in every store, and nothing for an unknown path', async () => {
    const index = await getFaqIndex(database.db, 'de-DE');
    expect(index.categories.map((c) => c.path)).toContain(`faq/${faqPath('de', 'shipping')}`);
    const nested = await getFaqCategory(database.db, 'en-GB', 'which-cord/paracord-types', siteUrl);
    expect(nested).toMatchObject({ title: 'Paracord types', path: 'faq/which-cord/paracord-types', ancestors: [{ path: 'faq/which-cord' }] });
    expect(nested!.questions.length).toBeGreaterThanOrEqual(3);
    // hreflang by category id: every store's path of the same category.
    expect(Object.keys(nested!.alternates)).toHaveLength(11);
    expect(nested!.alternates['nl-NL']).toBe(`/nl-nl/faq/${faqPath('nl', 'paracord-types')}`);
    expect(await getFaqCategory(database.db, 'en-GB', 'paracord-types', siteUrl)).toBeNull();
    expect(await getFaqCategory(database.db, 'en-GB', 'which-cord/paracord-types/more', siteUrl)).toBeNull();
    const questions = (
      await Promise.all(index.categories.flatMap((c) => [c, ...c.children]).map((c) => getFaqCategory(database.db, 'de-DE', c.path.slice(4), siteUrl)))
    ).flatMap((c) => c!.questions);
    expect(questions.length).toBeGreaterThanOrEqual(30);
  });

  it('answers the FAQ routes: a category page, its aliases as permanent redirects, an unknown category as 404', async () => {
    const context = contextFor(database.db, 'it-IT');
    const ropeTypes = faqPath('it', 'rope-types');
    const page = (await runLoader(faqPageLoader as never, `http://x/it-it/faq/${ropeTypes}`, { '*': ropeTypes }, context)) as { category: { title: string } };
    expect(page.category.title).toBe(seedCategory('it', 'rope-types').title);
    for (const alias of [`http://x/it-it/frequently-asked-questions/${ropeTypes}`, `http://x/it-it/it/faq/${ropeTypes}`]) {
      const response = (await runLoader(faqAliasLoader as never, alias, { '*': ropeTypes }, context)) as Response;
      expect(response.status).toBe(301);
      expect(response.headers.get('Location')).toBe(`/it-it/faq/${ropeTypes}`);
    }
    const care = faqPath('it', 'care');
    const italian = (await runLoader(faqItalianAliasLoader as never, `http://x/it/faq/${care}?x=1`, { '*': care }, context)) as Response;
    expect([italian.status, italian.headers.get('Location')]).toEqual([301, `/it-it/faq/${care}?x=1`]);
    const missing = (await runLoader(faqPageLoader as never, 'http://x/it-it/faq/nope', { '*': 'nope' }, context)) as { init: { status: number } };
    expect(missing.init.status).toBe(404);
  });

  it('pages the blog newest first and finds a post by its slug; an unknown post is a 404', async () => {
    const first = await getBlogListing(database.db, 'en', 1);
    expect(first.window.total).toBeGreaterThanOrEqual(8);
    expect(first.posts).toHaveLength(blogPageSize);
    const dates = first.posts.map((post) => post.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await getBlogListing(database.db, 'en', 2);
    expect(second.posts.length).toBe(first.window.total - blogPageSize);
    expect(second.posts.map((p) => p.id)).not.toContain(first.posts[0]!.id);
    const post = await getBlogPost(database.db, 'sv-SE', postSlug('sv', 'cobra-bracelet'), siteUrl);
    expect(post).toMatchObject({ path: `blogg/${postSlug('sv', 'cobra-bracelet')}`, heroImage: '/images/blog/cobra-bracelet.svg' });
    expect(post!.alternates['de-DE']).toBe(`/de-de/ratgeber/${postSlug('de', 'cobra-bracelet')}`);
    expect(await getBlogPost(database.db, 'sv-SE', 'no-such-post', siteUrl)).toBeNull();
    const missing = (await runLoader(blogPostLoader as never, 'http://x/en/blog/no-such-post', { slug: 'no-such-post' }, contextFor(database.db, 'en'))) as {
      init: { status: number };
    };
    expect(missing.init.status).toBe(404);
    // Paging by client-side navigation (a `.data` request) stays on the listing.
    const clientPage = (await runLoader(blogListingLoader as never, 'http://x/en/blog.data?page=2', {}, contextFor(database.db, 'en'))) as {
      listing: { window: { page: number } };
    };
    expect(clientPage.listing.window.page).toBe(2);
    const otherStoresSegment = (await runLoader(blogPostLoader as never, 'http://x/de-de/blog/x', { slug: 'x' }, contextFor(database.db, 'de-DE'))) as Response;
    expect(otherStoresSegment.headers.get('Location')).toBe('/de-de/ratgeber/x');
  });

  it('sends the old address of a renamed post to the post (301), keeping the query', async () => {
    const slug = postSlug('de', 'cobra-bracelet');
    await keepOldPath(database.db, 'de-DE', 'ratgeber/alte-adresse', `ratgeber/${slug}`);
    const context = contextFor(database.db, 'de-DE');
    const moved = (await runLoader(blogPostLoader as never, 'http://x/de-de/ratgeber/alte-adresse?ref=mail', { slug: 'alte-adresse' }, context)) as Response;
    expect(moved.status).toBe(301);
    expect(moved.headers.get('Location')).toBe(`/de-de/ratgeber/${slug}?ref=mail`);
    const unknown = (await runLoader(blogPostLoader as never, 'http://x/de-de/ratgeber/nie-gewesen', { slug: 'nie-gewesen' }, context)) as {
      init: { status: number };
    };
    expect(unknown.init.status).toBe(404);
  });

  it('sanitises post bodies (spec §5) in pages and in the feed', async () => {
    const [row] = await database.db.select().from(blogPostTranslations).where(eq(blogPostTranslations.locale, 'fr-FR')).limit(1);
    await database.db
      .update(blogPostTranslations)
      .set({ bodyHtml: `${row!.bodyHtml}<script>alert(1)</script><img src="/images/blog/x.svg" onerror="alert(2)">` })
      .where(eq(blogPostTranslations.postId, row!.postId));
    const post = await getBlogPost(database.db, 'fr-FR', row!.slug, siteUrl);
    expect(post!.html).not.toMatch(/<script|onerror/);
    expect(post!.html).toContain('loading="lazy"');
    const feed = blogAtomFeed(
      { siteUrl, prefix: 'fr-fr', locale: 'fr-FR', title: 'Blog', subtitle: 'x', listingPath: 'blog', feedPath: 'blog/feed.xml' },
      await latestBlogPosts(database.db, 'fr-FR'),
    );
    expect(feed).not.toMatch(/&lt;script|onerror/);
  });

  it('publishes an Atom feed per store with every post', async () => {
    const posts = await latestBlogPosts(database.db, 'da-DK');
    const feed = blogAtomFeed(
      { siteUrl, prefix: 'da-dk', locale: 'da-DK', title: 'Blog | Cordial', subtitle: 'Viden', listingPath: 'blog', feedPath: 'blog/feed.xml' },
      posts,
    );
    expect(feed).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="da-DK">');
    expect(feed.match(/<entry>/g)).toHaveLength(posts.length);
    expect(feed).toContain(`<link rel="alternate" type="text/html" href="${siteUrl}/da-dk/blog/${postSlug('da', 'five-essential-knots')}"/>`);
    expect(feed).toContain('<link rel="self" type="application/atom+xml" href="https://cordial.example/da-dk/blog/feed.xml"/>');
  });

  it('lists blog posts among the search results and the FAQ and blog in the sitemaps', async () => {
    await rebuildSearchIndex(database.db);
    const results = await getSearchPage(database.db, 'en-GB', new URLSearchParams({ q: 'bowline' }), display);
    expect(results.posts).toContainEqual({ title: 'Five knots every cord user should know', urlPath: 'blog/five-essential-knots' });
    const german = await getSearchPage(database.db, 'de-DE', new URLSearchParams({ q: 'Affenfaust' }), display);
    expect(german.posts.map((p) => p.urlPath)).toContain(`ratgeber/${postSlug('de', 'monkeys-fist')}`);
    expect(await blogSitemapPaths(database.db, 'en')).toContain('blog/caring-for-paracord-and-rope');
    const sitemap = await storefrontSitemapXml(database.db, siteUrl, storefrontByCode('sv-SE')!);
    expect(sitemap).toContain(`<loc>${siteUrl}/sv-se/faq/${faqPath('sv', 'paracord-types')}</loc>`);
    expect(sitemap).toContain(`<loc>${siteUrl}/sv-se/blogg/${postSlug('sv', 'five-essential-knots')}</loc>`);
  });
});
