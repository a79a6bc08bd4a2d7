import type { ContentPageData } from '../../modules/content/content-page.server.ts';
import { PageHead } from '../page-head.tsx';

export function ContentPage({ page }: { page: ContentPageData }) {
  return (
    <article className="content-page container">
      <PageHead title={page.title} description={page.metaDescription ?? undefined} alternates={page.alternates} />
      <h1>{page.title}</h1>
      <div className="content" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
