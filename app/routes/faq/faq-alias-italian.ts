import { redirect } from 'react-router';
import type { Route } from './+types/faq-alias-italian';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { faqAliasTarget } from '#app/modules/faq/faq-paths.ts';

/** The alias /it/faq/{category} of spec §2 without a store prefix: the Italian store's FAQ ('it' alone is no store prefix). */
export function loader({ url, params }: Route.LoaderArgs) {
  throw redirect(`/${storefrontByCode('it-IT')!.prefix}/${faqAliasTarget(params['*'])}${url.search}`, 301);
}
