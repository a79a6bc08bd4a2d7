/**
 * Builds the search documents of every locale from the catalogue: products (name, description,
 * SKUs, colour names and attribute values), categories, content pages and blog posts, each stemmed with
 * the locale's PostgreSQL text-search configuration (simple for Polish), and the lexicon of
 * words used for spelling suggestions.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Queryable, queryRows } from '#app/db/client.server.ts';
import { blogPosts, searchDocuments } from '#app/db/schema.ts';
import { onShow, pageTextOnShow } from '#app/modules/schedule/content-schedule.server.ts';
import { localeCodes } from '#app/modules/i18n/locales.ts';
import { searchConfigOf } from './search-config.ts';
import { blogSegment } from '#app/modules/blog/blog-paths.ts';

/** SQL for the text-search configuration of a locale column. */
const configFor = (column: ReturnType<typeof sql.raw>) =>
  sql`(case ${column} ${sql.join(
    localeCodes.map((code) => sql.raw(`when '${code}' then '${searchConfigOf(code)}'`)),
    sql` `,
  )} end)::regconfig`;

export async function searchIndexIsEmpty(db: Database): Promise<boolean> {
  return (await db.select({ id: searchDocuments.id }).from(searchDocuments).limit(1)).length === 0;
}

/** How the hourly rebuild goes: products a slice, and the rest between slices. */
export interface RebuildOptions {
  productsPerSlice?: number;
  restMs?: number;
}

/**
 * Builds every document afresh beside the current ones and writes only the difference: documents
 * that changed, appeared or went away, and lexicon words whose counts moved. Admin edits, imports
 * and page saves refresh their own documents, so the hourly rebuild (decision 0024) usually finds
 * nothing to write — and then it writes nothing, so the search_documents trigger tells no process
 * to empty its caches.
 *
 * In slices (issue 18, decision 0034): the products 1,000 ids at a time, then the other kinds,
 * then the lexicon one locale at a time, each in a transaction of its own with a short rest
 * after it. At 100× the catalogue one transaction over everything held PGlite (and so the event
 * loop) for minutes; a slice takes a fraction of a second.
 */
export async function rebuildSearchIndex(
  db: Database,
  { productsPerSlice = 1_000, restMs = 20 }: RebuildOptions = {},
): Promise<{ documents: number; written: number }> {
  const rest = () => new Promise((resolve) => setTimeout(resolve, restMs));
  let written = 0;
  const documentsDifference = (tx: Queryable, within: SQL) =>
    writeDifference(tx, {
      table: sql`search_documents`,
      next: nextDocuments,
      key: ['locale', 'kind', 'ref_id'],
      values: ['title', 'url_path', 'keywords', 'document'],
      within,
    });
  // The ids of the products and of their documents (gone products have only these), as id ranges.
  const slices = await queryRows<{ first: number; last: number }>(
    db,
    sql`select min(id) as first, max(id) as last from (
          select id, (row_number() over (order by id) - 1) / ${productsPerSlice} as slice
          from (select id from products union select ref_id from search_documents where kind = 'product') ids
        ) numbered group by slice order by 1`,
  );
  for (const { first, last } of slices) {
    written += await withNextDocuments(db, async (tx) => {
      const range = { first: Number(first), last: Number(last) };
      await insertProductDocuments(tx, range, nextDocuments);
      return documentsDifference(tx, sql`t.kind = 'product' and t.ref_id between ${range.first} and ${range.last}`);
    });
    await rest();
  }
  written += await withNextDocuments(db, async (tx) => {
    await insertCategoryDocuments(tx, undefined, nextDocuments);
    await insertPageDocuments(tx, undefined, nextDocuments);
    await insertPostDocuments(tx, undefined, nextDocuments);
    return documentsDifference(tx, sql`t.kind <> 'product'`);
  });
  for (const locale of localeCodes) {
    await rest();
    written += await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table ${nextLexicon} (locale text, word text, documents integer) on commit drop`);
      // Words as shoppers type them (unstemmed), from titles and keywords.
      await tx.execute(sql`
        insert into ${nextLexicon} (locale, word, documents)
        select ${locale}, word, ndoc from ts_stat(${`select to_tsvector('simple', title || ' ' || keywords) from search_documents where locale = '${locale}'`})
        where length(word) >= 3 and word !~ '^[0-9]+$'`);
      const lexiconWritten = await writeDifference(tx, {
        table: sql`search_lexicon`,
        next: nextLexicon,
        key: ['locale', 'word'],
        values: ['documents'],
        within: sql`t.locale = ${locale}`,
      });
      // Dropped now, not at the commit: the seeding calls this inside its own transaction.
      await tx.execute(sql`drop table ${nextLexicon}`);
      return lexiconWritten;
    });
  }
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from search_documents`);
  return { documents: Number(row?.count ?? 0), written };
}

