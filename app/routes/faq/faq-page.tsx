import { data, Link } from 'react-router';
import type { Route } from './+types/faq-page';
import { Breadcrumbs } from '#app/components/catalogue/product-card.tsx';
import { JsonLd } from '#app/components/json-ld.tsx';
import { PageHead, samePathAlternates } from '#app/components/page-head.tsx';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { informationPageSlug } from '#app/modules/content/information-pages.ts';
import { type FaqCategoryLink, getFaqCategory, getFaqIndex } from '#app/modules/faq/faq.server.ts';
import { faqRoot } from '#app/modules/faq/faq-paths.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { shareWithShoppers } from '#app/modules/page-cache/shared-pages.server.ts';

/** /{prefix}/faq (the index) and /{prefix}/faq/{category, any depth}; an unknown category is the 404 page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  // Reads the visitor only through personal inputs: served from the cache to shoppers too (decision 0020).
  shareWithShoppers(context);
  const { db, siteUrl } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const categoryPath = params['*'] ?? '';
  return orUnavailable(async () => {
    if (!categoryPath)
      return { prefix: storefront.prefix, index: await getFaqIndex(db, storefront.code), category: null, alternates: samePathAlternates(`/${faqRoot}`) };
    const category = await getFaqCategory(db, storefront.code, categoryPath, siteUrl);
    if (!category) throw data(null, { status: 404 });
    return { prefix: storefront.prefix, index: null, category, alternates: category.alternates };
  });
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, alternates } = loaderData;
  const home = { name: t('product.home'), href: `/${prefix}` };
  const faqHome = { name: t('faq.title'), href: `/${prefix}/${faqRoot}` };
  if (!loaderData.category) {
    return (
      <div className="container faq">
        <PageHead title={t('faq.title')} description={t('faq.intro')} alternates={alternates} />
        <Breadcrumbs items={[home, faqHome]} />
        <h1>{t('faq.title')}</h1>
        <p className="faq__intro">{t('faq.intro')}</p>
        <CategoryCards prefix={prefix} categories={loaderData.index.categories} />
        <ContactHint prefix={prefix} />
      </div>
    );
  }
  const { category } = loaderData;
  return (
    <div className="container faq">
      <PageHead title={`${category.title} - ${t('faq.title')}`} description={category.description} alternates={alternates} />
      <FaqJsonLd questions={category.questions} />
      <Breadcrumbs items={[home, faqHome, ...category.ancestors.map((a) => ({ name: a.title, href: `/${prefix}/${a.path}` })), { name: category.title }]} />
      <div className="faq__layout">
        <div className="faq__main">
          <h1>{category.title}</h1>
          <p className="faq__intro">{category.description}</p>
          {category.children.length > 0 && (
            <nav aria-labelledby="faq-subcategories" className="faq__subcategories">
              <h2 id="faq-subcategories">{t('faq.moreTopics')}</h2>
              <CategoryCards prefix={prefix} categories={category.children} />
            </nav>
          )}
          {category.questions.length > 0 && (
            <section aria-labelledby="faq-questions">
              <h2 id="faq-questions" className="visually-hidden">
                {t('faq.questions')}
              </h2>
              <div className="faq__questions">
                {category.questions.map((question) => (
                  <details key={question.id} className="faq-item" id={`q${question.id}`}>
                    <summary>{question.question}</summary>
                    <div className="content faq-item__answer" dangerouslySetInnerHTML={{ __html: question.answerHtml }} />
                  </details>
                ))}
              </div>
            </section>
          )}
          <ContactHint prefix={prefix} />
        </div>
        <nav aria-labelledby="faq-all-categories" className="faq__aside">
          <h2 id="faq-all-categories">{t('faq.allCategories')}</h2>
          <ul>
            {category.topics.map((link) => (
              <li key={link.id}>
                <Link to={`/${prefix}/${link.path}`} aria-current={link.id === category.id ? 'page' : undefined}>
                  {link.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

function CategoryCards({ prefix, categories }: { prefix: string; categories: FaqCategoryLink[] }) {
  return (
    <ul className="faq__categories">
      {categories.map((link) => (
        <li key={link.id} className="faq-card">
          <h3 className="faq-card__title">
            <Link to={`/${prefix}/${link.path}`}>{link.title}</Link>
          </h3>
          <p>{link.description}</p>
          {link.children.length > 0 && (
            <ul className="faq-card__children">
              {link.children.map((child) => (
                <li key={child.id}>
                  <Link to={`/${prefix}/${child.path}`}>{child.title}</Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function ContactHint({ prefix }: { prefix: string }) {
  const { t, locale } = useI18n();
  return (
    <p className="faq__contact">
      {t('faq.notFound')} <Link to={`/${prefix}/${informationPageSlug('contact', locale)}`}>{t('faq.contactUs')}</Link>
    </p>
  );
}

/** schema.org FAQPage: every question of the page with its answer (HTML is allowed in the text). */
function FaqJsonLd({ questions }: { questions: { question: string; answerHtml: string }[] }) {
  if (questions.length === 0) return null;
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: questions.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answerHtml } })),
      }}
    />
  );
}
