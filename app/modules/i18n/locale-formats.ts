/**
 * Numbers, prices, plural forms, country and language names and dates as a locale writes them,
 * without starting the browser's ICU (decision 0040). Each kind of Intl object costs 20–60 ms of
 * one task the first time a page makes it (a phone: four times that), and hydration made five
 * kinds, each inside a component's render. The server derives a locale's formats from Intl once;
 * a storefront page's message file carries them (page-messages.server.ts), and the browser
 * remembers them before it hydrates. Server and browser then format with the same code and the
 * same data, so they cannot disagree either (their ICU versions may). Where nothing was remembered
 * (the back office) the browser derives them itself, as the server does.
 */
import { deliveryCountries } from '#app/modules/geography/delivery-countries.ts';
import { currencyDefinitions, storefronts } from './locales.ts';

/** What goes before and after the digits ("-£", "" / "", " €"). */
interface Affixes {
  prefix: string;
  suffix: string;
}

interface SignedAffixes {
  positive: Affixes;
  negative: Affixes;
}

type DatePart = { field: 'day' | 'month' | 'year' } | { literal: string };

export interface LocaleFormats {
  locale: string;
  decimal: string;
  group: string;
  /** 1 groups from 1,000 on; 2 from 10 000 on (Polish, Spanish). */
  minimumGroupingDigits: number;
  number: SignedAffixes;
  percent: SignedAffixes;
  currencies: Record<string, SignedAffixes & { digits: number }>;
  /** The plural category of 0…199, one letter each (z, o, t, f, m, x: zero, one, two, few, many, other), and of whole millions. */
  plurals: string;
  pluralOfMillions: string;
  /** Delivery countries' and stores' names, and their codes in the language's alphabetical order. */
  regions: Record<string, string>;
  regionOrder: string[];
  languages: Record<string, string>;
  /** `dateStyle: 'medium'`: the parts in order, the twelve month names, whether days have two digits. */
  mediumDate: { parts: DatePart[]; months: string[]; twoDigitDay: boolean };
}

const pluralLetters: Record<string, string> = { zero: 'z', one: 'o', two: 't', few: 'f', many: 'm', other: 'x' };
const pluralNames = Object.fromEntries(Object.entries(pluralLetters).map(([name, letter]) => [letter, name])) as Record<string, Intl.LDMLPluralRule>;

const numberPartTypes = new Set(['integer', 'group', 'decimal', 'fraction']);

function affixesOf(parts: Intl.NumberFormatPart[]): Affixes {
  const first = parts.findIndex((part) => numberPartTypes.has(part.type));
  const last = parts.findLastIndex((part) => numberPartTypes.has(part.type));
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return { prefix: text(0, first), suffix: text(last + 1, parts.length) };
}

const signedAffixesOf = (format: Intl.NumberFormat): SignedAffixes => ({
  positive: affixesOf(format.formatToParts(1234.5)),
  negative: affixesOf(format.formatToParts(-1234.5)),
});

/** A locale's formats, read from Intl (the server always; the browser when nothing was handed to it). */
export function deriveLocaleFormats(locale: string): LocaleFormats {
  const decimalFormat = new Intl.NumberFormat(locale);
  const partOf = (type: string) => decimalFormat.formatToParts(1234567.5).find((part) => part.type === type)?.value ?? '';
  const plurals = new Intl.PluralRules(locale);
  const regionNames = new Intl.DisplayNames([locale], { type: 'region' });
  const regionCodes = [...new Set([...deliveryCountries.map((country) => country.code), ...storefronts.flatMap((store) => store.countryCode ?? [])])];
  const regions = Object.fromEntries(regionCodes.map((code) => [code, regionNames.of(code) ?? code]));
  const languageNames = new Intl.DisplayNames([locale], { type: 'language' });
  const mediumDate = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    locale,
    decimal: partOf('decimal'),
    group: partOf('group'),
    minimumGroupingDigits: decimalFormat.format(1234).includes(partOf('group')) ? 1 : 2,
    number: signedAffixesOf(decimalFormat),
    percent: signedAffixesOf(new Intl.NumberFormat(locale, { style: 'percent' })),
    currencies: Object.fromEntries(
      currencyDefinitions.map(({ code }) => {
        const format = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
        return [code, { ...signedAffixesOf(format), digits: format.resolvedOptions().maximumFractionDigits ?? 2 }];
      }),
    ),
    plurals: Array.from({ length: 200 }, (_, count) => pluralLetters[plurals.select(count)]).join(''),
    pluralOfMillions: pluralLetters[plurals.select(1_000_000)] ?? 'x',
    regions,
    regionOrder: regionCodes.toSorted((a, b) => (regions[a] ?? a).localeCompare(regions[b] ?? b, locale)),
    languages: Object.fromEntries(storefronts.map(({ language }) => [language, languageNames.of(language) ?? language])),
    mediumDate: {
      parts: mediumDate
        .formatToParts(new Date(Date.UTC(2026, 0, 5)))
        .map((part) => (part.type === 'day' || part.type === 'month' || part.type === 'year' ? { field: part.type } : { literal: part.value })),
      months: Array.from(
        { length: 12 },
        (_, month) => mediumDate.formatToParts(new Date(Date.UTC(2026, month, 15))).find((part) => part.type === 'month')?.value ?? '',
      ),
      twoDigitDay: mediumDate.format(new Date(Date.UTC(2026, 0, 5))).includes('05'),
    },
  };
}

const known = new Map<string, LocaleFormats>();

