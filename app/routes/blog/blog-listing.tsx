import type { Route } from './+types/blog-listing';
import { BlogCardItem } from '#app/components/blog/blog-parts.tsx';
import { Breadcrumbs } from '#app/components/catalogue/product-card.tsx';
import { PageHead } from '#app/components/page-head.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { blogListingPath } from '#app/modules/blog/blog-paths.ts';
import { getBlogListing } from '#app/modules/blog/blog.server.ts';
import { storefronts } from '#app/modules/i18n/locales.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { requestedPage } from '#app/lib/paging/page-window.ts';
import { ensureOwnBlogSegment } from './blog-segment.server.ts';
import { shareWithShoppers } from '#app/modules/page-cache/shared-pages.server.ts';

/** /{prefix}/{blog segment}?page=N: the posts, newest first. */
export async function loader({ url, context }: Route.LoaderArgs) {
  // Reads the visitor only through personal inputs: served from the cache to shoppers too (decision 0020).
  shareWithShoppers(context);
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  ensureOwnBlogSegment(url, storefront);
  const listing = await orUnavailable(() => getBlogListing(db, storefront.code, requestedPage(url)));
  return {
    prefix: storefront.prefix,
    listing,
    alternates: Object.fromEntries(storefronts.map((s) => [s.code, `/${s.prefix}/${blogListingPath(s.code)}`])),
  };
}

export default function BlogListing({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, listing, alternates } = loaderData;
  const base = `/${prefix}/${listing.path}`;
  const title = listing.window.page > 1 ? `${t('blog.title')} - ${t('listing.page', { page: listing.window.page })}` : t('blog.title');
  return (
    <div className="container blog">
      <PageHead title={title} description={t('blog.intro')} alternates={alternates} />
      <link rel="alternate" type="application/atom+xml" title={t('blog.feedTitle')} href={`/${prefix}/${listing.feedPath}`} />
      <Breadcrumbs items={[{ name: t('product.home'), href: `/${prefix}` }, { name: t('blog.title') }]} />
      <header className="blog__header">
        <h1>{t('blog.title')}</h1>
        <p className="blog__intro">{t('blog.intro')}</p>
        <a href={`/${prefix}/${listing.feedPath}`} className="blog__feed">
          {t('blog.feed')}
        </a>
      </header>
      {listing.posts.length === 0 ? (
        <p role="status">{t('blog.empty')}</p>
      ) : (
        <ul className="blog__grid">
          {listing.posts.map((post) => (
            <BlogCardItem key={post.id} post={post} prefix={prefix} />
          ))}
        </ul>
      )}
      <Pagination window={listing.window} hrefFor={(page) => (page === 1 ? base : `${base}?page=${page}`)} />
    </div>
  );
}
