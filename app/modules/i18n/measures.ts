import { formatDecimal } from './locale-formats.ts';
/** Stores whose shoppers read imperial units first (feet, inches, pounds), with metric after. */
const imperialFirst: ReadonlySet<string> = new Set(['en-US']);

/** Whether lengths, diameters and weights are shown in imperial units first in this locale. */
export const showsImperialFirst = (locale: string): boolean => imperialFirst.has(locale);

const poundsPerKilogram = 1 / 0.45359237;
const ouncesPerGram = 1 / 28.349523125;
const millimetresPerInch = 25.4;
const metresPerFoot = 0.3048;

const greatestCommonDivisor = (a: number, b: number): number => (b === 0 ? a : greatestCommonDivisor(b, a % b));

/** Inches below one as a fraction in 64ths, reduced ("5/32"); whole and larger amounts as decimals. */
function formatInches(inches: number, locale: string): string {
  if (inches < 1) {
    const sixtyFourths = Math.max(1, Math.round(inches * 64));
    if (sixtyFourths < 64) {
      const divisor = greatestCommonDivisor(sixtyFourths, 64);
      return `${sixtyFourths / divisor}/${64 / divisor}`;
    }
  }
  return formatDecimal(inches, locale, inches < 10 ? 2 : 1);
}

/** The imperial equivalent of a metric amount, or null for a unit without one. */
export function imperialOf(value: number, unit: string, locale: string): string | null {
  switch (unit) {
    case 'kg': {
      const pounds = value * poundsPerKilogram;
      return `${formatDecimal(pounds, locale, pounds < 10 ? 1 : 0)} lb`;
    }
    case 'g': {
      const ounces = value * ouncesPerGram;
      return ounces >= 16 ? `${formatDecimal(ounces / 16, locale, 1)} lb` : `${formatDecimal(ounces, locale, ounces < 1 ? 2 : 1)} oz`;
    }
    case 'mm':
      return `${formatInches(value / millimetresPerInch, locale)} in`;
    case 'cm':
      return `${formatInches(value / 2.54, locale)} in`;
    case 'm': {
      const feet = value / metresPerFoot;
      return `${formatDecimal(feet, locale, feet < 10 ? 1 : 0)} ft`;
    }
    default:
      return null;
  }
}

/**
 * A measured specification as this store shows it: "250 kg", or in en-US imperial first with the
 * metric value after, "551 lb (250 kg)", "5/32 in (4 mm)". `both` joins the two (a message).
 */
export function formatMeasure(value: number, unit: string | null, locale: string, both: (imperial: string, metric: string) => string): string {
  const metric = `${formatDecimal(value, locale, 1)}${unit ? ` ${unit}` : ''}`;
  const imperial = unit && showsImperialFirst(locale) ? imperialOf(value, unit, locale) : null;
  return imperial ? both(imperial, metric) : metric;
}