/** Runs `fill` in a transaction with an empty table of next documents beside search_documents. */
function withNextDocuments(db: Database, fill: (tx: Queryable) => Promise<number>): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      create temporary table ${nextDocuments} on commit drop as
      select locale, kind, ref_id, title, url_path, keywords, document from search_documents limit 0`);
    const written = await fill(tx);
    await tx.execute(sql`drop table ${nextDocuments}`);
    return written;
  });
}

/** Temporary tables of the rebuild's slices. */
const nextDocuments = sql.raw('next_search_documents');
const nextLexicon = sql.raw('next_search_lexicon');

/**
 * Makes the rows of `table` `within` hold what `next` holds, writing only rows that differ. Each statement runs only
 * when it has rows to write: the storefront-change triggers fire per statement, even on no rows.
 * Returns the rows written.
 */
async function writeDifference(
  tx: Queryable,
  {
    table,
    next,
    key,
    values,
    within,
  }: { table: SQL; next: SQL; key: string[]; values: string[]; /** the rows of `table` (as t) that `next` replaces */ within: SQL },
): Promise<number> {
  const columns = (prefix: string, names: string[]) => sql.raw(names.map((name) => `${prefix}${name}`).join(', '));
  const sameKey = sql.raw(key.map((name) => `n.${name} = t.${name}`).join(' and '));
  const gone = sql`from ${table} t where ${within} and not exists (select 1 from ${next} n where ${sameKey})`;
  const changed = sql`from ${next} n where not exists (
    select 1 from ${table} t where ${sameKey} and (${columns('t.', values)}) is not distinct from (${columns('n.', values)}))`;
  const [counts] = await queryRows<{ gone: number; changed: number }>(
    tx as Database,
    sql`select (select count(*)::int ${gone}) as gone, (select count(*)::int ${changed}) as changed`,
  );
  if (counts!.gone > 0) await tx.execute(sql`delete ${gone}`);
  if (counts!.changed > 0) {
    await tx.execute(sql`
      insert into ${table} (${columns('', [...key, ...values])}) select ${columns('n.', [...key, ...values])} ${changed}
      on conflict (${columns('', key)}) do update set ${sql.raw(values.map((name) => `${name} = excluded.${name}`).join(', '))}`);
  }
  return counts!.gone + counts!.changed;
}

/** Product ids from `first` to `last`, both included. */
interface IdRange {
  first: number;
  last: number;
}

/** The documents of active products (those listed, or with an id in the range), one per locale with a name. */
async function insertProductDocuments(tx: Queryable, products: readonly number[] | IdRange, into: SQL = sql`search_documents`): Promise<void> {
  const productConfig = configFor(sql.raw('locale'));
  const which = Array.isArray(products)
    ? sql`in (${sql.join(
        products.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`between ${(products as IdRange).first} and ${(products as IdRange).last}`;
  /** Narrows each part of the query to the products asked for. */
  const only = (column: string, joiner: 'where' | 'and') => sql`${sql.raw(joiner)} ${sql.raw(column)} ${which}`;
  await tx.execute(sql`
    insert into ${into} (locale, kind, ref_id, title, url_path, keywords, document)
    with labels as (
      select pav.product_id, aot.locale, string_agg(distinct aot.label, ' ') as labels
      from product_attribute_values pav join attribute_option_translations aot on aot.option_id = pav.option_id
      ${only('pav.product_id', 'where')}
      group by pav.product_id, aot.locale
    ),
    -- SKUs with spaces for dashes: the parser would read 'PC550-0001' as 'pc550' and '-0001'.
    skus as (select product_id, string_agg(replace(sku, '-', ' '), ' ') as skus from product_variants ${only('product_id', 'where')} group by product_id),
    keyed as (
      select p.id, pt.locale, pt.name, pt.url_key, pt.description,
        concat_ws(' ', p.sku, replace(p.sku, '-', ' '), s.skus, l.labels) as keywords
      from products p
      join product_translations pt on pt.product_id = p.id
      left join skus s on s.product_id = p.id
      left join labels l on l.product_id = p.id and l.locale = pt.locale
      where p.is_active ${only('p.id', 'and')}
    )
    select locale, 'product', id, name, url_key, keywords,
      setweight(to_tsvector(${productConfig}, name), 'A')
        || setweight(to_tsvector('simple', keywords), 'B')
        || setweight(to_tsvector(${productConfig}, regexp_replace(description, '<[^>]+>', ' ', 'g')), 'C')
    from keyed`);
}

/**
 * After an edit in the admin: the search documents of these products only (not the whole
 * catalogue), and their words in the lexicon for spelling suggestions. The trigger on
 * search_documents then tells every process to forget its cached searches.
 */
export async function refreshProductSearchDocuments(db: Database, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`delete from search_documents where kind = 'product' and ref_id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    await insertProductDocuments(tx, productIds);
    await tx.execute(sql`
      insert into search_lexicon (locale, word, documents)
      select locale, word, 1 from (
        select locale, unnest(tsvector_to_array(to_tsvector('simple', title || ' ' || keywords))) as word
        from search_documents where kind = 'product' and ref_id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})
      ) words
      where length(word) >= 3 and word !~ '^[0-9]+$'
      group by locale, word
      on conflict (locale, word) do nothing`);
  });
}

/** The documents of active categories (all, or only `categoryIds`), one per locale with a name. */
async function insertCategoryDocuments(tx: Queryable, categoryIds?: readonly number[], into: SQL = sql`search_documents`): Promise<void> {
  const categoryConfig = configFor(sql.raw('ct.locale'));
  const only = categoryIds
    ? sql`and c.id in (${sql.join(
        categoryIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await tx.execute(sql`
    insert into ${into} (locale, kind, ref_id, title, url_path, keywords, document)
    select ct.locale, 'category', c.id, ct.name, ct.url_path, '', setweight(to_tsvector(${categoryConfig}, ct.name), 'A')
    from categories c join category_translations ct on ct.category_id = c.id
    where c.is_active ${only}`);
}

/** The documents of active information pages (all, or only `pageIds`), one per published locale. */
async function insertPageDocuments(tx: Queryable, pageIds?: readonly number[], into: SQL = sql`search_documents`): Promise<void> {
  const pageConfig = configFor(sql.raw('content_page_translations.locale'));
  const only = pageIds
    ? sql`and cp.id in (${sql.join(
        pageIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await tx.execute(sql`
    insert into ${into} (locale, kind, ref_id, title, url_path, keywords, document)
    select content_page_translations.locale, 'page', cp.id, content_page_translations.title, content_page_translations.slug, '',
      setweight(to_tsvector(${pageConfig}, content_page_translations.title), 'A') || setweight(to_tsvector(${pageConfig}, regexp_replace(content_page_translations.body_html, '<[^>]+>', ' ', 'g')), 'C')
    from content_pages cp join content_page_translations on content_page_translations.page_id = cp.id
    where cp.is_active and ${pageTextOnShow()} ${only}`);
}

/**
 * The documents of the blog posts on show (all, or only `postIds`), one per store with a text. A
 * scheduled post joins the index when its time comes (content/schedule-watch.server.ts refreshes them).
 */
async function insertPostDocuments(tx: Queryable, postIds?: readonly number[], into: SQL = sql`search_documents`): Promise<void> {
  const postConfig = configFor(sql.raw('bpt.locale'));
  // A post's path below the prefix: the store's blog segment and the post's slug.
  const blogPostUrlPath = sql`(case bpt.locale ${sql.join(
    localeCodes.map((code) => sql.raw(`when '${code}' then '${blogSegment(code)}/'`)),
    sql` `,
  )} end) || bpt.slug`;
  const only = postIds
    ? sql`and blog_posts.id in (${sql.join(
        postIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await tx.execute(sql`
    insert into ${into} (locale, kind, ref_id, title, url_path, keywords, document)
    select bpt.locale, 'post', blog_posts.id, bpt.title, ${blogPostUrlPath}, '',
      setweight(to_tsvector(${postConfig}, bpt.title), 'A') || setweight(to_tsvector(${postConfig}, bpt.summary), 'B')
        || setweight(to_tsvector(${postConfig}, regexp_replace(bpt.body_html, '<[^>]+>', ' ', 'g')), 'C')
    from blog_posts join blog_post_translations bpt on bpt.post_id = blog_posts.id
    where ${onShow({ published: blogPosts.isPublished, from: blogPosts.publishedAt, until: blogPosts.unpublishAt })} ${only}`);
}

/** After a blog post is edited in the admin: its documents only. */
export async function refreshPostSearchDocuments(db: Queryable & Pick<Database, 'transaction'>, postIds: readonly number[]): Promise<void> {
  if (postIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`delete from search_documents where kind = 'post' and ref_id in (${sql.join(
        postIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    await insertPostDocuments(tx, postIds);
  });
}

/**
 * When scheduled content starts or stops showing (content/schedule-watch.server.ts): the documents
 * of every information page and blog post, a few hundred rows, so the search shows what the
 * storefront shows.
 */
export async function refreshScheduledSearchDocuments(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_documents where kind in ('page', 'post')`);
    await insertPageDocuments(tx);
    await insertPostDocuments(tx);
  });
}

/** After an information page is edited in the admin: its documents only (title, slug, text, published). */
export async function refreshPageSearchDocuments(db: Queryable & Pick<Database, 'transaction'>, pageIds: readonly number[]): Promise<void> {
  if (pageIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`delete from search_documents where kind = 'page' and ref_id in (${sql.join(
        pageIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    await insertPageDocuments(tx, pageIds);
  });
}

/** After a category is created, renamed or its path moved: the documents of these categories only. */
export async function refreshCategorySearchDocuments(db: Database, categoryIds: readonly number[]): Promise<void> {
  if (categoryIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`delete from search_documents where kind = 'category' and ref_id in (${sql.join(
        categoryIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    await insertCategoryDocuments(tx, categoryIds);
  });
}
