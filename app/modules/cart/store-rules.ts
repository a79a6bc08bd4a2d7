import type { LocaleCode } from '../i18n/locales.ts';

/** Cart-wide discount tiers on the goods value (EUR cents excl. VAT): 5 % from €50, 10 % from €100. */
export const volumeDiscountTiers = [
  { fromEurCents: 5_000, rateBp: 500 },
  { fromEurCents: 10_000, rateBp: 1_000 },
] as const;

/** Minimum goods value per store (EUR cents excl. VAT); carts with only free samples are exempt. */
export const minimumOrderEurCents: Record<LocaleCode, number> = {
  'en-US': 2_500, en: 1_500, 'pl-PL': 1_000, 'nl-NL': 1_000, 'de-DE': 1_000, 'da-DK': 1_000,
  'en-GB': 1_500, 'es-ES': 1_000, 'fr-FR': 1_000, 'it-IT': 1_000, 'sv-SE': 1_000,
};

/** At most one free sample per product, and at most this many samples per order. */
export const maxSamplesPerOrder = 5;

/** Cut-to-length pieces come in half-metre steps, up to the product's longest continuous length. */
export const pieceStepCm = 50;
/** The longest piece when a product does not say (its `max_continuous_length` specification). */
export const defaultMaxPieceMetres = 100;

/** A piece length in centimetres for `metres`, or null when it is not one the shop cuts. */
export function pieceLengthCm(metres: number, maxMetres: number): number | null {
  const lengthCm = Math.round(metres * 100);
  if (!Number.isFinite(metres) || Math.abs(metres * 100 - lengthCm) > 1e-6) return null;
  return lengthCm >= pieceStepCm && lengthCm % pieceStepCm === 0 && lengthCm <= maxMetres * 100 ? lengthCm : null;
}
