import { redirect } from 'react-router';
import type { Route } from './+types/faq-alias';
import { storefrontContext } from '#app/context.ts';
import { faqAliasTarget } from '#app/modules/faq/faq-paths.ts';

/** The aliases /frequently-asked-questions/{category} and /it/faq/{category} (spec §2) lead to the FAQ's own address. */
export function loader({ url, params, context }: Route.LoaderArgs) {
  const { prefix } = context.get(storefrontContext).storefront;
  throw redirect(`/${prefix}/${faqAliasTarget(params['*'])}${url.search}`, 301);
}