/** The formats the server derived for this locale (the browser, from the page's message file). */
export function rememberLocaleFormats(formats: LocaleFormats) {
  known.set(formats.locale, formats);
}

export function localeFormats(locale: string): LocaleFormats {
  let formats = known.get(locale);
  if (!formats) known.set(locale, (formats = deriveLocaleFormats(locale)));
  return formats;
}

/** A number's exact decimal digits as JavaScript prints it (the shortest that reads back the same), without an exponent. */
function plainDecimal(value: number): string {
  const text = String(Math.abs(value));
  const exponent = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const [, lead = '', rest = '', power = '0'] = exponent;
  const digits = lead + rest;
  const point = 1 + Number(power);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  return digits.length <= point ? digits.padEnd(point, '0') : `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Rounds an unsigned decimal string half away from zero (as Intl does) and drops fraction zeros beyond `minimumDigits`. */
function roundDecimal(decimal: string, maximumDigits: number, minimumDigits: number): { integer: string; fraction: string } {
  const [integer = '0', fraction = ''] = decimal.split('.');
  let kept = integer + fraction.slice(0, maximumDigits).padEnd(maximumDigits, '0');
  if ((fraction[maximumDigits] ?? '0') >= '5') kept = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
  const whole = kept.slice(0, kept.length - maximumDigits).replace(/^0+(?=\d)/, '') || '0';
  let fractionDigits = kept.slice(kept.length - maximumDigits);
  while (fractionDigits.length > minimumDigits && fractionDigits.endsWith('0')) fractionDigits = fractionDigits.slice(0, -1);
  return { integer: whole, fraction: fractionDigits };
}

function grouped(integer: string, formats: LocaleFormats): string {
  if (integer.length < 3 + formats.minimumGroupingDigits) return integer;
  const groups: string[] = [];
  for (let end = integer.length; end > 0; end -= 3) groups.unshift(integer.slice(Math.max(0, end - 3), end));
  return groups.join(formats.group);
}

function formatDigits(
  decimal: string,
  negative: boolean,
  affixes: SignedAffixes,
  formats: LocaleFormats,
  maximumDigits: number,
  minimumDigits: number,
): string {
  const { integer, fraction } = roundDecimal(decimal, maximumDigits, minimumDigits);
  const { prefix, suffix } = negative ? affixes.negative : affixes.positive;
  return `${prefix}${grouped(integer, formats)}${fraction ? `${formats.decimal}${fraction}` : ''}${suffix}`;
}

/** Intl writes a minus for -0 too. */
const isNegative = (value: number) => value < 0 || Object.is(value, -0);

/** `new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value)`, without Intl. */
export function formatDecimal(value: number, locale: string, maximumFractionDigits = 3): string {
  const formats = localeFormats(locale);
  return formatDigits(plainDecimal(value), isNegative(value), formats.number, formats, maximumFractionDigits, 0);
}

/** `new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits }).format(ratio)`, without Intl. */
export function formatPercent(ratio: number, locale: string, maximumFractionDigits = 0): string {
  const formats = localeFormats(locale);
  const [integer = '0', fraction = ''] = plainDecimal(ratio).split('.');
  const shifted = `${integer}${fraction.padEnd(2, '0').slice(0, 2)}.${fraction.slice(2)}`;
  return formatDigits(shifted, isNegative(ratio), formats.percent, formats, maximumFractionDigits, 0);
}

/** An exact decimal amount ("-12.50") in a currency, as `Intl.NumberFormat`'s currency style writes it. */
export function formatCurrencyDecimal(decimal: string, currency: string, locale: string): string {
  const formats = localeFormats(locale);
  const style = formats.currencies[currency];
  if (!style) return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(decimal as unknown as number);
  const negative = decimal.startsWith('-');
  return formatDigits(negative ? decimal.slice(1) : decimal, negative, style, formats, style.digits, style.digits);
}

/** The CLDR plural category of a count (`Intl.PluralRules#select`); whole counts from the table, others from Intl. */
export function pluralCategory(count: number, locale: string): Intl.LDMLPluralRule {
  if (!Number.isInteger(count) || count < 0) return new Intl.PluralRules(locale).select(count);
  const { plurals, pluralOfMillions } = localeFormats(locale);
  // Above 199 a whole count's category follows its last two digits in every language the shop speaks, except whole millions.
  const letter = count < 200 ? plurals[count] : count % 1_000_000 === 0 ? pluralOfMillions : plurals[100 + (count % 100)];
  return pluralNames[letter ?? 'x'] ?? 'other';
}

/** A country's name in a language; the code when unknown. */
export function countryName(code: string, locale: string): string {
  return localeFormats(locale).regions[code] ?? new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
}

/** Country codes in the language's alphabetical order of their names. */
export const countriesInNameOrder = (locale: string): readonly string[] => localeFormats(locale).regionOrder;

export function languageName(language: string, locale: string): string {
  return localeFormats(locale).languages[language] ?? new Intl.DisplayNames([locale], { type: 'language' }).of(language) ?? language;
}

/** A day as `dateStyle: 'medium'` writes it, read in UTC ("5 Jan 2026", "05.01.2026"). */
export function formatMediumDate(date: Date, locale: string): string {
  const { parts, months, twoDigitDay } = localeFormats(locale).mediumDate;
  const day = String(date.getUTCDate());
  const fields = { day: twoDigitDay ? day.padStart(2, '0') : day, month: months[date.getUTCMonth()] ?? '', year: String(date.getUTCFullYear()) };
  return parts.map((part) => ('field' in part ? fields[part.field] : part.literal)).join('');
}
