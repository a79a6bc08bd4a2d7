import { Form } from 'react-router';
import { blogListingPath } from '#app/modules/blog/blog-paths.ts';
import { faqRoot } from '#app/modules/faq/faq-paths.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { newsletterPath } from '#app/modules/newsletter/newsletter-paths.ts';
import { CsrfField } from '#app/components/forms/form-fields.tsx';
import { usePlainLinkClicks } from '#app/components/ui/plain-links.tsx';

/** The footer's newsletter sign-up (a plain form: the newsletter page answers it) and the FAQ and blog links. */
export function FooterNewsletter({ prefix }: { prefix: string }) {
  const { t, locale } = useI18n();
  const followLink = usePlainLinkClicks();
  return (
    <section aria-labelledby="footer-newsletter" className="footer-newsletter">
      <h2 id="footer-newsletter">{t('newsletter.title')}</h2>
      <p>{t('newsletter.footerText')}</p>
      {/* Its route is found when the form is sent (no route discovery at each page's load, decision 0050). */}
      <Form method="post" action={`/${prefix}/${newsletterPath}`} className="footer-newsletter__form" discover="none">
        <CsrfField />
        <label htmlFor="footer-newsletter-email" className="visually-hidden">
          {t('newsletter.footerEmailLabel')}
        </label>
        <input id="footer-newsletter-email" name="email" type="email" autoComplete="email" required placeholder={t('newsletter.emailPlaceholder')} />
        <button type="submit" className="button button--primary">
          {t('newsletter.subscribeButton')}
        </button>
      </Form>
      <ul className="site-footer__links" onClick={followLink}>
        <li>
          <a href={`/${prefix}/${faqRoot}`}>{t('faq.title')}</a>
        </li>
        <li>
          <a href={`/${prefix}/${blogListingPath(locale)}`}>{t('blog.title')}</a>
        </li>
      </ul>
    </section>
  );
}
