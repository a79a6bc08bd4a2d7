import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '#app/db/client.server.ts';
import { blogPosts, blogPostTranslations } from '#app/db/schema.ts';
import { localesByLanguage, readSeedTexts } from '#app/modules/seed-texts/seed-texts.server.ts';
import { seededPostDetails } from './blog-posts.ts';

/** The shape of app/modules/blog/seed/{language}.json. */
export interface BlogSeedTexts {
  posts: { key: string; slug: string; title: string; summary: string; heroAlt: string; tags: string[]; body: string }[];
}

export const blogSeedFolder = new URL('./seed/', import.meta.url);

export async function blogIsEmpty(db: Database): Promise<boolean> {
  return (await db.select({ id: blogPosts.id }).from(blogPosts).limit(1)).length === 0;
}

/**
 * Writes the seeded posts of every storefront, and their hero images (SVG, from `heroImage`: the
 * demo generator draws them) into the media directory, when there are no posts yet. Returns
 * whether it seeded (the search index then needs the posts).
 */
export async function seedBlog(db: Database, mediaDir: string, heroImage: (postKey: string) => string): Promise<boolean> {
  if (!(await blogIsEmpty(db))) return false;
  const english = readSeedTexts<BlogSeedTexts>(blogSeedFolder, 'en');
  mkdirSync(join(mediaDir, 'blog'), { recursive: true });
  await db.transaction(async (tx) => {
    const postIds = new Map<string, number>();
    for (const post of english.posts) {
      const details = seededPostDetails[post.key];
      if (!details) throw new Error(`blog post ${post.key}: no author and date in blog-posts.ts`);
      const heroPath = `blog/${post.key}.svg`;
      writeFileSync(join(mediaDir, heroPath), heroImage(post.key));
      const [row] = await tx
        .insert(blogPosts)
        .values({ code: post.key, author: details.author, heroImage: heroPath, publishedAt: new Date(details.publishedAt) })
        .returning({ id: blogPosts.id });
      postIds.set(post.key, row!.id);
    }
    for (const [language, locales] of localesByLanguage()) {
      const texts = readSeedTexts<BlogSeedTexts>(blogSeedFolder, language);
      await tx.insert(blogPostTranslations).values(
        texts.posts.flatMap((post) => {
          const postId = postIds.get(post.key);
          if (postId === undefined) throw new Error(`blog ${language}.json: unknown post ${post.key}`);
          return locales.map((locale) => ({
            postId,
            locale,
            slug: post.slug,
            title: post.title,
            summary: post.summary,
            bodyHtml: post.body,
            heroAlt: post.heroAlt,
            tags: post.tags,
          }));
        }),
      );
    }
  });
  return true;
}
