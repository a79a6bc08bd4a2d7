import { Breadcrumbs } from '#app/components/catalogue/product-card.tsx';
import type { ContentPageData } from '#app/modules/content/content-page.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { PageHead } from '#app/components/page-head.tsx';
import { ContentWidget, type ContactActionData } from './content-widgets.tsx';

/**
 * A content page: sanitised HTML with the computed parts (tables, forms, addresses) between it.
 * The light layout (used by /page) drops the breadcrumbs and narrows the column.
 */
export function ContentPage({
  page,
  prefix,
  layout = page.layout,
  actionData,
}: {
  page: ContentPageData;
  prefix: string;
  layout?: 'default' | 'light';
  actionData?: ContactActionData;
}) {
  const { t, locale } = useI18n();
  const updated = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(page.updatedAt));
  return (
    <article className={`content-page container content-page--${layout}`}>
      <PageHead title={page.title} description={page.metaDescription ?? undefined} alternates={page.alternates} />
      {layout === 'default' && <Breadcrumbs items={[{ name: t('content.home'), href: `/${prefix}` }, { name: page.title }]} />}
      <h1>{page.title}</h1>
      {page.segments.map((segment, index) =>
        segment.kind === 'html' ? (
          <div key={index} className="content" dangerouslySetInnerHTML={{ __html: segment.html }} />
        ) : (
          <ContentWidget key={index} name={segment.name} data={page.widgets} actionData={actionData} />
        ),
      )}
      <p className="content-page__updated">{t('content.updated', { date: updated })}</p>
    </article>
  );
}
