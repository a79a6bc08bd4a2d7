import type { Route } from './+types/blog-feed';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { blogAtomFeed } from '#app/modules/blog/blog-feed.server.ts';
import { blogFeedPath, blogListingPath } from '#app/modules/blog/blog-paths.ts';
import { latestBlogPosts } from '#app/modules/blog/blog.server.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { ensureOwnBlogSegment } from './blog-segment.server.ts';

/** /{prefix}/{blog segment}/feed.xml: the storefront's posts as an Atom feed. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, siteUrl, logger, shopName } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  ensureOwnBlogSegment(url, storefront);
  const locale = storefront.code;
  const [posts, t] = await orUnavailable(() => Promise.all([latestBlogPosts(db, locale), serverTranslator(db, locale, logger)]));
  const xml = blogAtomFeed(
    {
      siteUrl,
      prefix: storefront.prefix,
      locale,
      title: `${t('blog.title')} | ${shopName}`,
      subtitle: t('blog.intro'),
      listingPath: blogListingPath(locale),
      feedPath: blogFeedPath(locale),
    },
    posts,
  );
  return new Response(xml, { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
