import { describe, expect, it } from 'vitest';
import { localeCodes } from '#app/modules/i18n/locales.ts';
import { catalogueLanguageOf, planCatalogue } from './catalogue-plan.ts';
import { cordTypes } from './product-types.ts';
import { reviewTexts } from './vocabulary/catalogue-text.ts';

const plan = planCatalogue();

describe('the demo catalogue plan', () => {
  it('is the same for the same seed and different for another', () => {
    const again = planCatalogue();
    expect(again.products.map((p) => [p.sku, p.texts['de-DE'].name, p.variants.map((v) => [v.priceCents, v.stock])])).toEqual(
      plan.products.map((p) => [p.sku, p.texts['de-DE'].name, p.variants.map((v) => [v.priceCents, v.stock])]),
    );
    const other = planCatalogue({ seed: 7 });
    expect(other.products.map((p) => p.variants[0]?.stock)).not.toEqual(plan.products.map((p) => p.variants[0]?.stock));
  });

  it('carries at least 3,500 cord and rope products in at least 2,000 distinct colours and patterns', () => {
    const cords = plan.products.filter((p) => p.isCordOrRope);
    expect(cords.length).toBeGreaterThanOrEqual(3500);
    const designs = new Set(
      cords.map((p) => {
        const colours = p.specs.flatMap((s) => (s.attribute === 'color' && 'option' in s ? [s.option] : [])).sort();
        const pattern = p.specs.find((s) => s.attribute === 'pattern_type');
        return `${pattern && 'option' in pattern ? pattern.option : ''}:${colours.join('+')}`;
      }),
    );
    expect(designs.size).toBeGreaterThanOrEqual(2000);
  });

  it('sells accessories, leather, BioThane, kits and tools too', () => {
    const types = new Set(plan.products.map((p) => p.productType));
    for (const type of [
      'side-release-buckle',
      'snap-hook',
      'double-cap-rivet',
      'chicago-screw',
      'slide-bead',
      'leather-cord',
      'leather-strap',
      'biothane-webbing',
      'bracelet-kit',
      'paracord-needle',
      'fid',
    ]) {
      expect(types).toContain(type);
    }
  });

  it('gives every product a unique SKU and, per locale, a unique URL key', () => {
    expect(new Set(plan.products.map((p) => p.sku)).size).toBe(plan.products.length);
    for (const locale of localeCodes) {
      const keys = plan.products.map((p) => p.texts[locale].urlKey);
      expect(new Set(keys).size, locale).toBe(keys.length);
      for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('writes names really translated, with American and British spelling apart', () => {
    const paracord = plan.products.find((p) => p.sku === 'PC550-0001');
    expect(paracord).toBeDefined();
    const names = localeCodes.map((locale) => paracord!.texts[locale].name);
    expect(new Set(names).size).toBeGreaterThanOrEqual(8);
    const grey = plan.products.find((p) => p.productType === 'paracord-550' && p.designCode === 'charcoal-grey');
    expect(grey?.texts['en-US'].name).toContain('Gray');
    expect(grey?.texts['en-GB'].name).toContain('Grey');
    expect(grey?.texts.en.name).toBe(grey?.texts['en-GB'].name);
    const germanDescriptions = plan.products.slice(0, 50).filter((p) => p.texts['de-DE'].description === p.texts['en-GB'].description);
    expect(germanDescriptions).toHaveLength(0);
  });

  it('prices in integer cents with tiers that save 5, 10 and 15 percent', () => {
    for (const product of plan.products) {
      for (const variant of product.variants) {
        expect(Number.isSafeInteger(variant.priceCents)).toBe(true);
        expect(variant.priceCents).toBeGreaterThan(0);
        expect(variant.tiers.map((t) => t.minQuantity)).toEqual([5, 10, 25]);
        for (const tier of variant.tiers) expect(tier.unitPriceCents).toBeLessThan(variant.priceCents);
      }
    }
  });

  it('has out-of-stock variants, products sold per metre and products with samples', () => {
    const variants = plan.products.flatMap((p) => p.variants);
    expect(variants.some((v) => v.stock === 0)).toBe(true);
    expect(variants.filter((v) => v.stock > 0).length / variants.length).toBeGreaterThan(0.85);
    expect(plan.products.some((p) => p.soldByLength && p.productType === 'climbing-rope')).toBe(true);
    expect(plan.products.some((p) => p.hasSample)).toBe(true);
  });

  it('lays out the category paths of spec §2 per locale', () => {
    const path = (code: string, locale: (typeof localeCodes)[number]) => plan.categories.find((c) => c.code === code)?.texts[locale].urlPath;
    expect(path('other-cord', 'en-US')).toBe('other-cord');
    expect(path('other-cord', 'nl-NL')).toBe('overig-touw');
    expect(path('other-cord', 'sv-SE')).toBe('overig-touw');
    expect(path('other-cord', 'de-DE')).toBe('anderes-seil');
    expect(path('other-cord', 'fr-FR')).toBe('autre-corde');
    expect(path('paracord-accessory', 'en')).toBe('paracord-accessory');
    expect(path('paracord-accessory', 'nl-NL')).toBe('paracord-accessoires');
    expect(path('paracord-accessory', 'fr-FR')).toBe('paracord-accessoires');
    expect(path('climbing-rope-per-meter', 'en-US')).toBe('climbing-rope-per-meter');
    expect(path('climbing-rope-per-meter', 'en')).toBe('climbing-rope-per-meter');
    expect(path('climbing-rope-per-meter', 'nl-NL')).toBe('overig-touw/klimtouw-per-meter');
    expect(path('climbing-rope-per-meter', 'de-DE')).toBe('anderes-seil/kletterseile-pro-meter');
    expect(path('climbing-rope-per-meter', 'fr-FR')).toBe('autre-corde/corde-escalade-par-metre');
    expect(path('climbing-rope-per-meter', 'da-DK')).toBe('other-cord/climbing-rope-per-meter');
    expect(path('climbing-rope-per-meter', 'sv-SE')).toBe('overig-touw/climbing-rope-per-meter');
    expect(path('biothane', 'en-US')).toBe('webbing-biothane/biothane');
    expect(path('diy-kits', 'de-DE')).toBe('diy-sets');
    expect(path('new-arrivals', 'nl-NL')).toBe('nieuw-binnengekomen');
    expect(path('dog-leash-rope', 'es-ES')).toBe('correa-de-perro');
    expect(path('diy-kits', 'it-IT')).toBe('kit-fai-da-te');
    expect(path('dog-leash-rope', 'sv-SE')).toBe('hundkoppel-rep');
    expect(path('leather-products', 'it-IT')).toBe('leather-products-deze-url-is-uniek');
  });

  it('writes each review about the kind of product it belongs to', () => {
    const cordCodes = new Set(cordTypes.map((type) => type.code));
    let checked = 0;
    for (const product of plan.products) {
      for (const review of product.reviews) {
        const topic = reviewTexts[catalogueLanguageOf(review.locale)].find((text) => text.title === review.title)?.topic;
        const fits = {
          any: true,
          cord: cordCodes.has(product.productType),
          glow: product.categoryCodes.includes('reflective') || product.categoryCodes.includes('glow-in-the-dark'),
          clip: ['side-release-buckle', 'snap-hook', 'carabiner', 'split-ring'].includes(product.productType),
          kit: product.productType.endsWith('-kit'),
        };
        expect(topic && fits[topic], `${product.productType}: ${review.title}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('links the home page to the categories of spec §2', () => {
    const homePaths = plan.categories.filter((c) => c.showOnHome).map((c) => `/${c.texts['en-US'].urlPath}`);
    expect(homePaths.sort()).toEqual(
      [
        '/paracord-accessory',
        '/webbing-biothane/biothane',
        '/diy-kits',
        '/dog-leash-rope',
        '/leather-products',
        '/new-arrivals',
        '/paracord',
        '/ppm',
        '/paracord-diy-tools',
      ].sort(),
    );
  });

  it('plans at most the whole catalogue: larger ones are copies the database makes (load.test.ts)', () => {
    expect(() => planCatalogue({ scale: 2 })).toThrow(/at most/);
  });
});
