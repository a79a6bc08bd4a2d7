/**
 * Builds the demo catalogue in memory, deterministically from a seed: categories, attributes,
 * products with their texts in every locale, variants, price tiers, stock, specifications,
 * swatch images, reviews and related products. load.ts writes the plan to the database.
 */
import type { AccessoryImageInput } from './drawing/accessory-image.ts';
import type { CordSwatchInput } from './drawing/cord-swatch.ts';
import { type LocaleCode, localeCodes } from '#app/modules/i18n/locales.ts';
import { accessoryFacetSpecs, cordFacetSpecs, facetAttributes, kitFacetSpecs } from './facet-values.ts';
import { accessoryTypes, type CordType, cordTypes, kitTypes } from './product-types.ts';
import { Random } from './random.ts';
import { slugify } from '#app/lib/text/slugify.ts';
import {
  attributeLabels,
  attributeValues,
  categories as categoryTexts,
  categoryPath,
  productTypes,
  reviewAuthors,
  reviewTexts,
  type ReviewTopic,
} from './vocabulary/catalogue-text.ts';
import { type BaseColour, baseColours, type PatternDefinition, patterns } from './vocabulary/colours.ts';
import { facetLabels, facetValues } from './vocabulary/facet-text.ts';
import type { CatalogueLanguage, Translated } from './vocabulary/languages.ts';

export type PerLocale<T> = Record<LocaleCode, T>;

export interface PlannedCategory {
  code: string;
  parentCode: string | null;
  level: number;
  position: number;
  showOnHome: boolean;
  texts: PerLocale<{ name: string; urlSegment: string; urlPath: string }>;
}

export interface PlannedOption {
  code: string;
  swatchHex?: string;
  sortValue?: number;
  labels: PerLocale<string>;
}

export interface PlannedAttribute {
  code: string;
  valueType: 'select' | 'number' | 'text';
  unit?: 'kg' | 'mm' | 'm' | 'g';
  isFilterable: boolean;
  isConfigurable: boolean;
  position: number;
  labels: PerLocale<string>;
  options: PlannedOption[];
}

export type PlannedSpec = { attribute: string; option: string } | { attribute: string; number: number } | { attribute: string; text: string };

export interface PlannedVariant {
  sku: string;
  priceCents: number;
  stock: number;
  weightGrams: number;
  options: Record<string, string>;
  tiers: { minQuantity: number; unitPriceCents: number }[];
}

export interface PlannedReview {
  locale: LocaleCode;
  author: string;
  rating: number;
  title: string;
  body: string;
  daysAgo: number;
}

export interface PlannedProduct {
  sku: string;
  kind: 'simple' | 'configurable';
  productType: string;
  hasSample: boolean;
  soldByLength: boolean;
  position: number;
  texts: PerLocale<{ name: string; urlKey: string; description: string; metaDescription: string }>;
  categoryCodes: string[];
  specs: PlannedSpec[];
  variants: PlannedVariant[];
  /** the first is the main image */
  imagePaths: string[];
  reviews: PlannedReview[];
  /** true for cord and rope sold by colour or pattern (the marketing claim counts these) */
  isCordOrRope: boolean;
  designCode: string;
}

/** A product picture the generator draws: a cord swatch or an accessory. */
export type PlannedImage = { drawing: 'cord'; input: CordSwatchInput } | { drawing: 'accessory'; input: AccessoryImageInput };

export interface CataloguePlan {
  categories: PlannedCategory[];
  attributes: PlannedAttribute[];
  products: PlannedProduct[];
  related: { sku: string; relatedSku: string; kind: 'bought_together' | 'most_viewed'; position: number }[];
  /** media path -> picture to draw there */
  images: Map<string, PlannedImage>;
}

export interface PlanOptions {
  seed?: number;
  /** the share of the cord designs to plan, at most 1 (tests use 0.1; larger catalogues are copies, see load.ts) */
  scale?: number;
}

/** The written language of each storefront: `en` shares British English with en-GB. */
export function catalogueLanguageOf(locale: LocaleCode): CatalogueLanguage {
  if (locale === 'en-US') return 'en-US';
  if (locale === 'en' || locale === 'en-GB') return 'en-GB';
  return locale.slice(0, 2) as CatalogueLanguage;
}

