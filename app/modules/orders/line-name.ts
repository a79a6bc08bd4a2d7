import { formatDecimal, formatMediumDate } from '#app/modules/i18n/locale-formats.ts';
import type { Translate } from '#app/modules/i18n/i18n.tsx';
import { metresToCm } from '#app/modules/pricing/price-per-length.ts';

/** An option the shopper chose for a line (a length, a pack size, a symbol), as recorded with the line. */
export interface LineOption {
  /** the attribute code: `length`, `unit_type`, … */
  attribute: string;
  /** the option's name in the line's language ("10 m", "Pack of 10") */
  label: string;
  /** for lengths: metres */
  sortValue: number | null;
}

const feetPerMetre = 3.28084;

/**
 * A length as the shop shows it in this language: metres with feet after, or feet first where
 * the shop shows lengths that way (en-US), through the `product.lengthWithFeet` message.
 */
export function formatLength(metres: number, t: Translate, locale: string): string {
  return t('product.lengthWithFeet', { metres: formatDecimal(metres, locale, 1), feet: formatDecimal(Math.round(metres * feetPerMetre), locale, 1) });
}

/** The name of one chosen option: lengths in metres and feet, other options by their label. */
export function optionText(option: LineOption, t: Translate, locale: string): string {
  // A gift card's recipient and delivery day (gift-cards/gift-card-purchase.ts).
  if (option.attribute === 'gift_card_recipient') return t('giftCards.line.for', { name: option.label });
  if (option.attribute === 'gift_card_delivery')
    return t('giftCards.line.on', {
      date: formatMediumDate(new Date(`${option.label}T00:00:00Z`), locale),
    });
  return option.attribute === 'length' && option.sortValue !== null ? formatLength(option.sortValue, t, locale) : option.label;
}

/** The length one piece or pack of a line buys (a cut piece, or a length option), for unit prices; null for goods not sold by length. */
export function lineLengthCm(line: { options?: readonly LineOption[] | null; lengthCm?: number | null }): number | null {
  if (line.lengthCm) return line.lengthCm;
  const metres = line.options?.find((option) => option.attribute === 'length')?.sortValue;
  return metres ? metresToCm(metres) : null;
}

export interface NamedLine {
  name: string;
  isSample: boolean;
  /** the options of the variant bought; none for a product without choices */
  options?: readonly LineOption[] | null;
  /** the piece length of a cut-to-length line */
  lengthCm?: number | null;
}

/** What was chosen for a line — "10 m (33 ft)", "Pack of 10", "cut to 2.5 m (8 ft)" — or null when nothing was. */
export function lineChoice(line: Omit<NamedLine, 'name' | 'isSample'>, t: Translate, locale: string): string | null {
  const parts = (line.options ?? []).map((option) => optionText(option, t, locale));
  if (line.lengthCm) parts.push(t('lineName.cutPiece', { length: formatLength(line.lengthCm / 100, t, locale) }));
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * A cart, order, invoice, mail or wishlist line as the shopper reads it, in their language: the
 * product with what was chosen (length, pack, cut piece), and a free sample says so. One function
 * names a line everywhere, so the cart and the invoice never disagree about what was bought.
 */
export function lineName(line: NamedLine, t: Translate, locale: string): string {
  const choice = line.isSample ? null : lineChoice(line, t, locale);
  const name = choice ? t('lineName.withChoice', { name: line.name, choice }) : line.name;
  return line.isSample ? `${name} (${t('cart.sample')})` : name;
}
