import { Form, Link } from 'react-router';
import { blogListingPath } from '#app/modules/blog/blog-paths.ts';
import { faqRoot } from '#app/modules/faq/faq-paths.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { newsletterPath } from '#app/modules/newsletter/newsletter-paths.ts';
import { CsrfField } from '#app/components/forms/form-fields.tsx';

/** The footer's newsletter sign-up (a plain form: the newsletter page answers it) and the FAQ and blog links. */
export function FooterNewsletter({ prefix }: { prefix: string }) {
  const { t, locale } = useI18n();
  return (
    <section aria-labelledby="footer-newsletter" className="footer-newsletter">
      <h2 id="footer-newsletter">{t('newsletter.title')}</h2>
      <p>{t('newsletter.footerText')}</p>
      <Form method="post" action={`/${prefix}/${newsletterPath}`} className="footer-newsletter__form">
        <CsrfField />
        <label htmlFor="footer-newsletter-email" className="visually-hidden">
          {t('newsletter.footerEmailLabel')}
        </label>
        <input id="footer-newsletter-email" name="email" type="email" autoComplete="email" required placeholder={t('newsletter.emailPlaceholder')} />
        <button type="submit" className="button button--primary">
          {t('newsletter.subscribeButton')}
        </button>
      </Form>
      <ul className="site-footer__links">
        <li>
          <Link to={`/${prefix}/${faqRoot}`}>{t('faq.title')}</Link>
        </li>
        <li>
          <Link to={`/${prefix}/${blogListingPath(locale)}`}>{t('blog.title')}</Link>
        </li>
      </ul>
    </section>
  );
}