const perLocale = <T>(build: (locale: LocaleCode, language: CatalogueLanguage) => T): PerLocale<T> =>
  Object.fromEntries(localeCodes.map((locale) => [locale, build(locale, catalogueLanguageOf(locale))])) as PerLocale<T>;

const translatedPerLocale = (text: Translated): PerLocale<string> => perLocale((_, language) => text[language]);

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

const numberFormats = new Map<LocaleCode, Intl.NumberFormat>();
const formatNumber = (value: number, locale: LocaleCode) => {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })));
  return format.format(value);
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ---------------------------------------------------------------- designs

interface Design {
  code: string;
  pattern: PatternDefinition;
  colours: readonly BaseColour[];
}

function designName(design: Design, language: CatalogueLanguage): string {
  return fill(design.pattern.designName[language], {
    c1: design.colours[0]?.name[language] ?? '',
    c2: design.colours[1]?.name[language] ?? '',
  });
}

/**
 * All designs in a fixed order: solids first, then single-colour specials, then a shuffled
 * list of two-colour patterns, so that every cord type starts with the classics.
 */
function designPool(random: Random): { solids: Design[]; specials: Design[]; twoColour: Design[] } {
  const byCode = (code: string) => {
    const pattern = patterns.find((p) => p.code === code);
    if (!pattern) throw new Error(`unknown pattern ${code}`);
    return pattern;
  };
  const single = (patternCode: string) =>
    baseColours.map((c) => ({ code: patternCode === 'solid' ? c.code : `${patternCode}-${c.code}`, pattern: byCode(patternCode), colours: [c] }));
  const twoColour: Design[] = [];
  // Each pair of colours once per pattern; which of the two dominates is left to chance.
  for (const pattern of patterns.filter((p) => p.colourCount === 2)) {
    baseColours.forEach((first, index) => {
      for (const second of baseColours.slice(index + 1)) {
        const colours = random.chance(0.5) ? [first, second] : [second, first];
        twoColour.push({ code: `${pattern.code}-${colours[0]!.code}-${colours[1]!.code}`, pattern, colours });
      }
    });
  }
  return { solids: single('solid'), specials: [...single('reflective'), ...single('glow')], twoColour: random.shuffle(twoColour) };
}

// ---------------------------------------------------------------- attributes

const selectOptions = (codes: readonly string[]): PlannedOption[] =>
  codes.map((code) => {
    const text = attributeValues[code] ?? facetValues[code];
    if (!text) throw new Error(`no translation for attribute value ${code}`);
    return { code, labels: translatedPerLocale(text) };
  });

function lengthOptions(): PlannedOption[] {
  const metres = [...new Set(cordTypes.flatMap((t) => t.lengthsM))].sort((a, b) => a - b);
  return metres.map((m) => ({ code: `${m}m`, sortValue: m, labels: perLocale((locale) => `${formatNumber(m, locale)} m`) }));
}

/** paracord_type, other_cord_types and ppm_type: their options are the cord types, named as products. */
function typeAttributes(): Omit<PlannedAttribute, 'labels' | 'position'>[] {
  const codes = ['paracord_type', 'other_cord_types', 'ppm_type'] as const;
  return codes.map((code) => ({
    code,
    valueType: 'select',
    isFilterable: code === 'paracord_type',
    isConfigurable: false,
    options: cordTypes
      .filter((type) => type.typeAttribute === code)
      .map((type) => ({ code: type.code, labels: translatedPerLocale(productTypeText(type.code).name) })),
  }));
}

