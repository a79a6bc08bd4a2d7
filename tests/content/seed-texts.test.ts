import { describe, expect, it } from 'vitest';
import { contentPageCodes } from '#app/modules/content/information-pages.ts';
import { seedBanners, seedTexts } from '#app/modules/content/seed-content.server.ts';
import { seedLanguages } from '#app/modules/seed-texts/seed-texts.server.ts';

// Each language file having en.json's structure is checked with the FAQ's and the blog's
// (app/modules/seed-texts/seed-texts.server.test.ts); here, what is particular to content pages.
const tokens = (html: string) => [...html.matchAll(/\{\{[\w:]+\}\}/g)].map((match) => match[0]).sort();

describe('seed texts (en.json)', () => {
  const english = seedTexts('en');

  it('has every content page and every banner', () => {
    expect(Object.keys(english.pages).sort()).toEqual([...contentPageCodes].sort());
    expect(Object.keys(english.banners).sort()).toEqual(seedBanners.map((banner) => banner.code).sort());
  });

  it('never retypes what the shop computes: no prices, VAT rates or cookie names in the bodies', () => {
    for (const [code, page] of Object.entries(english.pages)) {
      const body = page.body.join('\n');
      expect(body, code).not.toMatch(/(€|EUR)\s?\d|\d\s?(€|EUR)|\d+\s?% (VAT|BTW)/i);
      expect(body, code).not.toMatch(/\b(vat_display|csrf)\b/);
    }
  });
});

describe.each(seedLanguages.filter((language) => language !== 'en'))('seed texts (%s.json)', (language) => {
  it('keeps the computed parts of every body block of en.json', () => {
    const english = seedTexts('en');
    const translated = seedTexts(language);
    for (const [code, page] of Object.entries(english.pages)) {
      page.body.forEach((block, index) => expect(tokens(translated.pages[code]!.body[index]!), `${code}.body[${index}]`).toEqual(tokens(block)));
    }
  });
});
