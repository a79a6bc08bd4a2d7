import { Link } from 'react-router';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import type { BlogCard } from '#app/modules/blog/blog.server.ts';

/** A drawn hero image through the image pipeline: webp at the shown width, 2x for sharp screens. */
export function BlogImage({ src, alt, width, height, eager }: { src: string; alt: string; width: number; height: number; eager?: boolean }) {
  return (
    <img
      src={`${src}?w=${width}`}
      srcSet={`${src}?w=${width} 1x, ${src}?w=${width}&dpr=2 2x`}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className="blog-image"
    />
  );
}

export function PostMeta({ author, publishedAt }: { author: string; publishedAt: string }) {
  const { t, locale } = useI18n();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(publishedAt));
  return (
    <p className="blog-meta">
      {t('blog.byAuthor', { author })} · <time dateTime={publishedAt}>{date}</time>
    </p>
  );
}

export function PostTags({ tags }: { tags: string[] }) {
  const { t } = useI18n();
  if (tags.length === 0) return null;
  return (
    <ul className="chips blog-tags" aria-label={t('blog.tags')}>
      {tags.map((tag) => (
        <li key={tag} className="chip">
          {tag}
        </li>
      ))}
    </ul>
  );
}

export function BlogCardItem({ post, prefix }: { post: BlogCard; prefix: string }) {
  return (
    <li className="blog-card">
      <article aria-labelledby={`post-${post.id}`}>
        <BlogImage src={post.heroImage} alt={post.heroAlt} width={480} height={270} />
        <div className="blog-card__body">
          <PostTags tags={post.tags} />
          <h2 id={`post-${post.id}`} className="blog-card__title">
            <Link to={`/${prefix}/${post.path}`}>{post.title}</Link>
          </h2>
          <p>{post.summary}</p>
          <PostMeta author={post.author} publishedAt={post.publishedAt} />
        </div>
      </article>
    </li>
  );
}