function buildAttributes(): PlannedAttribute[] {
  const label = (code: string) => {
    const text = attributeLabels[code] ?? facetLabels[code];
    if (!text) throw new Error(`no label for attribute ${code}`);
    return translatedPerLocale(text);
  };
  const accessoryOptions = new Map<string, PlannedOption[]>();
  for (const accessory of accessoryTypes) {
    const { attribute, values } = accessory.option;
    if (attribute === 'unit_type' || attribute === 'symbol_slide_beads') continue;
    const list = accessoryOptions.get(attribute) ?? [];
    for (const value of values) {
      if (!list.some((o) => o.code === value.code))
        list.push({
          code: value.code,
          sortValue: value.sortValue,
          labels: perLocale((locale) => value.label.replace(/^[\d.]+/, (n) => formatNumber(Number(n), locale))),
        });
    }
    accessoryOptions.set(
      attribute,
      list.sort((a, b) => (a.sortValue ?? 0) - (b.sortValue ?? 0)),
    );
  }
  const colourOptions = baseColours.map((c) => ({ code: c.code, swatchHex: c.hex, labels: translatedPerLocale(c.name) }));
  const slideBeadSymbols = accessoryTypes.find((a) => a.code === 'slide-bead')?.option.values.map((v) => v.code) ?? [];

  const definitions: Omit<PlannedAttribute, 'labels' | 'position'>[] = [
    { code: 'color', valueType: 'select', isFilterable: true, isConfigurable: false, options: colourOptions },
    { code: 'pattern_type', valueType: 'select', isFilterable: true, isConfigurable: false, options: selectOptions(patterns.map((p) => p.code)) },
    ...typeAttributes(),
    { code: 'rope_diameter', valueType: 'number', unit: 'mm', isFilterable: true, isConfigurable: false, options: [] },
    { code: 'breaking_strength', valueType: 'number', unit: 'kg', isFilterable: true, isConfigurable: false, options: [] },
    { code: 'number_of_strands', valueType: 'number', isFilterable: true, isConfigurable: false, options: [] },
    {
      code: 'rope_material',
      valueType: 'select',
      isFilterable: true,
      isConfigurable: false,
      options: selectOptions(['nylon', 'polyester', 'polypropylene', 'cotton', 'leather', 'biothane-coated-polyester']),
    },
    {
      code: 'rope_material_core',
      valueType: 'select',
      isFilterable: true,
      isConfigurable: false,
      options: selectOptions(['nylon', 'polyester', 'polypropylene', 'cotton', 'leather', 'natural-rubber']),
    },
    {
      code: 'rope_construction',
      valueType: 'select',
      isFilterable: true,
      isConfigurable: false,
      options: selectOptions(['kernmantle', 'braided-16-plait', 'braided-8-plait', 'twisted-3-strand', 'solid-braid']),
    },
    { code: 'max_continuous_length', valueType: 'number', unit: 'm', isFilterable: false, isConfigurable: false, options: [] },
    { code: 'weight', valueType: 'number', unit: 'g', isFilterable: false, isConfigurable: false, options: [] },
    { code: 'hs_tariff_number', valueType: 'text', isFilterable: false, isConfigurable: false, options: [] },
    {
      code: 'materiaal_soort_metalen',
      valueType: 'select',
      isFilterable: true,
      isConfigurable: false,
      options: selectOptions(['stainless-steel', 'brass', 'zinc-alloy', 'aluminium']),
    },
    {
      code: 'buckle_type',
      valueType: 'select',
      isFilterable: false,
      isConfigurable: false,
      options: selectOptions(['side-release', 'contoured', 'adjustable-shackle', 'cobra']),
    },
    { code: 'length_accessory', valueType: 'number', unit: 'mm', isFilterable: true, isConfigurable: false, options: [] },
    { code: 'length', valueType: 'select', isFilterable: false, isConfigurable: true, options: lengthOptions() },
    {
      code: 'unit_type',
      valueType: 'select',
      isFilterable: false,
      isConfigurable: true,
      options: selectOptions(['piece', 'pack-of-5', 'pack-of-10', 'pack-of-25', 'per-metre']),
    },
    { code: 'symbol_slide_beads', valueType: 'select', isFilterable: false, isConfigurable: true, options: selectOptions(slideBeadSymbols) },
    ...[...accessoryOptions].map(([code, options]) => ({
      code,
      valueType: 'select' as const,
      isFilterable: filterableSizeAttributes.has(code),
      isConfigurable: true,
      options,
    })),
    ...facetAttributes.map(({ optionCodes, ...definition }) => ({ ...definition, options: selectOptions(optionCodes) })),
  ];
  return definitions.map((definition, position) => ({ ...definition, position, labels: label(definition.code) }));
}

// ---------------------------------------------------------------- categories

/**
 * Spec §2: climbing rope per metre sits at the top level in English and Polish
 * (/climbing-rope-per-meter) and below other cord in the other languages.
 */
