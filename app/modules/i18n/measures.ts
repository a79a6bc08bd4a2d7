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
  return new Intl.NumberFormat(locale, { maximumFractionDigits: inches < 10 ? 2 : 1 }).format(inches);
}

/** The imperial equivalent of a metric amount, or null for a unit without one. */
export function imperialOf(value: number, unit: string, locale: string): string | null {
  const number = (digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
  switch (unit) {
    case 'kg': {
      const pounds = value * poundsPerKilogram;
      return `${number(pounds < 10 ? 1 : 0).format(pounds)} lb`;
    }
    case 'g': {
      const ounces = value * ouncesPerGram;
      return ounces >= 16 ? `${number(1).format(ounces / 16)} lb` : `${number(ounces < 1 ? 2 : 1).format(ounces)} oz`;
    }
    case 'mm':
      return `${formatInches(value / millimetresPerInch, locale)} in`;
    case 'cm':
      return `${formatInches(value / 2.54, locale)} in`;
    case 'm': {
      const feet = value / metresPerFoot;
      return `${number(feet < 10 ? 1 : 0).format(feet)} ft`;
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
  const metric = `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)}${unit ? ` ${unit}` : ''}`;
  const imperial = unit && showsImperialFirst(locale) ? imperialOf(value, unit, locale) : null;
  return imperial ? both(imperial, metric) : metric;
}
