import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { sanitizeContentHtml } from '#app/modules/rich-text/sanitize-content.server.ts';
import type { latestBlogPosts } from './blog.server.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface FeedInfo {
  siteUrl: string;
  /** e.g. 'en-gb' */
  prefix: string;
  locale: LocaleCode;
  title: string;
  subtitle: string;
  listingPath: string;
  feedPath: string;
}

/** An Atom feed (RFC 4287) of a storefront's newest posts, with their sanitised bodies. */
export function blogAtomFeed(info: FeedInfo, posts: Awaited<ReturnType<typeof latestBlogPosts>>): string {
  const base = `${info.siteUrl}/${info.prefix}`;
  const ownHosts = [new URL(info.siteUrl).host];
  const updated = posts[0]?.publishedAt ?? new Date(0).toISOString();
  const entries = posts.map((post) => {
    const url = `${base}/${post.path}`;
    // Relative links and images in the body are resolved against the post's address by readers (xml:base).
    const content = sanitizeContentHtml(post.bodyHtml, { ownHosts });
    return `  <entry>
    <id>${escapeXml(url)}</id>
    <title>${escapeXml(post.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>
    <published>${post.publishedAt}</published>
    <updated>${post.publishedAt}</updated>
    <author><name>${escapeXml(post.author)}</name></author>
${post.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`).join('\n')}
    <summary>${escapeXml(post.summary)}</summary>
    <content type="html" xml:base="${escapeXml(url)}">${escapeXml(content)}</content>
  </entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(info.locale)}">
  <id>${escapeXml(`${base}/${info.listingPath}`)}</id>
  <title>${escapeXml(info.title)}</title>
  <subtitle>${escapeXml(info.subtitle)}</subtitle>
  <link rel="self" type="application/atom+xml" href="${escapeXml(`${base}/${info.feedPath}`)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(`${base}/${info.listingPath}`)}"/>
  <updated>${updated}</updated>
${entries.join('\n')}
</feed>
`;
}