const topLevelPaths: Record<string, Partial<Record<CatalogueLanguage, string>>> = {
  'climbing-rope-per-meter': { 'en-US': 'climbing-rope-per-meter', 'en-GB': 'climbing-rope-per-meter', pl: 'climbing-rope-per-meter' },
};

/**
 * Spec §2 "Home-page category links": BioThane is linked through its own page
 * (/webbing-biothane/biothane), and other cord is reached through the menu only.
 */
const homeCategoryCodes = new Set([
  'paracord',
  'paracord-accessory',
  'biothane',
  'diy-kits',
  'dog-leash-rope',
  'leather-products',
  'new-arrivals',
  'ppm',
  'paracord-diy-tools',
]);

function buildCategories(): PlannedCategory[] {
  const byCode = new Map(categoryTexts.map((c) => [c.code, c]));
  const levelOf = (code: string): number => {
    const parent = byCode.get(code)?.parent;
    return parent ? levelOf(parent) + 1 : 1;
  };
  return categoryTexts.map((category) => ({
    code: category.code,
    parentCode: category.parent,
    level: levelOf(category.code),
    position: category.position,
    showOnHome: homeCategoryCodes.has(category.code),
    texts: perLocale((_, language) => ({
      name: category.name[language],
      urlSegment: category.urlSegment[language],
      urlPath: topLevelPaths[category.code]?.[language] ?? categoryPath(category.code, language).slice(1),
    })),
  }));
}

function ancestorsAndSelf(code: string): string[] {
  const category = categoryTexts.find((c) => c.code === code);
  if (!category) throw new Error(`unknown category ${code}`);
  return category.parent ? [...ancestorsAndSelf(category.parent), code] : [code];
}

// ---------------------------------------------------------------- products

/** Quantity breaks with their saving: 5+ saves 5 %, 10+ 10 %, 25+ 15 %. */
function priceTiers(unitCents: number) {
  return [
    { minQuantity: 5, percent: 5 },
    { minQuantity: 10, percent: 10 },
    { minQuantity: 25, percent: 15 },
  ].map(({ minQuantity, percent }) => ({ minQuantity, unitPriceCents: Math.round((unitCents * (100 - percent)) / 100) }));
}

/** Longer lengths cost less per metre; prices end in 9 like a real shop's. */
function lengthPriceCents(centsPerMetre: number, metres: number): number {
  const volumeFactor = metres >= 100 ? 0.62 : metres >= 50 ? 0.7 : metres >= 30 ? 0.78 : metres >= 15 ? 0.86 : metres >= 10 ? 0.92 : 1;
  const raw = centsPerMetre * metres * volumeFactor;
  return Math.max(99, Math.round(raw / 10) * 10 + 9);
}

function stockLevel(random: Random, productOutOfStock: boolean): number {
  if (productOutOfStock || random.chance(0.06)) return 0;
  return random.int(3, 600);
}

/** Reviews written in any store's language, about what this kind of product is (topics besides 'any'). */
/** Accessories that clip or lock, which reviews about buckles and snap hooks fit. */
const clipAccessories = new Set(['side-release-buckle', 'snap-hook', 'carabiner', 'split-ring']);

function reviewsFor(random: Random, count: number, topics: ReviewTopic[]): PlannedReview[] {
  const reviews: PlannedReview[] = [];
  for (let i = 0; i < count; i++) {
    const locale = random.pick(localeCodes);
    const language = catalogueLanguageOf(locale);
    const text = random.pick(reviewTexts[language].filter((candidate) => candidate.topic === 'any' || topics.includes(candidate.topic)));
    reviews.push({
      locale,
      author: random.pick(reviewAuthors[language]),
      rating: text.rating,
      title: text.title,
      body: text.body,
      daysAgo: random.int(2, 900),
    });
  }
  return reviews;
}

function productTypeText(code: string) {
  const text = productTypes.find((t) => t.code === code);
  if (!text) throw new Error(`no texts for product type ${code}`);
  return text;
}

const filterableSizeAttributes = new Set(['feed_through_size', 'strap_width']);

const designCategory: Record<string, string> = { solid: 'solid-colours', reflective: 'reflective', glow: 'glow-in-the-dark' };

