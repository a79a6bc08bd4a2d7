import type { Translate } from '../i18n/i18n.tsx';

/** A cart or order line as the shopper reads it: a free sample says so, in their language. */
export function lineName(line: { name: string; isSample: boolean }, t: Translate): string {
  return line.isSample ? `${line.name} (${t('cart.sample')})` : line.name;
}
