import { data, Link, redirect, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/blog-post';
import { BlogImage, PostMeta, PostTags } from '#app/components/blog/blog-parts.tsx';
import { Breadcrumbs } from '#app/components/catalogue/product-card.tsx';
import { JsonLd } from '#app/components/json-ld.tsx';
import { PageHead } from '#app/components/page-head.tsx';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { blogListingPath, blogPostPath } from '#app/modules/blog/blog-paths.ts';
import { type BlogPostPage, getBlogPost } from '#app/modules/blog/blog.server.ts';
import { resolveCataloguePath } from '#app/modules/catalogue/resolve-path.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import type { loader as rootLoader } from '#app/root.tsx';
import { ensureOwnBlogSegment } from './blog-segment.server.ts';
import { shareWithShoppers } from '#app/modules/page-cache/shared-pages.server.ts';

/** /{prefix}/{blog segment}/{post slug}; an old slug redirects (301) to the post's new one, an unknown post is the 404 page. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  // Reads the visitor only through personal inputs: served from the cache to shoppers too (decision 0020).
  shareWithShoppers(context);
  const { db, siteUrl } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  ensureOwnBlogSegment(url, storefront);
  const post = await orUnavailable(() => getBlogPost(db, storefront.code, params.slug, siteUrl));
  if (!post) {
    const moved = await orUnavailable(() => resolveCataloguePath(db, storefront.code, blogPostPath(storefront.code, params.slug)));
    if (moved?.type === 'REDIRECT') throw redirect(`${moved.relativeUrl}${url.search}`, moved.redirectCode);
    throw data(null, { status: 404 });
  }
  return { prefix: storefront.prefix, listingPath: blogListingPath(storefront.code), post, alternates: post.alternates };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, listingPath, post, alternates } = loaderData;
  return (
    <article className="container blog-post" aria-labelledby="post-title">
      <PageHead title={post.title} description={post.summary} alternates={alternates} />
      <ArticleJsonLd post={post} prefix={prefix} />
      <Breadcrumbs
        items={[{ name: t('product.home'), href: `/${prefix}` }, { name: t('blog.title'), href: `/${prefix}/${listingPath}` }, { name: post.title }]}
      />
      <header className="blog-post__header">
        <PostTags tags={post.tags} />
        <h1 id="post-title">{post.title}</h1>
        <p className="blog-post__summary">{post.summary}</p>
        <PostMeta author={post.author} publishedAt={post.publishedAt} />
      </header>
      <figure className="blog-post__hero">
        <BlogImage src={post.heroImage} alt={post.heroAlt} width={960} height={540} eager />
      </figure>
      <div className="content blog-post__body" dangerouslySetInnerHTML={{ __html: post.html }} />
      <p>
        <Link to={`/${prefix}/${listingPath}`}>{t('blog.backToBlog')}</Link>
      </p>
    </article>
  );
}

/** schema.org Article (Google's fields: headline, image, dates, author, publisher). */
function ArticleJsonLd({ post, prefix }: { post: BlogPostPage; prefix: string }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const siteUrl = root?.siteUrl ?? '';
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: post.title,
        description: post.summary,
        image: [`${siteUrl}${post.heroImage}?w=1200`],
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        author: { '@type': 'Person', name: post.author },
        publisher: { '@type': 'Organization', name: root?.shopName ?? 'Cordial' },
        keywords: post.tags.join(', '),
        mainEntityOfPage: `${siteUrl}/${prefix}/${post.path}`,
      }}
    />
  );
}