export function planCatalogue({ seed = 20261122, scale = 1 }: PlanOptions = {}): CataloguePlan {
  if (scale > 1) throw new Error('the plan covers at most the whole catalogue (scale 1); loadDemoCatalogue copies it for more');
  const random = new Random(seed);
  const pool = designPool(random);
  const products: PlannedProduct[] = [];
  const images = new Map<string, PlannedImage>();
  const usedUrlKeys = perLocale(() => new Set<string>());
  let position = 0;

  const uniqueUrlKey = (locale: LocaleCode, name: string, sku: string) => {
    let key = slugify(name);
    if (usedUrlKeys[locale].has(key)) key = `${key}-${slugify(sku)}`;
    usedUrlKeys[locale].add(key);
    return key;
  };

  const designsFor = (type: CordType, count: number, offset: number): Design[] => {
    const singles = type.patterns === 'all' ? [...pool.solids, ...pool.specials] : pool.solids;
    const chosen = singles.slice(0, Math.min(count, singles.length));
    if (type.patterns === 'solid') {
      while (chosen.length < count) chosen.push(pool.solids[chosen.length % pool.solids.length] as Design);
      return chosen;
    }
    for (let i = 0; chosen.length < count; i++) chosen.push(pool.twoColour[(offset + i) % pool.twoColour.length] as Design);
    return chosen;
  };

  let twoColourOffset = 0;
  for (const type of cordTypes) {
    const text = productTypeText(type.code);
    const count = Math.round(type.designCount * scale);
    const designs = designsFor(type, count, twoColourOffset);
    // The next cord type shares a tenth of this one's two-colour designs, as real ranges overlap.
    twoColourOffset += Math.round(designs.filter((d) => d.colours.length === 2).length * 0.9);
    designs.forEach((design, index) => {
      const sku = `${type.skuPrefix}-${String(index + 1).padStart(4, '0')}`;
      const colours = design.colours.map((c) => c.hex);
      const imagePath = `swatches/${type.swatchKind}/${design.code}.svg`;
      images.set(imagePath, { drawing: 'cord', input: { colours, pattern: design.pattern.code, seed: index + 1, kind: type.swatchKind } });
      // A second picture: a close-up (thick strands) of cord, a wider view of rope.
      const detailKind = type.swatchKind === 'cord' ? 'rope' : type.swatchKind === 'rope' ? 'cord' : 'flat';
      const detailPath = `swatches/${type.swatchKind}/${design.code}-detail.svg`;
      images.set(detailPath, { drawing: 'cord', input: { colours, pattern: design.pattern.code, seed: index + 7919, kind: detailKind } });
      const productOutOfStock = random.chance(0.03);
      const texts = perLocale((locale, language) => {
        const designLabel = designName(design, language);
        const name = `${text.name[language]} – ${designLabel}`;
        const description = fill(text.description[language], {
          design: designLabel,
          diameter: `${formatNumber(type.diameterMm, locale)} mm`,
          strength: `${formatNumber(type.breakingStrengthKg, locale)} kg`,
        });
        return { name, urlKey: uniqueUrlKey(locale, name, sku), description: `<p>${escapeHtml(description)}</p>`, metaDescription: description.slice(0, 155) };
      });
      const variants: PlannedVariant[] =
        type.lengthsM.length > 0
          ? type.lengthsM.map((metres) => {
              const priceCents = lengthPriceCents(type.centsPerMetre, metres);
              return {
                sku: `${sku}-${metres}M`,
                priceCents,
                stock: stockLevel(random, productOutOfStock),
                weightGrams: Math.max(1, Math.round(type.gramsPerMetre * metres)),
                options: { length: `${metres}m` },
                tiers: priceTiers(priceCents),
              };
            })
          : [
              {
                sku: `${sku}-PM`,
                priceCents: type.centsPerMetre,
                stock: productOutOfStock ? 0 : random.int(50, type.maxContinuousLengthM * 4),
                weightGrams: type.gramsPerMetre,
                options: { unit_type: 'per-metre' },
                tiers: priceTiers(type.centsPerMetre),
              },
            ];
      const specs: PlannedSpec[] = [
        ...design.colours.map((c) => ({ attribute: 'color', option: c.code })),
        { attribute: 'pattern_type', option: design.pattern.code },
        { attribute: 'rope_diameter', number: type.diameterMm },
        { attribute: 'breaking_strength', number: type.breakingStrengthKg },
        ...(type.strands > 0 ? [{ attribute: 'number_of_strands', number: type.strands }] : []),
        { attribute: 'rope_material', option: type.material },
        { attribute: 'rope_material_core', option: type.coreMaterial },
        { attribute: 'rope_construction', option: type.construction },
        { attribute: 'max_continuous_length', number: type.maxContinuousLengthM },
        { attribute: 'weight', number: type.gramsPerMetre },
        { attribute: 'hs_tariff_number', text: type.hsTariffNumber },
        ...(type.typeAttribute ? [{ attribute: type.typeAttribute, option: type.code }] : []),
        ...cordFacetSpecs(type.code, design.pattern.code, index),
      ];
      const categoryCodes = new Set(ancestorsAndSelf(text.category));
      const patternCategory = designCategory[design.pattern.code] ?? 'patterns';
      if (type.code.startsWith('paracord-')) ancestorsAndSelf(patternCategory).forEach((c) => categoryCodes.add(c));
      products.push({
        sku,
        kind: 'configurable',
        productType: type.code,
        hasSample: type.hasSample,
        soldByLength: type.lengthsM.length === 0,
        position: position++,
        texts,
        categoryCodes: [...categoryCodes],
        specs,
        variants,
        imagePaths: [imagePath, detailPath],
        reviews: reviewsFor(
          random,
          random.chance(0.45) ? random.int(1, 6) : 0,
          categoryCodes.has('reflective') || categoryCodes.has('glow-in-the-dark') ? ['cord', 'glow'] : ['cord'],
        ),
        isCordOrRope: type.code !== 'biothane-webbing' && type.code !== 'leather-cord',
        designCode: design.code,
      });
    });
  }

  for (const accessory of accessoryTypes) {
    const text = productTypeText(accessory.code);
    accessory.colours.forEach((colourCode, index) => {
      const colour = baseColours.find((c) => c.code === colourCode);
      if (!colour) throw new Error(`unknown colour ${colourCode}`);
      const sku = `${accessory.skuPrefix}-${String(index + 1).padStart(3, '0')}`;
      const imagePath = `accessories/${accessory.code}/${colour.code}.svg`;
      const finish = accessory.metal ? 'metal' : accessory.code === 'leather-strap' ? 'leather' : 'plastic';
      images.set(imagePath, { drawing: 'accessory', input: { shape: accessory.code, colour: colour.hex, finish, seed: index + 1 } });
      const texts = perLocale((locale, language) => {
        const name = `${text.name[language]} – ${colour.name[language]}`;
        const description = fill(text.description[language], { design: colour.name[language], diameter: '', strength: '' });
        return { name, urlKey: uniqueUrlKey(locale, name, sku), description: `<p>${escapeHtml(description)}</p>`, metaDescription: description.slice(0, 155) };
      });
      const variants = accessory.option.values.map((value, step) => {
        const priceCents = accessory.baseCents + step * accessory.stepCents;
        return {
          sku: `${sku}-${value.code.toUpperCase()}`,
          priceCents,
          stock: stockLevel(random, false),
          weightGrams: accessory.weightGrams,
          options: { [accessory.option.attribute]: value.code },
          tiers: priceTiers(priceCents),
        };
      });
      products.push({
        sku,
        kind: variants.length > 1 ? 'configurable' : 'simple',
        productType: accessory.code,
        hasSample: false,
        soldByLength: false,
        position: position++,
        texts,
        categoryCodes: ancestorsAndSelf(text.category),
        specs: [
          { attribute: 'color', option: colour.code },
          ...(accessory.metal ? [{ attribute: 'materiaal_soort_metalen', option: accessory.metal }] : []),
          ...(accessory.buckleType ? [{ attribute: 'buckle_type', option: accessory.buckleType }] : []),
          ...(accessory.lengthMm ? [{ attribute: 'length_accessory', number: accessory.lengthMm }] : []),
          { attribute: 'weight', number: accessory.weightGrams },
          { attribute: 'hs_tariff_number', text: accessory.hsTariffNumber },
          // Sizes that are filters (feed-through size, strap width) are also specifications.
          ...(filterableSizeAttributes.has(accessory.option.attribute)
            ? accessory.option.values.map((value) => ({ attribute: accessory.option.attribute, option: value.code }))
            : []),
          ...accessoryFacetSpecs(accessory.code, index),
        ],
        variants,
        imagePaths: [imagePath],
        reviews: reviewsFor(random, random.chance(0.3) ? random.int(1, 4) : 0, clipAccessories.has(accessory.code) ? ['clip'] : []),
        isCordOrRope: false,
        designCode: colour.code,
      });
    });
  }

  for (const kit of kitTypes) {
    const text = productTypeText(kit.code);
    pool.twoColour
      .filter((d) => d.pattern.code === 'stripes')
      .slice(0, kit.designCount)
      .forEach((design, index) => {
        const sku = `${kit.skuPrefix}-${String(index + 1).padStart(3, '0')}`;
        const imagePath = `accessories/${kit.code}/${design.code}.svg`;
        images.set(imagePath, {
          drawing: 'accessory',
          input: { shape: 'kit', colour: design.colours[0]?.hex ?? '#000000', finish: 'plastic', seed: index + 1 },
        });
        const texts = perLocale((locale, language) => {
          const designLabel = designName(design, language);
          const name = `${text.name[language]} – ${designLabel}`;
          const description = fill(text.description[language], { design: designLabel, diameter: '4 mm', strength: '250 kg' });
          return {
            name,
            urlKey: uniqueUrlKey(locale, name, sku),
            description: `<p>${escapeHtml(description)}</p>`,
            metaDescription: description.slice(0, 155),
          };
        });
        products.push({
          sku,
          kind: 'simple',
          productType: kit.code,
          hasSample: false,
          soldByLength: false,
          position: position++,
          texts,
          categoryCodes: ancestorsAndSelf(text.category),
          specs: [
            ...design.colours.map((c) => ({ attribute: 'color', option: c.code })),
            { attribute: 'weight', number: kit.weightGrams },
            ...kitFacetSpecs(kit.code, index),
          ],
          variants: [
            {
              sku: `${sku}-KIT`,
              priceCents: kit.cents,
              stock: stockLevel(random, false),
              weightGrams: kit.weightGrams,
              options: { unit_type: 'piece' },
              tiers: priceTiers(kit.cents),
            },
          ],
          imagePaths: [imagePath],
          reviews: reviewsFor(random, random.chance(0.5) ? random.int(1, 5) : 0, ['kit']),
          isCordOrRope: false,
          designCode: design.code,
        });
      });
  }

  // The home page banner: a close-up of camouflage rope.
  images.set('banners/home.svg', { drawing: 'cord', input: { colours: ['#4b5320', '#c2a878'], pattern: 'camo', seed: 7, kind: 'rope' } });

  // The newest 48 cords are the new arrivals.
  for (const product of products.filter((p) => p.isCordOrRope).slice(-48)) product.categoryCodes.push('new-arrivals');

  return { categories: buildCategories(), attributes: buildAttributes(), products, related: relatedProducts(random, products), images };
}

