import { Link } from 'react-router';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { localeCodes } from '#app/modules/i18n/locales.ts';

export type LocaleTextState = 'published' | 'scheduled' | 'hidden' | 'missing';

const badge = { published: 'active', scheduled: 'pending', hidden: 'pending', missing: 'disabled' } as const;

/** One link per store to edit an item's text there, coloured by the state of that text. */
export function LocaleChips({ hrefOf, stateOf }: { hrefOf: (locale: string) => string; stateOf: (locale: string) => LocaleTextState }) {
  const { t } = useI18n();
  return (
    <ul className="admin-chips">
      {localeCodes.map((locale) => {
        const state = stateOf(locale);
        return (
          <li key={locale}>
            <Link to={hrefOf(locale)} className={`admin-badge admin-badge--${badge[state]}`}>
              {locale}
              <span className="visually-hidden"> – {t(`admin.contentPages.states.${state}`)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