/** Accessories and tools to go with each cord, and other colours of the same cord. */
function relatedProducts(random: Random, products: PlannedProduct[]): CataloguePlan['related'] {
  const accessories = products.filter((p) => !p.isCordOrRope);
  const byType = new Map<string, PlannedProduct[]>();
  for (const product of products) byType.set(product.productType, [...(byType.get(product.productType) ?? []), product]);
  const related: CataloguePlan['related'] = [];
  for (const product of products) {
    pickDistinct(random, accessories, product, 4).forEach((other, position) =>
      related.push({ sku: product.sku, relatedSku: other.sku, kind: 'bought_together', position }),
    );
    pickDistinct(random, byType.get(product.productType) ?? [], product, 4).forEach((other, position) =>
      related.push({ sku: product.sku, relatedSku: other.sku, kind: 'most_viewed', position }),
    );
  }
  return related;
}

/** Up to `count` different items, never `except`; O(count) so it stays fast at large scales. */
function pickDistinct<T>(random: Random, items: readonly T[], except: T, count: number): T[] {
  const chosen = new Set<T>();
  for (let attempts = 0; chosen.size < Math.min(count, items.length - 1) && attempts < count * 10; attempts++) {
    const item = random.pick(items);
    if (item !== except) chosen.add(item);
  }
  return [...chosen];
}
